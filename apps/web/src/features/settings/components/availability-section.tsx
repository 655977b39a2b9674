import { Button, Group, Stack, Text } from '@mantine/core';
import { MESSAGES, errorText, type Availability } from '@portal/contract';
import { SlotFields, describeSlot, type SlotValues } from '../../../components/practice/slot-fields';
import { practiceChecks } from '../../../components/practice/practice-checks';
import { useSystemStore } from '../../../store/system-store';
import { useAddSlot } from '../api/add-slot';
import { useDeleteSlot } from '../api/delete-slot';
import { useAvailability } from '../api/get-availability';
import { useUpdateSlot } from '../api/update-slot';
import { useContractForm, type FieldProps } from '../../../lib/form';
import { useSaveFailed } from './field-errors';
import { practiceText } from '../../../components/practice/messages';
import { settingsText } from '../messages';
import { NotLoaded } from './not-loaded';
import { EditorCard } from './editor-card';
import { EditableList } from './editable-list';

/** The practice's weekly slots: add, edit, remove. */
export function AvailabilitySection() {
  const slots = useAvailability();
  const remove = useDeleteSlot();
  const showError = useSystemStore((s) => s.showError);

  if (!slots.isSuccess) return <NotLoaded query={slots} title={settingsText('settings.availability.loadFailed')} />;

  return (
    <Stack gap="md" maw={760}>
      <Text size="sm">{practiceText('practice.availability.hint')}</Text>
      <EditableList
        items={slots.data}
        empty={practiceText('practice.availability.empty')}
        addLabel={practiceText('practice.availability.add')}
        compact
        edit={(s, done) => <SlotForm title={settingsText('settings.availability.editTitle')} initial={s} id={s.id} onDone={done} />}
        create={(done) => (
          <SlotForm title={settingsText('settings.availability.newTitle')} initial={{ dayOfWeek: 1, startTime: '09:00', endTime: '17:00' }} onDone={done} />
        )}
        row={(s: Availability, edit) => (
          <Group justify="space-between">
            <Text>{describeSlot(s)}</Text>
            <Group gap="xs">
              <Button size="xs" variant="subtle" onClick={edit} aria-label={settingsText('settings.availability.edit', { slot: describeSlot(s) })}>
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
        )}
      />
    </Stack>
  );
}

function SlotForm({ title, initial, id, onDone }: { title: string; initial: SlotValues; id?: string; onDone: () => void }) {
  const { form, field, submit } = useContractForm({
    initialValues: { dayOfWeek: initial.dayOfWeek, startTime: initial.startTime, endTime: initial.endTime } as SlotValues,
    checks: practiceChecks,
    validate: (values, checks) => checks.slotErrors(values),
  });
  const onError = useSaveFailed(form);
  const add = useAddSlot();
  const update = useUpdateSlot();
  // The server's word on a slot concerns the three together (an end before the start): any change voids it.
  const voiding = <V,>(props: FieldProps<V>): FieldProps<V> => ({
    ...props,
    onChange: (value) => {
      props.onChange(value);
      form.clearErrors();
    },
  });

  const onSubmit = () =>
    submit(({ dayOfWeek, startTime, endTime }) => {
      if (dayOfWeek === null) return;
      const body = { dayOfWeek, startTime, endTime };
      const handlers = { onSuccess: onDone, onError };
      if (id) update.mutate({ id, body }, handlers);
      else add.mutate(body, handlers);
    });

  return (
    <EditorCard title={title} saving={add.isPending || update.isPending} onSubmit={onSubmit} onCancel={onDone}>
      <SlotFields field={{ dayOfWeek: voiding(field('dayOfWeek')), startTime: voiding(field('startTime')), endTime: voiding(field('endTime')) }} />
    </EditorCard>
  );
}
