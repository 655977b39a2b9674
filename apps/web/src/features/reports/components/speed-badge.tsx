import { Badge, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconChevronsDown, IconChevronsUp, IconEqual, IconQuestionMark } from '@tabler/icons-react';
import { reportsText } from '../messages';

/**
 * Metabolizer speed (or a transporter's function) as a badge: the word and an arrow say it, the
 * colour only repeats it. Mid shades with dark text stay above the contrast minimum.
 */
const STYLES: Record<string, { color: string; Icon: typeof IconEqual }> = {
  poor: { color: 'red.3', Icon: IconChevronsDown },
  'poor function': { color: 'red.3', Icon: IconChevronsDown },
  intermediate: { color: 'orange.3', Icon: IconChevronDown },
  'decreased function': { color: 'orange.3', Icon: IconChevronDown },
  normal: { color: 'green.3', Icon: IconEqual },
  'normal function': { color: 'green.3', Icon: IconEqual },
  rapid: { color: 'blue.2', Icon: IconChevronUp },
  'increased function': { color: 'blue.2', Icon: IconChevronUp },
  ultrarapid: { color: 'violet.2', Icon: IconChevronsUp },
  indeterminate: { color: 'gray.3', Icon: IconQuestionMark },
};

export function SpeedBadge({ speed }: { speed: string | null }) {
  if (!speed) {
    return (
      <Text size="sm" c="dimmed">
        {reportsText('reports.speed.notApplicable')}
      </Text>
    );
  }
  const style = STYLES[speed] ?? { color: 'gray.3', Icon: IconQuestionMark };
  return (
    <Badge color={style.color} c="dark.9" tt="none" radius="sm" leftSection={<style.Icon size={14} aria-hidden="true" />}>
      {speed}
    </Badge>
  );
}
