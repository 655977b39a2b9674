import { Text } from '@mantine/core';
import { TABULAR_FIGURES } from '../../../components/tabular-figures';
import { formatMoney } from '../../../i18n/i18n';

/**
 * One money cell: integer minor units in the portal's number format; money out reads in dark red
 * and with its minus sign. Body font with tabular figures, so amounts line up in a column.
 */
export function Money({ cents, currency, strong }: { cents: number; currency: string; strong?: boolean }) {
  return (
    <Text span size="sm" fw={strong ? 700 : undefined} c={cents < 0 ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap', ...TABULAR_FIGURES }}>
      {formatMoney(cents, currency)}
    </Text>
  );
}
