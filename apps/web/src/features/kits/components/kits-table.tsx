import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { KIT_STATUSES, KIT_STATUS_LABELS, type KitRow, type KitStatus } from '@portal/contract';
import { IconSearch } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PagedResults } from '../../../components/paged-results';
import { paths } from '../../../config/paths';
import { useKits } from '../api/list-kits';
import { kitsText } from '../messages';
import { AssignToSessionModal } from './assign-to-session-modal';
import { RowCard, RowCards, STICKY_ACTIONS, useNarrow } from '../../../components/row-cards';

export const KITS_PAGE_SIZE = 20;
export const KITS_SEARCH_DEBOUNCE_MS = 300;

/**
 * The kits table (SPEC §3 'ID, Collections, Sample Label', with status and session), searched,
 * filtered and paged on the server. On /kits it lists every kit; a warehouse passes its id.
 */
export function KitsTable({ warehouseID }: { warehouseID?: string }) {
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), KITS_SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<KitStatus | null>(null);
  const [page, setPage] = useState(1);
  const [assigning, setAssigning] = useState<KitRow | null>(null);
  const searchId = useId();
  const narrow = useNarrow();
  // A new search or filter starts at the first page.
  const [lastFilter, setLastFilter] = useState(`${search}|${status}`);
  if (lastFilter !== `${search}|${status}`) {
    setLastFilter(`${search}|${status}`);
    setPage(1);
  }
  const query = useKits({
    search: search || undefined,
    status: status ?? undefined,
    warehouseID,
    limit: KITS_PAGE_SIZE,
    offset: (page - 1) * KITS_PAGE_SIZE,
  });

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          id={searchId}
          type="search"
          label={kitsText('kits.search')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          w={320}
          maw="100%"
        />
        <Select
          label={kitsText('kits.status')}
          data={[{ value: '', label: kitsText('kits.status.all') }, ...KIT_STATUSES.map((s) => ({ value: s, label: KIT_STATUS_LABELS[s] }))]}
          value={status ?? ''}
          onChange={(v) => setStatus(v ? (v as KitStatus) : null)}
          allowDeselect={false}
          w={220}
          maw="100%"
        />
      </Group>
      <Text size="sm" c="gray.9">
        {kitsText('kits.order')}
      </Text>
      <PagedResults
        query={query}
        page={page}
        pageSize={KITS_PAGE_SIZE}
        onPage={setPage}
        empty={search || status ? kitsText('kits.emptyFiltered') : kitsText('kits.empty')}
      >
        {(rows) =>
          narrow ? (
            <RowCards label={kitsText('kits.tableLabel')}>
              {rows.map((kit) => (
                <KitCard key={kit.id} kit={kit} onAssign={() => setAssigning(kit)} />
              ))}
            </RowCards>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" highlightOnHover aria-label={kitsText('kits.tableLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{kitsText('kits.col.id')}</Table.Th>
                    <Table.Th scope="col">{kitsText('kits.col.collections')}</Table.Th>
                    <Table.Th scope="col">{kitsText('kits.col.sampleLabel')}</Table.Th>
                    <Table.Th scope="col">{kitsText('kits.col.status')}</Table.Th>
                    <Table.Th scope="col">{kitsText('kits.col.session')}</Table.Th>
                    <Table.Th scope="col" style={STICKY_ACTIONS}>
                      {kitsText('kits.col.actions')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((kit) => (
                    <KitTableRow key={kit.id} kit={kit} onAssign={() => setAssigning(kit)} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </PagedResults>
      <AssignToSessionModal kit={assigning} onClose={() => setAssigning(null)} />
    </Stack>
  );
}

const collectionsOf = (kit: KitRow) =>
  kit.collections.length ? (
    kit.collections.map((c) => c.name).join(', ')
  ) : (
    <Text span size="sm" c="gray.9">
      {kitsText('kits.noCollections')}
    </Text>
  );

function KitStatusBadge({ kit }: { kit: KitRow }) {
  return (
    <Badge variant="light" color={kit.status === 'in_stock' ? 'green' : 'blue'} c="dark.8">
      {KIT_STATUS_LABELS[kit.status]}
    </Badge>
  );
}

function KitSession({ kit }: { kit: KitRow }) {
  return kit.session ? (
    <Anchor component={Link} to={paths.sessionOverview(kit.session.id)} c="blue.9" size="sm">
      {kit.session.patientName}
    </Anchor>
  ) : (
    <Text size="sm" c="gray.9">
      {kitsText('kits.noSession')}
    </Text>
  );
}

function AssignButton({ kit, onAssign }: { kit: KitRow; onAssign: () => void }) {
  if (kit.status !== 'in_stock' || kit.session) return null;
  return (
    <Button size="xs" variant="default" onClick={onAssign} aria-label={kitsText('kits.assignLabel', { label: kit.sampleLabel })}>
      {kitsText('kits.assign')}
    </Button>
  );
}

/** One kit on a phone: its sample label and status on top, the other columns below, 'Assign to session' in view. */
function KitCard({ kit, onAssign }: { kit: KitRow; onAssign: () => void }) {
  const assign = <AssignButton kit={kit} onAssign={onAssign} />;
  return (
    <RowCard
      title={
        <Text size="sm" ff="monospace" fw={600}>
          {kit.sampleLabel}
        </Text>
      }
      badge={<KitStatusBadge kit={kit} />}
      facts={[
        {
          term: kitsText('kits.col.id'),
          value: (
            <Text size="sm" ff="monospace" title={kit.id}>
              {kit.id.slice(0, 8)}
            </Text>
          ),
        },
        { term: kitsText('kits.col.collections'), value: collectionsOf(kit) },
        { term: kitsText('kits.col.session'), value: <KitSession kit={kit} /> },
      ]}
      actions={kit.status === 'in_stock' && !kit.session ? assign : undefined}
    />
  );
}

function KitTableRow({ kit, onAssign }: { kit: KitRow; onAssign: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        {/* The first eight characters identify a kit in practice (the search matches a prefix); the whole id is in the tooltip. */}
        <Text size="sm" ff="monospace" title={kit.id}>
          {kit.id.slice(0, 8)}
        </Text>
      </Table.Td>
      <Table.Td>{collectionsOf(kit)}</Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {kit.sampleLabel}
        </Text>
      </Table.Td>
      <Table.Td>
        <KitStatusBadge kit={kit} />
      </Table.Td>
      <Table.Td>
        <KitSession kit={kit} />
      </Table.Td>
      <Table.Td style={STICKY_ACTIONS}>
        <AssignButton kit={kit} onAssign={onAssign} />
      </Table.Td>
    </Table.Tr>
  );
}
