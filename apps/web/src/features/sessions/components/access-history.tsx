import { Badge, Box, Button, Group, Loader, Table, Text } from '@mantine/core';
import { errorText } from '@portal/contract';
import { LoadFailed } from '../../../components/load-failed';
import { useState } from 'react';
import { useAccessHistory } from '../api/get-access-history';
import { formatDateTime } from '../format';
import { sessionsText } from '../messages';
import { ScrollTable } from './scroll-table';
import { SectionCard } from '../../../components/section-card';

/** Issue 8 (POPIA s23): the practitioner sees who looked at or changed this patient's data through the practice. */
export function AccessHistory({ sessionId }: { sessionId: string }) {
  const [open, setOpen] = useState(false);
  const history = useAccessHistory(sessionId, open);
  return (
    <SectionCard title={sessionsText('sessions.history.title')} id="session-access-history">
      <Text size="sm">{sessionsText('sessions.history.text')}</Text>
      <Box>
        {!open ? (
          <Button variant="default" onClick={() => setOpen(true)}>
            {sessionsText('sessions.history.show')}
          </Button>
        ) : (
          <Button variant="default" onClick={() => void history.refetch()} loading={history.isFetching}>
            {sessionsText('sessions.history.refresh')}
          </Button>
        )}
      </Box>
      {open && history.isPending && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{sessionsText('sessions.history.loading')}</Text>
        </Group>
      )}
      {open && history.isError && (
        <LoadFailed title={sessionsText('sessions.history.error')} message={errorText(history.error)} onRetry={() => void history.refetch()} />
      )}
      {history.data && history.data.results.length === 0 && <Text size="sm">{sessionsText('sessions.history.empty')}</Text>}
      {history.data && history.data.results.length > 0 && (
        <ScrollTable label={sessionsText('sessions.history.tableLabel')} minWidth={640}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{sessionsText('sessions.history.col.at')}</Table.Th>
                <Table.Th scope="col">{sessionsText('sessions.history.col.actor')}</Table.Th>
                <Table.Th scope="col">{sessionsText('sessions.history.col.action')}</Table.Th>
                <Table.Th scope="col">{sessionsText('sessions.history.col.category')}</Table.Th>
                <Table.Th scope="col">{sessionsText('sessions.history.col.outcome')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.results.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at)}</Table.Td>
                  <Table.Td>{row.actor}</Table.Td>
                  <Table.Td>{row.action}</Table.Td>
                  <Table.Td>{row.category}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={row.outcome === 'allowed' ? 'green' : 'red'} c="dark.8">
                      {row.outcome === 'allowed' ? sessionsText('sessions.history.outcome.allowed') : sessionsText('sessions.history.outcome.denied')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </SectionCard>
  );
}
