import { MESSAGES, errorText } from '@portal/contract';
import { applyServerErrors, type FieldErrors } from '../../../lib/form';
import { useSystemStore } from '../../../store/system-store';

/** The one way a settings form reports a failed save: field errors under their fields, anything else in the error modal. */
export function useSaveFailed(form: { setErrors: (errors: FieldErrors) => void }) {
  const showError = useSystemStore((s) => s.showError);
  return (e: Error) => {
    if (!applyServerErrors(form, e)) showError(errorText(e, MESSAGES.commonError));
  };
}
