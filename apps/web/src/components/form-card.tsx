import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { errorText } from '@portal/contract';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api-client';
import { serverFieldErrors } from '../lib/form';
import { SubmitForm } from './submit-form';

/**
 * The card in which one thing (a discount code, a warehouse) is added or edited: its title, its
 * fields, why the save failed, then save and cancel. Field errors are shown under their fields;
 * anything else (a server or network failure) is said at the end, under `failedTitle`.
 */
export function FormCard({
  id,
  title,
  onSubmit,
  save,
  saveLabel,
  failedTitle,
  cancelLabel,
  onCancel,
  disabled,
  describedBy,
  children,
}: {
  /** Prefixes the title's id, which names the card. */
  id: string;
  title: string;
  onSubmit: () => void;
  /** The save's mutation: pending while it runs, its error once it failed. */
  save: { isPending: boolean; isError: boolean; error: unknown };
  saveLabel: string;
  failedTitle: string;
  cancelLabel: string;
  onCancel: () => void;
  disabled?: boolean;
  /** The id of what says why saving is disabled. */
  describedBy?: string;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  const generalError = save.isError && !serverFieldErrors(save.error) ? errorText(isApiError(save.error) ? save.error : null) : null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId} maw={820}>
      <SubmitForm onSubmit={onSubmit}>
        <Stack gap="md">
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {children}
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
        </Stack>
      </SubmitForm>
    </Paper>
  );
}
