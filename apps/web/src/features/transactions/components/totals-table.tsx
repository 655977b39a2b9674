import { Alert, Table, Text } from '@mantine/core';
import { errorText, type PeriodTotals, type TransactionPeriod } from '@portal/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { PageLoader } from '../../../components/page-loader';
import { RowCard, RowCards, useNarrow } from '../../../components/row-cards';
import { periodLabel } from '../format';
import { transactionsText } from '../messages';
import { Money } from './money';

/** The amounts of a period's row, in their column order; the net stands out. */
const MONEY_COLUMNS = ['fees', 'sales', 'discounts', 'net', 'outstanding'] as const;

/** Totals per period and currency, with their loading, error and empty states. */
export function TotalsTable({ query, period }: { query: UseQueryResult<PeriodTotals[]>; period: TransactionPeriod }) {
  const narrow = useNarrow();
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <Alert color="red" variant="light" c="dark.8" title={transactionsText('tx.totalsFailed')}>
        {errorText(query.error)}
      </Alert>
    );
  if (query.data.length === 0) return <Text c="gray.9">{transactionsText('tx.noTotals')}</Text>;
  if (narrow)
    // On a phone each period and currency is a card, its amounts one under the other.
    return (
      <RowCards label={transactionsText('tx.totalsLabel')}>
        {query.data.map((row) => (
          <RowCard
            key={`${row.period}:${row.currency}`}
            title={
              <Text size="sm" fw={600}>
                {periodLabel(row.period, period)} · {row.currency}
              </Text>
            }
            facts={MONEY_COLUMNS.map((column) => ({
              term: transactionsText(`tx.col.${column}`),
              value: <Money cents={row[column]} currency={row.currency} strong={column === 'net'} />,
            }))}
          />
        ))}
      </RowCards>
    );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" aria-label={transactionsText('tx.totalsLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{transactionsText('tx.col.period')}</Table.Th>
            <Table.Th scope="col">{transactionsText('tx.col.currency')}</Table.Th>
            {MONEY_COLUMNS.map((column) => (
              <Table.Th key={column} scope="col" ta="right">
                {transactionsText(`tx.col.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((row) => (
            <Table.Tr key={`${row.period}:${row.currency}`}>
              <Table.Th scope="row" fw={500}>
                {periodLabel(row.period, period)}
              </Table.Th>
              <Table.Td>{row.currency}</Table.Td>
              {MONEY_COLUMNS.map((column) => (
                <Table.Td key={column} ta="right">
                  <Money cents={row[column]} currency={row.currency} strong={column === 'net'} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
