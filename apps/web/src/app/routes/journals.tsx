import { Anchor, Badge, Group, Loader, Pagination, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLock, IconPencil, IconSearch } from '@tabler/icons-react';
import { JournalStatus, SESSION_STATUS_LABELS, errorText, type SessionStatus } from '@portal/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { LabelledSegmentedControl } from '../../components/labelled-segmented-control';
import { LoadFailed } from '../../components/load-failed';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import { useJournals } from '../../features/journals/api/list-journals';
import { formatDate, t } from '../../i18n/i18n';
import { journalsText } from '../../features/journals/messages';

const PAGE_SIZE = 20;
type StatusFilter = 'all' | 'Saved' | 'Submitted';

/** /journals: every entry across sessions, filtered by status and searched on the server. */
export function JournalsPage() {
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query = { status: status === 'all' ? undefined : status, search: debounced || undefined, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
  const journals = useJournals(query);
  const pages = journals.data ? Math.max(1, Math.ceil(journals.data.count / PAGE_SIZE)) : 1;

  return (
    <Page title={t('title.journals')}>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={journalsText('journals.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={300}
        />
        <LabelledSegmentedControl
          label={journalsText('journals.filter')}
          labelId="journal-status-label"
          value={status}
          onChange={(v) => {
            setStatus(v as StatusFilter);
            setPage(1);
          }}
          data={[
            { value: 'all', label: journalsText('journals.filter.all') },
            { value: JournalStatus.SAVED, label: JournalStatus.SAVED },
            { value: JournalStatus.SUBMITTED, label: JournalStatus.SUBMITTED },
          ]}
        />
      </Group>

      {journals.isPending && <Loader aria-label={t('common.loading')} />}
      {journals.isError && (
        <LoadFailed title={journalsText('journals.loadFailed')} message={errorText(journals.error)} onRetry={() => void journals.refetch()} />
      )}
      {journals.data && journals.data.count === 0 && (
        <Text>{debounced || status !== 'all' ? journalsText('journals.emptyFiltered') : journalsText('journals.empty')}</Text>
      )}
      {journals.data && journals.data.count > 0 && (
        <>
          <Text size="sm" c="dimmed">
            {journalsText('journals.count', { count: journals.data.count })}
          </Text>
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{journalsText('journals.col.patient')}</Table.Th>
                  <Table.Th>{journalsText('journals.col.status')}</Table.Th>
                  <Table.Th>{journalsText('journals.col.session')}</Table.Th>
                  <Table.Th>{journalsText('journals.col.updated')}</Table.Th>
                  <Table.Th>{journalsText('journals.col.excerpt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {journals.data.results.map((j) => {
                  const submitted = j.status === JournalStatus.SUBMITTED;
                  return (
                    <Table.Tr key={j.id}>
                      <Table.Td>
                        <Anchor component={Link} to={submitted ? paths.journalWrite(j.id) : paths.journalEdit(j.id)}>
                          {j.session.user.firstName} {j.session.user.lastName}
                        </Anchor>
                        {j.session.user.synthetic && (
                          <Badge ml="xs" size="xs" variant="outline" color="gray">
                            {journalsText('journals.syntheticPatient')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge
                          variant="outline"
                          color={submitted ? 'blue.9' : 'gray.9'}
                          leftSection={submitted ? <IconLock size={12} aria-hidden /> : <IconPencil size={12} aria-hidden />}
                        >
                          {j.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Anchor component={Link} to={paths.sessionOverview(j.sessionID)} size="sm">
                          {SESSION_STATUS_LABELS[j.session.status as SessionStatus] ?? ''}, {formatDate(j.session.bookingTime)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{formatDate(j.updatedAt)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" lineClamp={1} maw={320}>
                          {j.description}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" />}
        </>
      )}
    </Page>
  );
}
