import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { TRANSACTION_KIND_LABELS, TRANSACTION_STATE_LABELS, type Transaction, type TransactionState } from '@portal/contract';
import { RowCard, RowCards, useNarrow } from '../../../components/row-cards';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../i18n/i18n';
import { transactionsText } from '../messages';
import { Money } from './money';

const STATE_COLOR: Record<TransactionState, string> = { paid: 'green', due: 'blue', overdue: 'red' };

export function TransactionStateBadge({ state }: { state: TransactionState }) {
  return (
    <Badge variant="light" color={STATE_COLOR[state]} c="dark.8">
      {TRANSACTION_STATE_LABELS[state]}
    </Badge>
  );
}

/**
 * Whom a transaction concerns, as the mails and the calendar name patients ('Thandi N.'), linked to
 * the session when it has one (a data-request fee); a sale names its buyer without a link.
 */
export function TransactionPatient({ tx }: { tx: Transaction }) {
  if (tx.sessionID)
    return (
      <Anchor
        component={Link}
        to={paths.sessionOverview(tx.sessionID)}
        c="blue.9"
        size="sm"
        aria-label={transactionsText('tx.sessionOf', { name: tx.patientName ?? transactionsText('tx.aPatient') })}
      >
        {tx.patientName ?? transactionsText('tx.session')}
      </Anchor>
    );
  return tx.patientName ?? transactionsText('tx.none');
}

/** The rows of Latest transactions and of the full list: one table for both. */
export function TransactionsTable({ rows, label }: { rows: Transaction[]; label: string }) {
  const narrow = useNarrow();
  if (narrow)
    // On a phone (SPEC §9's 768 px) each transaction is a card: its type, state and amount on top.
    return (
      <RowCards label={label}>
        {rows.map((tx) => (
          <RowCard
            key={tx.id}
            title={
              <Text size="sm" fw={600}>
                {TRANSACTION_KIND_LABELS[tx.kind]} · <Money cents={tx.amountCents} currency={tx.currency} />
              </Text>
            }
            badge={<TransactionStateBadge state={tx.state} />}
            facts={[
              { term: transactionsText('tx.col.date'), value: formatDate(tx.createdAt) },
              { term: transactionsText('tx.col.description'), value: tx.description },
              { term: transactionsText('tx.col.patient'), value: <TransactionPatient tx={tx} /> },
              { term: transactionsText('tx.col.due'), value: tx.dueAt ? formatDate(tx.dueAt) : transactionsText('tx.none') },
            ]}
          />
        ))}
      </RowCards>
    );
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{transactionsText('tx.col.date')}</Table.Th>
            <Table.Th scope="col">{transactionsText('tx.col.kind')}</Table.Th>
            <Table.Th scope="col">{transactionsText('tx.col.description')}</Table.Th>
            <Table.Th scope="col">{transactionsText('tx.col.patient')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {transactionsText('tx.col.amount')}
            </Table.Th>
            <Table.Th scope="col">{transactionsText('tx.col.state')}</Table.Th>
            <Table.Th scope="col">{transactionsText('tx.col.due')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((tx) => (
            <Table.Tr key={tx.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(tx.createdAt)}</Table.Td>
              <Table.Td>{TRANSACTION_KIND_LABELS[tx.kind]}</Table.Td>
              <Table.Td>{tx.description}</Table.Td>
              <Table.Td>
                <TransactionPatient tx={tx} />
              </Table.Td>
              <Table.Td ta="right">
                <Money cents={tx.amountCents} currency={tx.currency} />
              </Table.Td>
              <Table.Td>
                <TransactionStateBadge state={tx.state} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{tx.dueAt ? formatDate(tx.dueAt) : transactionsText('tx.none')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
