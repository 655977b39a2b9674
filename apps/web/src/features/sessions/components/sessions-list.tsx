import { Anchor, Badge, Box, Group, Pagination, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { LoadFailed } from '../../../components/load-failed';
import { useDebouncedValue } from '@mantine/hooks';
import { SESSION_LIST_TITLES, SessionStatus, errorText, type SessionSummary } from '@portal/contract';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';

import { useSessionCounts } from '../api/get-session-counts';
import { useSessions } from '../api/get-sessions';
import { formatDateTime, formatShortDate, fullName } from '../format';
import { DataRequestState } from './data-request-state';
import { SessionDecision } from './session-decision';
import { SessionStatusBadge, SyntheticPatientBadge } from './session-badges';
import { st } from '../messages';

export const PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 300;

type Status = SessionStatus;
/** Pending first: that is where the work is. Declined last, as the least used. */
const TABS: Status[] = [SessionStatus.REQUESTED, SessionStatus.ACCEPTED, SessionStatus.COMPLETED, SessionStatus.DECLINED];

export function tabTitle(status: Status): string {
  return status === SessionStatus.DECLINED ? st('sessions.tab.declined') : SESSION_LIST_TITLES[status];
}

function parseStatus(value: string | null): Status {
  const n = Number(value);
  return (TABS as number[]).includes(n) ? (n as Status) : SessionStatus.REQUESTED;
}

/**
 * /sessions: the caller's sessions by status, searched by patient name and paged on the server.
 * Tab, search and page live in the address, so a reload or the back button keeps them.
 */
export function SessionsList() {
  const [params, setParams] = useSearchParams();
  const status = parseStatus(params.get('status'));
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const [debounced] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const counts = useSessionCounts();

  const update = (next: { status?: Status; page?: number; search?: string }, replace = false) => {
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        const set = (key: string, value: string | null) => (value ? out.set(key, value) : out.delete(key));
        if (next.status !== undefined) set('status', next.status === SessionStatus.REQUESTED ? null : String(next.status));
        if (next.search !== undefined) set('search', next.search || null);
        if (next.page !== undefined) set('page', next.page > 1 ? String(next.page) : null);
        return out;
      },
      { replace },
    );
  };

  useEffect(() => {
    // Typing replaces the entry instead of adding one per pause.
    if (debounced !== search) update({ search: debounced, page: 1 }, true);
    // Only a settled change of the typed text counts; `search` and `update` follow from it.
  }, [debounced]);

  return (
    <Stack gap="md">
      <TextInput
        label={st('sessions.search.label')}
        placeholder={st('sessions.search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        type="search"
        maw={420}
      />
      <Tabs value={String(status)} onChange={(value) => update({ status: parseStatus(value), page: 1 })} keepMounted={false}>
        <Tabs.List aria-label={st('sessions.tabs.label')}>
          {TABS.map((s) => (
            <Tabs.Tab
              key={s}
              value={String(s)}
              rightSection={
                counts.data ? (
                  <Badge size="sm" variant="light" color="gray" c="dark.7" circle={counts.data[s] < 10}>
                    {counts.data[s]}
                  </Badge>
                ) : undefined
              }
            >
              {tabTitle(s)}
              {/* Keeps the title and the count apart in the tab's accessible name. */}{' '}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((s) => (
          <Tabs.Panel key={s} value={String(s)} pt="md">
            <StatusList status={s} search={search} page={page} onPage={(p) => update({ page: p })} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function StatusList({ status, search, page, onPage }: { status: Status; search: string; page: number; onPage: (page: number) => void }) {
  const offset = (page - 1) * PAGE_SIZE;
  const query = useSessions({ status, search, limit: PAGE_SIZE, offset });

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return <LoadFailed title={st('sessions.loadFailed')} message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  }

  const { results, count } = query.data;
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  if (results.length === 0 && page > 1 && count > 0) {
    // The page emptied (sessions moved to another tab): go to the last one there is.
    return <ResetPage onPage={() => onPage(pages)} />;
  }
  if (results.length === 0) {
    return <Text c="gray.7">{search ? st('sessions.emptySearch', { search }) : st(`sessions.empty.${status}`)}</Text>;
  }

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{st('sessions.column.patient')}</Table.Th>
              <Table.Th scope="col">{st('sessions.column.status')}</Table.Th>
              <Table.Th scope="col">{st('sessions.column.booking')}</Table.Th>
              <Table.Th scope="col">{st('sessions.column.requested')}</Table.Th>
              {status === SessionStatus.REQUESTED ? (
                <Table.Th scope="col">{st('sessions.column.actions')}</Table.Th>
              ) : (
                <Table.Th scope="col">{st('sessions.column.dataRequest')}</Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="gray.7" aria-live="polite">
          {st('sessions.range', { from: offset + 1, to: offset + results.length, count })}
        </Text>
        {pages > 1 && (
          <Box role="group" aria-label={st('sessions.pagination')}>
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={onPage}
              size="sm"
              getItemProps={(p) => ({ 'aria-label': st('sessions.page', { page: p }), 'aria-current': p === page ? 'page' : undefined })}
              getControlProps={(control) => ({ 'aria-label': st(`sessions.pageControl.${control}`) })}
            />
          </Box>
        )}
      </Group>
    </Stack>
  );
}

function ResetPage({ onPage }: { onPage: () => void }) {
  useEffect(onPage, [onPage]);
  return <PageLoader />;
}

function SessionRow({ session }: { session: SessionSummary }) {
  return (
    <Table.Tr>
      <Table.Td miw={220}>
        <Stack gap={2} align="flex-start">
          <Anchor component={Link} to={paths.sessionOverview(session.id)} fw={600} c="blue.8">
            {fullName(session.user)}
          </Anchor>
          <Text size="xs" c="gray.7">
            {session.user.email}
          </Text>
          {session.user.synthetic && <SyntheticPatientBadge />}
        </Stack>
      </Table.Td>
      {/* Badges would rather cut their text than wrap: the cell keeps it whole instead. */}
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <SessionStatusBadge status={session.status} />
      </Table.Td>
      <Table.Td>{formatDateTime(session.bookingTime)}</Table.Td>
      <Table.Td>{formatShortDate(session.createdAt)}</Table.Td>
      <Table.Td>
        {session.status === SessionStatus.REQUESTED ? (
          <SessionDecision session={session} />
        ) : (
          <DataRequestState dataRequest={session.dataRequest} />
        )}
      </Table.Td>
    </Table.Tr>
  );
}
