import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { SubmitForm } from '../../../components/submit-form';
import { settingsText } from '../messages';

/** A settings form saved as a whole: its fields, then one save button (busy while `saving`). */
export function SaveForm({ onSubmit, saving, children }: { onSubmit: () => void; saving: boolean; children: ReactNode }) {
  return (
    <SubmitForm onSubmit={onSubmit}>
      <Stack gap="md">
        {children}
        <Group>
          <Button type="submit" loading={saving}>
            {settingsText('settings.save')}
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}
