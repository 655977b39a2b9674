import { Alert, Button, Group } from '@mantine/core';
import { errorText } from '@portal/contract';
import { isApiError } from '../lib/api-client';
import { serverFieldErrors } from '../lib/form';

/**
 * The end of an editing form: why the save failed, then save and cancel. Field errors are shown under
 * their fields; anything else (a server or network failure) is said here, under `failedTitle`.
 */
export function FormActions({
  save,
  saveLabel,
  failedTitle,
  cancelLabel,
  onCancel,
  disabled,
  describedBy,
}: {
  /** The save's mutation: pending while it runs, its error once it failed. */
  save: { isPending: boolean; isError: boolean; error: unknown };
  saveLabel: string;
  failedTitle: string;
  cancelLabel: string;
  onCancel: () => void;
  disabled?: boolean;
  /** The id of what says why saving is disabled. */
  describedBy?: string;
}) {
  const generalError = save.isError && !serverFieldErrors(save.error) ? errorText(isApiError(save.error) ? save.error : null) : null;
  return (
    <>
      {generalError && (
        <Alert color="red" variant="light" c="dark.8" role="alert" title={failedTitle}>
          {generalError}
        </Alert>
      )}
      <Group gap="sm">
        <Button type="submit" loading={save.isPending} disabled={disabled} aria-describedby={describedBy}>
          {saveLabel}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </Group>
    </>
  );
}
