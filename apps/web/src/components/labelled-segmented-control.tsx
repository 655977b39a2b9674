import { SegmentedControl, Text, type SegmentedControlProps } from '@mantine/core';

/**
 * A segmented control under a visible label: Mantine's has none of its own, so the label is a text
 * the control names itself by (`aria-labelledby`), with `labelId` as that text's id.
 */
export function LabelledSegmentedControl({ label, labelId, ...control }: { label: string; labelId: string } & Omit<SegmentedControlProps, 'aria-labelledby'>) {
  return (
    <div>
      <Text size="sm" fw={500} id={labelId} mb={4}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={labelId} {...control} />
    </div>
  );
}
