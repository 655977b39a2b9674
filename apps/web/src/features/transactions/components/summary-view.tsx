import { Anchor, Group, Stack, Text } from '@mantine/core';
import { LoadFailed } from '../../../components/load-failed';
import { errorText } from '@portal/contract';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { useTotals } from '../api/get-totals';
import { useTransactions } from '../api/list-transactions';
import { transactionsText } from '../messages';
import { TotalsTable } from './totals-table';
import { TransactionsTable } from './transactions-table';

export const LATEST_COUNT = 5;

/** The first day of this month (UTC, as the server counts periods). */
export function monthStart(now = new Date()): string {
  return `${now.toISOString().slice(0, 7)}-01`;
}

/** /summary: 'Latest transactions' with 'View all transactions', and this month's totals. */
export function SummaryView() {
  const latest = useTransactions({ limit: LATEST_COUNT, offset: 0 });
  const totals = useTotals({ period: 'month', from: monthStart() });

  let body;
  if (latest.isPending) body = <PageLoader />;
  else if (latest.isError)
    body = <LoadFailed title={transactionsText('tx.loadFailed')} message={errorText(latest.error)} onRetry={() => void latest.refetch()} />;
  else if (latest.data.results.length === 0) body = <Text c="gray.9">{transactionsText('tx.empty')}</Text>;
  else body = <TransactionsTable rows={latest.data.results} label={transactionsText('tx.latestLabel')} />;

  return (
    <Stack gap="lg">
      <SectionCard
        id="latest-transactions"
        title={transactionsText('tx.latest')}
        aside={
          <Anchor component={Link} to={paths.transactions()} c="blue.9" fw={500}>
            <Group gap={4} component="span">
              {transactionsText('tx.viewAll')}
              <IconArrowRight size={16} aria-hidden="true" />
            </Group>
          </Anchor>
        }
      >
        {body}
      </SectionCard>
      <SectionCard id="month-totals" title={transactionsText('tx.thisMonth')}>
        <TotalsTable query={totals} period="month" />
      </SectionCard>
    </Stack>
  );
}
