import { MESSAGES, errorText } from '@portal/contract';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useSystemStore } from '../../../store/system-store';

/** The first message per field of a 400 answer, or null when the error is of another kind. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!isApiError(error) || error.status !== 400 || !error.fieldErrors) return null;
  return Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
}

export const hasErrors = (errors: Record<string, string | null | undefined>) => Object.values(errors).some(Boolean);

/**
 * What the server said about a form's fields, and the one way a settings form reports a failed
 * save: field errors under their fields, anything else in the error modal.
 */
export function useServerErrors() {
  const [server, setServer] = useState<Record<string, string>>({});
  const showError = useSystemStore((s) => s.showError);
  return {
    server,
    setServer,
    /** The user changed the field: the server's word on it no longer applies. */
    clear: (field: string) => setServer(({ [field]: _drop, ...rest }) => rest),
    onError: (e: Error) => {
      const fields = serverFieldErrors(e);
      if (fields) setServer(fields);
      else showError(errorText(e, MESSAGES.commonError));
    },
  };
}
