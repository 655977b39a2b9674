import { Stack, Text } from '@mantine/core';
import { SHARED_SCORE_SHOWN_FROM } from '@portal/contract';

import { formatOrdinal, formatPercentNumber, formatPercentile, formatShare } from '../format';
import { sessionsText } from '../messages';
import type { ResultComponent } from '../types';

type Placed = Pick<ResultComponent, 'percentile' | 'shareLower' | 'shareSame'>;

/**
 * '75th–100th percentile: 25% of the reference group have this score', where the patient's score
 * is shared by SHARED_SCORE_SHOWN_FROM% or more of the reference group; null otherwise (and for
 * results computed before the shares were stored).
 */
export function sharedRangeText(c: Placed): string | null {
  if (c.shareLower == null || c.shareSame == null || c.shareSame < SHARED_SCORE_SHOWN_FROM) return null;
  return sessionsText('sessions.results.sharedRange', {
    from: formatOrdinal(c.shareLower),
    to: formatOrdinal(c.shareLower + c.shareSame),
    share: formatShare(c.shareSame),
  });
}

/**
 * The percentile in words: its one definition, the sum worked from the shares in the reference
 * table under the chart, the range a shared score covers, and the category rule applied to it.
 */
export function PercentileExplained({ c, level }: { c: Placed & { percentile: number }; level: 0 | 1 | 2 }) {
  const percentile = formatPercentile(c.percentile);
  const range = sharedRangeText(c);
  return (
    <Stack gap={4}>
      <Text size="sm">{sessionsText('sessions.component.percentileDefinition')}</Text>
      {c.shareLower != null && c.shareSame != null && (
        <Text size="sm">
          {sessionsText('sessions.component.percentileWorked', {
            lower: formatShare(c.shareLower),
            same: formatShare(c.shareSame),
            lowerNumber: formatPercentNumber(c.shareLower),
            sameNumber: formatPercentNumber(c.shareSame),
            percentile,
          })}
        </Text>
      )}
      {range && <Text size="sm">{`${range}.`}</Text>}
      <Text size="sm">
        {sessionsText('sessions.component.categoryRule')} {sessionsText(`sessions.component.category.${level}`, { percentile })}
      </Text>
    </Stack>
  );
}
