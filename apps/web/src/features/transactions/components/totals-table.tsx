import { Alert, Table, Text } from '@mantine/core';
import { errorText, type PeriodTotals, type TransactionPeriod } from '@portal/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { PageLoader } from '../../../components/page-loader';
import { periodLabel } from '../format';
import { transactionsText } from '../messages';
import { Money } from './money';

/** Totals per period and currency, with their loading, error and empty states. */
export function TotalsTable({ query, period }: { query: UseQueryResult<PeriodTotals[]>; period: TransactionPeriod }) {
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <Alert color="red" variant="light" c="dark.8" title={transactionsText('tx.totalsFailed')}>
        {errorText(query.error)}
      </Alert>
    );
  if (query.data.length === 0) return <Text c="gray.9">{transactionsText('tx.noTotals')}</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" aria-label={transactionsText('tx.totalsLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{transactionsText('tx.col.period')}</Table.Th>
            <Table.Th scope="col">{transactionsText('tx.col.currency')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {transactionsText('tx.col.fees')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {transactionsText('tx.col.sales')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {transactionsText('tx.col.discounts')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {transactionsText('tx.col.net')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {transactionsText('tx.col.outstanding')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((row) => (
            <Table.Tr key={`${row.period}:${row.currency}`}>
              <Table.Th scope="row" fw={500}>
                {periodLabel(row.period, period)}
              </Table.Th>
              <Table.Td>{row.currency}</Table.Td>
              <Table.Td ta="right">
                <Money cents={row.fees} currency={row.currency} />
              </Table.Td>
              <Table.Td ta="right">
                <Money cents={row.sales} currency={row.currency} />
              </Table.Td>
              <Table.Td ta="right">
                <Money cents={row.discounts} currency={row.currency} />
              </Table.Td>
              <Table.Td ta="right">
                <Money cents={row.net} currency={row.currency} strong />
              </Table.Td>
              <Table.Td ta="right">
                <Money cents={row.outstanding} currency={row.currency} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
