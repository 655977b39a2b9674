import { Group, Select, TextInput } from '@mantine/core';
import { WEEKDAYS } from '@portal/contract';
import { textInput, type FieldProps } from '../../lib/form';
import { practiceText } from './messages';

export type SlotValues = {
  dayOfWeek: number | null;
  startTime: string;
  endTime: string;
};
export type SlotErrors = Partial<Record<keyof SlotValues, string>>;

export const weekdayName = (day: number) => WEEKDAYS.find((d) => d.id === day)?.name ?? String(day);
export const describeSlot = (s: { dayOfWeek: number; startTime: string; endTime: string }) =>
  practiceText('practice.availability.slot', { day: weekdayName(s.dayOfWeek), start: s.startTime, end: s.endTime });

/** Day, from and to of one weekly slot, each from its form (`field`). */
export function SlotFields({
  field,
  idPrefix,
}: {
  field: { dayOfWeek: FieldProps<number | null>; startTime: FieldProps<string>; endTime: FieldProps<string> };
  idPrefix?: string;
}) {
  const { dayOfWeek: day, startTime, endTime } = field;
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <Select
        id={idPrefix ? `${idPrefix}-day` : undefined}
        label={practiceText('practice.availability.day')}
        data={WEEKDAYS.map((d) => ({ value: String(d.id), label: d.name }))}
        value={day.value === null ? null : String(day.value)}
        onChange={(v) => day.onChange(v ? Number(v) : null)}
        error={day.error}
        required
        allowDeselect={false}
        w={170}
      />
      <TextInput
        id={idPrefix ? `${idPrefix}-start` : undefined}
        type="time"
        label={practiceText('practice.availability.start')}
        {...textInput(startTime)}
        required
        w={130}
      />
      <TextInput
        id={idPrefix ? `${idPrefix}-end` : undefined}
        type="time"
        label={practiceText('practice.availability.end')}
        {...textInput(endTime)}
        required
        w={130}
      />
    </Group>
  );
}
