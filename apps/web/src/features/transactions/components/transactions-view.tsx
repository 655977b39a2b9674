import { Alert, Button, Card, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  TRANSACTION_KINDS,
  TRANSACTION_KIND_LABELS,
  TRANSACTION_PERIODS,
  TRANSACTION_STATES,
  TRANSACTION_STATE_LABELS,
  errorText,
  oneOf,
} from '@portal/contract';
import { IconDownload } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { LabelledSegmentedControl } from '../../../components/labelled-segmented-control';
import { PagedResults } from '../../../components/paged-results';
import { SectionCard } from '../../../components/section-card';
import { useSystemStore } from '../../../store/system-store';
import { useExportCsv } from '../api/export-csv';
import { useTotals } from '../api/get-totals';
import { useTransactions } from '../api/list-transactions';
import type { TransactionFilters } from '../api/keys';
import { transactionsText } from '../messages';
import { TotalsTable } from './totals-table';
import { TransactionsTable } from './transactions-table';

export const TRANSACTIONS_PAGE_SIZE = 20;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Filters, period and page as the address holds them (no patient data goes there). */
export function readTransactionParams(params: URLSearchParams) {
  const kind = oneOf(TRANSACTION_KINDS, params.get('kind'));
  const state = oneOf(TRANSACTION_STATES, params.get('state'));
  const from = DATE.test(params.get('from') ?? '') ? params.get('from')! : undefined;
  const to = DATE.test(params.get('to') ?? '') ? params.get('to')! : undefined;
  const period = oneOf(TRANSACTION_PERIODS, params.get('period')) ?? 'month';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  return { kind, state, from, to, period, page };
}

/** /summary/transactions: filters in the address, totals per period, the paged list and the CSV export. */
export function TransactionsView() {
  const [params, setParams] = useSearchParams();
  const { kind, state, from, to, period, page } = readTransactionParams(params);
  const badRange = from !== undefined && to !== undefined && to < from;
  // An end before the start is said under the field, and left out of the query until it is fixed.
  const filters: TransactionFilters = { kind, state, from, to: badRange ? undefined : to };
  const list = useTransactions({ ...filters, limit: TRANSACTIONS_PAGE_SIZE, offset: (page - 1) * TRANSACTIONS_PAGE_SIZE });
  const totals = useTotals({ ...filters, period });
  const exportCsv = useExportCsv();
  const showError = useSystemStore((s) => s.showError);

  const update = (next: Record<string, string | null>, resetPage = true) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        for (const [k, v] of Object.entries(next)) {
          if (v) out.set(k, v);
          else out.delete(k);
        }
        if (resetPage) out.delete('page');
        return out;
      },
      { replace: true },
    );
  const filtered = Boolean(kind || state || from || to);

  const onExport = () =>
    exportCsv.mutate(filters, {
      onSuccess: () => notifications.show({ color: 'green', message: transactionsText('tx.exported') }),
      onError: (e) => showError(errorText(e, transactionsText('tx.exportFailed'))),
    });

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="tx-filters">
        <Stack gap="sm">
          <Title order={2} size="h5" id="tx-filters">
            {transactionsText('tx.filters')}
          </Title>
          <Group align="flex-start" wrap="wrap" gap="md">
            <Select
              label={transactionsText('tx.filter.kind')}
              data={[
                { value: '', label: transactionsText('tx.filter.all') },
                ...TRANSACTION_KINDS.map((k) => ({ value: k, label: TRANSACTION_KIND_LABELS[k] })),
              ]}
              value={kind ?? ''}
              onChange={(v) => update({ kind: v || null })}
              allowDeselect={false}
              w={220}
            />
            <Select
              label={transactionsText('tx.filter.state')}
              data={[
                { value: '', label: transactionsText('tx.filter.all') },
                ...TRANSACTION_STATES.map((s) => ({ value: s, label: TRANSACTION_STATE_LABELS[s] })),
              ]}
              value={state ?? ''}
              onChange={(v) => update({ state: v || null })}
              allowDeselect={false}
              w={160}
            />
            <TextInput
              type="date"
              label={transactionsText('tx.filter.from')}
              value={from ?? ''}
              onChange={(e) => update({ from: e.currentTarget.value || null })}
              w={180}
            />
            <TextInput
              type="date"
              label={transactionsText('tx.filter.to')}
              value={params.get('to') ?? ''}
              onChange={(e) => update({ to: e.currentTarget.value || null })}
              error={badRange ? transactionsText('tx.badDates') : undefined}
              w={180}
            />
            {filtered && (
              <Button variant="subtle" c="blue.9" mt={25} onClick={() => update({ kind: null, state: null, from: null, to: null })}>
                {transactionsText('tx.filter.clear')}
              </Button>
            )}
          </Group>
        </Stack>
      </Card>

      <SectionCard
        id="tx-totals"
        title={transactionsText('tx.totals')}
        asideAlign="flex-end"
        aside={
          <LabelledSegmentedControl
            label={transactionsText('tx.period')}
            labelId="tx-period-label"
            value={period}
            onChange={(v) => update({ period: v === 'month' ? null : v }, false)}
            data={TRANSACTION_PERIODS.map((p) => ({ value: p, label: transactionsText(`tx.period.${p}`) }))}
          />
        }
      >
        <TotalsTable query={totals} period={period} />
      </SectionCard>

      <SectionCard
        id="tx-list"
        title={transactionsText('tx.tableLabel')}
        aside={
          <Button leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={onExport} loading={exportCsv.isPending} variant="default">
            {transactionsText('tx.export')}
          </Button>
        }
      >
        {exportCsv.data?.truncated && (
          <Alert color="yellow" variant="light" c="dark.8" role="status">
            {transactionsText('tx.exportTruncated', { rows: exportCsv.data.rows ?? '' })}
          </Alert>
        )}
        <PagedResults
          query={list}
          page={page}
          pageSize={TRANSACTIONS_PAGE_SIZE}
          onPage={(p) => update({ page: p > 1 ? String(p) : null }, false)}
          empty={filtered ? transactionsText('tx.emptyFiltered') : transactionsText('tx.empty')}
        >
          {(rows) => <TransactionsTable rows={rows} label={transactionsText('tx.tableLabel')} />}
        </PagedResults>
      </SectionCard>
    </Stack>
  );
}
