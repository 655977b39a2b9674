import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SubmitForm } from '../../../components/submit-form';
import { settingsText } from '../messages';

/** The card in which one address, weekly slot or payment method is added or edited. */
export function EditorCard({
  title,
  saving,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  saving: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <SubmitForm onSubmit={onSubmit}>
        <Stack gap="md">
          <Title order={3} size="h5">
            {title}
          </Title>
          {children}
          <Group gap="sm">
            <Button type="submit" loading={saving}>
              {settingsText('settings.save')}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {settingsText('settings.addresses.cancel')}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Paper>
  );
}
