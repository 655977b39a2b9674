import { Anchor, Badge, Box, Button, Group, Paper, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { LoadFailed } from '../../../components/load-failed';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { LIMITS, SESSION_LIST_TITLES, SessionStatus, errorText, type SessionCounts, type SessionSummary } from '@portal/contract';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '../../../components/paged-results';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';

import { useSessionCounts } from '../api/get-session-counts';
import { useSessions } from '../api/get-sessions';
import { formatDateTime, formatShortDate, fullName } from '../format';
import { DataRequestState } from './data-request-state';
import { DetailList } from './detail-list';
import { SessionDecision } from './session-decision';
import { SessionStatusBadge, SyntheticPatientBadge } from './session-badges';
import { sessionsText } from '../messages';

export const PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 300;

type Status = SessionStatus;
/** Pending first: that is where the work is. Declined last, as the least used. */
const TABS: Status[] = [SessionStatus.REQUESTED, SessionStatus.ACCEPTED, SessionStatus.COMPLETED, SessionStatus.DECLINED];

export function tabTitle(status: Status): string {
  return status === SessionStatus.DECLINED ? sessionsText('sessions.tab.declined') : SESSION_LIST_TITLES[status];
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
  // The tab counts follow the search: a name that is under another tab says so there.
  const counts = useSessionCounts(search);

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

  // Only a settled change of the typed text counts: an effect event reads `search` without re-running
  // when it changes (the back button must not write the typed text back into the address).
  const onSettled = useEffectEvent((value: string) => {
    // Typing replaces the entry instead of adding one per pause.
    if (value !== search) update({ search: value, page: 1 }, true);
  });
  useEffect(() => onSettled(debounced), [debounced]);

  return (
    <Stack gap="md">
      <TextInput
        label={sessionsText('sessions.search.label')}
        placeholder={sessionsText('sessions.search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        type="search"
        maw={420}
      />
      <Tabs value={String(status)} onChange={(value) => update({ status: parseStatus(value), page: 1 })} keepMounted={false}>
        <Tabs.List aria-label={sessionsText('sessions.tabs.label')}>
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
            <StatusList
              status={s}
              search={search}
              page={page}
              onPage={(p) => update({ page: p })}
              counts={counts.data}
              onTab={(t) => update({ status: t, page: 1 })}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function StatusList({
  status,
  search,
  page,
  onPage,
  counts,
  onTab,
}: {
  status: Status;
  search: string;
  page: number;
  onPage: (page: number) => void;
  counts?: SessionCounts;
  onTab: (status: Status) => void;
}) {
  const offset = (page - 1) * PAGE_SIZE;
  const query = useSessions({ status, search, limit: PAGE_SIZE, offset });
  // SPEC §9's 768 px: below it the rows are stacked cards, the primary action on screen without scrolling.
  const phone = useMediaQuery(`(max-width: ${LIMITS.mobileBreakpoint}px)`, undefined, { getInitialValueInEffect: false });
  const listRef = useRef<HTMLDivElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  // After Accept or Reject the row leaves the list: focus goes to the row that takes its place (or the
  // one before), never to the page body. Remembered here, applied once the list has been read again.
  const moveFocus = useRef<{ id: string; index: number } | null>(null);
  // A decision can be answered after the live update has already read the list again: then it is applied at once.
  const [decisions, setDecisions] = useState(0);
  const results = query.data?.results;
  useEffect(() => {
    const pending = moveFocus.current;
    if (!pending || !results || results.some((r) => r.id === pending.id)) return;
    moveFocus.current = null;
    const rows = listRef.current?.querySelectorAll<HTMLElement>('[data-session-row]') ?? [];
    const row = rows[Math.min(pending.index, rows.length - 1)];
    // Its first action (Accept), else its link; nothing left: the list's empty-state line.
    const target = row?.querySelector<HTMLElement>('button:not([disabled])') ?? row?.querySelector<HTMLElement>('a[href]');
    if (target) target.focus();
    else emptyRef.current?.focus();
  }, [results, decisions]);

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return <LoadFailed title={sessionsText('sessions.loadFailed')} message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  }

  const { count } = query.data;
  const rows = query.data.results;
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  if (rows.length === 0 && page > 1 && count > 0) {
    // The page emptied (sessions moved to another tab): go to the last one there is.
    return <ResetPage onPage={() => onPage(pages)} />;
  }
  if (rows.length === 0) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text c="gray.7" ref={emptyRef} tabIndex={-1}>
          {search ? sessionsText('sessions.emptySearch', { search }) : sessionsText(`sessions.empty.${status}`)}
        </Text>
        {search && counts && <FoundElsewhere counts={counts} current={status} onTab={onTab} />}
      </Stack>
    );
  }
  const decided = (id: string) => () => {
    moveFocus.current = { id, index: rows.findIndex((r) => r.id === id) };
    setDecisions((n) => n + 1);
  };

  return (
    <Stack gap="sm" ref={listRef}>
      {phone ? (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={tabTitle(status)}>
          {rows.map((session) => (
            <SessionCard key={session.id} session={session} onDecided={decided(session.id)} />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{sessionsText('sessions.column.patient')}</Table.Th>
                <Table.Th scope="col">{sessionsText('sessions.column.status')}</Table.Th>
                <Table.Th scope="col">{sessionsText('sessions.column.booking')}</Table.Th>
                <Table.Th scope="col">{sessionsText('sessions.column.requested')}</Table.Th>
                {status === SessionStatus.REQUESTED ? (
                  <Table.Th scope="col">{sessionsText('sessions.column.actions')}</Table.Th>
                ) : (
                  <Table.Th scope="col">{sessionsText('sessions.column.dataRequest')}</Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((session) => (
                <SessionRow key={session.id} session={session} onDecided={decided(session.id)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="gray.7" aria-live="polite">
          {sessionsText('sessions.range', { from: offset + 1, to: offset + rows.length, count })}
        </Text>
        {pages > 1 && <Pager pages={pages} page={page} onPage={onPage} label={sessionsText('sessions.pagination')} />}
      </Group>
    </Stack>
  );
}

/** A search that found nothing here but something under another tab: say where, one click away. */
function FoundElsewhere({ counts, current, onTab }: { counts: SessionCounts; current: Status; onTab: (status: Status) => void }) {
  const elsewhere = TABS.filter((s) => s !== current && counts[s] > 0);
  if (elsewhere.length === 0) return null;
  return (
    <Group gap="xs" align="center">
      <Text size="sm">{sessionsText('sessions.foundElsewhere')}</Text>
      {elsewhere.map((s) => (
        <Button key={s} size="compact-sm" variant="light" c="blue.9" onClick={() => onTab(s)}>
          {sessionsText('sessions.foundIn', { tab: tabTitle(s), count: counts[s] })}
        </Button>
      ))}
    </Group>
  );
}

function ResetPage({ onPage }: { onPage: () => void }) {
  useEffect(onPage, [onPage]);
  return <PageLoader />;
}

function SessionRow({ session, onDecided }: { session: SessionSummary; onDecided: () => void }) {
  return (
    <Table.Tr data-session-row>
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
          <SessionDecision session={session} onDecided={onDecided} />
        ) : (
          <DataRequestState dataRequest={session.dataRequest} />
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** One session on a phone: the same facts as a row, stacked, with Accept and Reject in full view. */
function SessionCard({ session, onDecided }: { session: SessionSummary; onDecided: () => void }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-session-row>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Anchor component={Link} to={paths.sessionOverview(session.id)} fw={600} c="blue.8" style={{ overflowWrap: 'anywhere' }}>
            {fullName(session.user)}
          </Anchor>
          <SessionStatusBadge status={session.status} />
        </Group>
        <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {session.user.email}
        </Text>
        {session.user.synthetic && (
          <Box>
            <SyntheticPatientBadge />
          </Box>
        )}
        <DetailList
          items={[
            { term: sessionsText('sessions.column.booking'), value: formatDateTime(session.bookingTime) },
            { term: sessionsText('sessions.column.requested'), value: formatShortDate(session.createdAt) },
            ...(session.status === SessionStatus.REQUESTED
              ? []
              : [{ term: sessionsText('sessions.column.dataRequest'), value: <DataRequestState dataRequest={session.dataRequest} /> }]),
          ]}
        />
        {session.status === SessionStatus.REQUESTED && <SessionDecision session={session} size="sm" onDecided={onDecided} />}
      </Stack>
    </Paper>
  );
}
