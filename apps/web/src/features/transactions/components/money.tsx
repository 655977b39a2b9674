import { Text } from '@mantine/core';
import { formatMoney } from '@portal/contract';

/** One money cell: integer minor units formatted by the contract; money out reads in dark red and with its minus sign. */
export function Money({ cents, currency, strong }: { cents: number; currency: string; strong?: boolean }) {
  return (
    <Text span size="sm" ff="monospace" fw={strong ? 700 : undefined} c={cents < 0 ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(cents, currency)}
    </Text>
  );
}
