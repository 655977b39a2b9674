import { Badge, Group, Text } from '@mantine/core';
import { RESULT_LEVEL_LABELS, ResultLevel, categoryCaveat, cutOffStraddled } from '@portal/contract';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconEqual, IconLock } from '@tabler/icons-react';

type ScoredLevel = Exclude<ResultLevel, typeof ResultLevel.NOT_PROCESSED>;

/**
 * SPEC §3: Decreased red, Increased green, Average yellow. Dark text on a mid shade keeps every
 * badge above the contrast minimum; the label and the arrow say it without the colour.
 */
export const LEVEL_COLORS: Record<ScoredLevel, string> = { 0: 'red.4', 1: 'yellow.4', 2: 'green.5' };
const LEVEL_ICONS = { 0: IconArrowDown, 1: IconEqual, 2: IconArrowUp } as const;

export function LevelBadge({ level, size = 'lg' }: { level: ScoredLevel; size?: 'md' | 'lg' }) {
  const Icon = LEVEL_ICONS[level];
  return (
    <Badge color={LEVEL_COLORS[level]} c="dark.9" tt="none" size={size} radius="sm" leftSection={<Icon size={14} aria-hidden="true" />}>
      {RESULT_LEVEL_LABELS[level]}
    </Badge>
  );
}

/** A NOT_PROCESSED component: the locked message and nothing that reads like a score. */
export function LockedMessage() {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconLock size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm" c="gray.8">
        {RESULT_LEVEL_LABELS[ResultLevel.NOT_PROCESSED]}
      </Text>
    </Group>
  );
}

export function LevelDisplay({ riskLevel, size }: { riskLevel: ResultLevel; size?: 'md' | 'lg' }) {
  if (riskLevel === ResultLevel.NOT_PROCESSED) return <LockedMessage />;
  return <LevelBadge level={riskLevel} size={size} />;
}

/** The highlights carry the level's label; read it back to a level. */
export function levelOfLabel(label: string): ScoredLevel | null {
  const entry = Object.entries(RESULT_LEVEL_LABELS).find(([level, text]) => text === label && Number(level) !== ResultLevel.NOT_PROCESSED);
  return entry ? (Number(entry[0]) as ScoredLevel) : null;
}

/** Beside a score's colour: the cut-off its shared percentiles straddle, when they do (contract rule). */
export function CutOffCaveat({ component }: { component: { shareLower?: number | null; shareSame?: number | null } }) {
  const cut = cutOffStraddled(component);
  return cut ? <CaveatText text={categoryCaveat(cut)} /> : null;
}

export function CaveatText({ text }: { text: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconAlertTriangle size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} color="var(--mantine-color-orange-8)" />
      <Text size="xs" c="gray.8">
        {text}
      </Text>
    </Group>
  );
}
