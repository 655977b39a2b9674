import { Button, Group, Stack, Text, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { MESSAGES, errorText, type Availability } from '@portal/contract';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { SlotFields, describeSlot, slotErrors, type SlotErrors, type SlotValues } from '../../../components/practice/slot-fields';
import { useSystemStore } from '../../../store/system-store';
import { useAddSlot } from '../api/add-slot';
import { useDeleteSlot } from '../api/delete-slot';
import { useAvailability } from '../api/get-availability';
import { useUpdateSlot } from '../api/update-slot';
import { hasErrors, useServerErrors } from './field-errors';
import { practiceText } from '../../../components/practice/messages';
import { settingsText } from '../messages';
import { EditorCard } from './editor-card';

/** The practice's weekly slots: add, edit, remove. */
export function AvailabilitySection() {
  const slots = useAvailability();
  const remove = useDeleteSlot();
  const showError = useSystemStore((s) => s.showError);
  const [editing, setEditing] = useState<string | 'new' | null>(null);

  if (slots.isPending) return <PageLoader />;
  if (slots.isError) return <Text>{errorText(slots.error, MESSAGES.commonError)}</Text>;

  return (
    <Stack gap="md" maw={760}>
      <Text size="sm">{practiceText('practice.availability.hint')}</Text>
      {slots.data.length === 0 && editing !== 'new' && <Text>{practiceText('practice.availability.empty')}</Text>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {slots.data.map((s: Availability) =>
          editing === s.id ? (
            <li key={s.id}>
              <SlotForm title={settingsText('settings.availability.editTitle')} initial={s} id={s.id} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <Paper key={s.id} component="li" withBorder radius="md" px="md" py="xs">
              <Group justify="space-between">
                <Text>{describeSlot(s)}</Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => setEditing(s.id)}
                    aria-label={settingsText('settings.availability.edit', { slot: describeSlot(s) })}
                  >
                    {settingsText('settings.addresses.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    loading={remove.isPending && remove.variables === s.id}
                    onClick={() => remove.mutate(s.id, { onError: (e) => showError(errorText(e, MESSAGES.commonError)) })}
                    aria-label={practiceText('practice.availability.remove', { slot: describeSlot(s) })}
                  >
                    {settingsText('settings.availability.remove')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ),
        )}
      </Stack>
      {editing === 'new' ? (
        <SlotForm
          title={settingsText('settings.availability.newTitle')}
          initial={{ dayOfWeek: 1, startTime: '09:00', endTime: '17:00' }}
          onDone={() => setEditing(null)}
        />
      ) : (
        <div>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing('new')}>
            {practiceText('practice.availability.add')}
          </Button>
        </div>
      )}
    </Stack>
  );
}

function SlotForm({ title, initial, id, onDone }: { title: string; initial: SlotValues; id?: string; onDone: () => void }) {
  const [value, setValue] = useState<SlotValues>({ dayOfWeek: initial.dayOfWeek, startTime: initial.startTime, endTime: initial.endTime });
  const [tried, setTried] = useState(false);
  const { server, setServer, onError } = useServerErrors();
  const add = useAddSlot();
  const update = useUpdateSlot();
  const errors = slotErrors(value);
  const shown: SlotErrors = {
    dayOfWeek: (tried ? errors.dayOfWeek : undefined) ?? server.dayOfWeek,
    startTime: (tried ? errors.startTime : undefined) ?? server.startTime,
    endTime: (tried ? errors.endTime : undefined) ?? server.endTime,
  };

  const onSubmit = () => {
    setTried(true);
    if (hasErrors(errors) || value.dayOfWeek === null) return;
    const body = { dayOfWeek: value.dayOfWeek, startTime: value.startTime, endTime: value.endTime };
    const handlers = { onSuccess: onDone, onError };
    if (id) update.mutate({ id, body }, handlers);
    else add.mutate(body, handlers);
  };

  return (
    <EditorCard title={title} saving={add.isPending || update.isPending} onSubmit={onSubmit} onCancel={onDone}>
      <SlotFields
        value={value}
        onChange={(v) => {
          setValue(v);
          setServer({});
        }}
        errors={shown}
      />
    </EditorCard>
  );
}
