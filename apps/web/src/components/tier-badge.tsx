import { Badge } from '@mantine/core';
import { PGX_TIER_LABELS, type PgxTier } from '@portal/contract';
import { IconAlertOctagon, IconAdjustments, IconCircleCheck, IconHelpCircle, IconMinus } from '@tabler/icons-react';

/**
 * The kind of advice a drug verdict gives, in words with an icon: the colour only repeats them, and a
 * Strong 'use as usual' never looks like a Strong 'avoid'.
 */
const STYLE: Record<PgxTier, { color: string; text: string; Icon: typeof IconAlertOctagon }> = {
  avoid: { color: 'red.1', text: 'red.9', Icon: IconAlertOctagon },
  // Orange and green text on their light tints fall short of WCAG AA (4.5:1): the words are dark, the tint tells the tier.
  adjust: { color: 'orange.1', text: 'dark.7', Icon: IconAdjustments },
  usual: { color: 'green.1', text: 'dark.7', Icon: IconCircleCheck },
  noAdvice: { color: 'gray.2', text: 'gray.8', Icon: IconMinus },
  notCovered: { color: 'gray.2', text: 'gray.8', Icon: IconHelpCircle },
};

export function TierBadge({ tier, size = 'md' }: { tier: PgxTier; size?: 'sm' | 'md' }) {
  const { color, text, Icon } = STYLE[tier];
  return (
    <Badge
      color={color}
      c={text}
      tt="none"
      radius="sm"
      size={size}
      leftSection={<Icon size={14} aria-hidden="true" />}
      style={{ whiteSpace: 'normal', height: 'auto' }}
    >
      {PGX_TIER_LABELS[tier]}
    </Badge>
  );
}
