import {
  TRANSACTION_CSV_COLUMNS,
  TRANSACTION_CSV_ROW_CAP,
  TRANSACTION_KIND_LABELS,
  TRANSACTION_STATE_LABELS,
  transactionState,
  type Transaction,
  type TransactionKind,
  type TransactionListQuery,
  type TransactionPeriod,
  type TransactionTotalsQuery,
} from '@portal/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { isoOrNull, utcToday } from '../../lib/dates';
import { badStatusTransition, notFound } from '../../lib/errors';
import { shortName } from '../../lib/names';
import { practitionerOf } from '../sessions/access';
import * as repo from './repository';

type ListValues = z.output<typeof TransactionListQuery>;
type TotalsValues = z.output<typeof TransactionTotalsQuery>;

export function toTransaction(r: Awaited<ReturnType<typeof repo.listTransactions>>['rows'][number], now: Date): Transaction {
  const dueAt = isoOrNull(r.dueAt);
  const paidAt = isoOrNull(r.paidAt);
  return {
    id: r.id,
    kind: r.kind as TransactionKind,
    description: r.description,
    amountCents: r.amountCents,
    currency: r.currency as Transaction['currency'],
    state: transactionState({ dueAt, paidAt }, now),
    sessionID: r.sessionId,
    patientName: r.patientFirstName ? shortName(r.patientFirstName, r.patientLastName ?? '') : null,
    dueAt,
    paidAt,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listTransactions(ctx: AppContext, userId: string, q: ListValues) {
  const p = await practitionerOf(ctx, userId);
  const now = new Date();
  const { rows, count } = await repo.listTransactions(ctx.database.db, p.id, q, now);
  return {
    results: rows.map((r) => toTransaction(r, now)),
    count,
    limit: q.limit,
    offset: q.offset,
  };
}

export async function transactionTotals(ctx: AppContext, userId: string, q: TotalsValues) {
  const p = await practitionerOf(ctx, userId);
  const rows = await repo.transactionTotals(ctx.database.db, p.id, q.period as TransactionPeriod, q, new Date());
  return {
    results: rows.map((r) => ({
      ...r,
      currency: r.currency as Transaction['currency'],
    })),
  };
}

/** Minor units as a plain decimal ('-250.00'), by integer arithmetic. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${(abs % 100).toString().padStart(2, '0')}`;
}

/**
 * One CSV field: quoted when it holds a comma, quote or line break (quotes doubled); a text that a
 * spreadsheet would run as a formula is prefixed with an apostrophe.
 */
export function csvField(value: string, text = false): string {
  let v = value;
  if (text && /^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export async function exportTransactions(ctx: AppContext, userId: string, q: Omit<ListValues, 'limit' | 'offset'>) {
  const p = await practitionerOf(ctx, userId);
  const now = new Date();
  const rows = await repo.exportTransactions(ctx.database.db, p.id, q, now, TRANSACTION_CSV_ROW_CAP + 1);
  const truncated = rows.length > TRANSACTION_CSV_ROW_CAP;
  const lines = [TRANSACTION_CSV_COLUMNS.join(',')];
  for (const r of rows.slice(0, TRANSACTION_CSV_ROW_CAP)) {
    const t = toTransaction(r, now);
    lines.push(
      [
        csvField(t.createdAt),
        csvField(TRANSACTION_KIND_LABELS[t.kind]),
        csvField(t.description, true),
        csvField(centsToDecimal(t.amountCents)),
        csvField(t.currency),
        csvField(TRANSACTION_STATE_LABELS[t.state]),
        csvField(t.dueAt ?? ''),
        csvField(t.paidAt ?? ''),
        csvField(t.sessionID ?? ''),
        csvField(t.patientName ?? '', true),
        csvField(t.sessionID ? `${ctx.env.portalUrl}/sessions/${t.sessionID}` : ''),
      ].join(','),
    );
  }
  return {
    csv: `${lines.join('\r\n')}\r\n`,
    rows: Math.min(rows.length, TRANSACTION_CSV_ROW_CAP),
    truncated,
    filename: `transactions-${utcToday(now)}.csv`,
  };
}

// ---- The provider's side (admin) ---------------------------------------------------------------

export async function markFeePaid(ctx: AppContext, id: string) {
  const { db } = ctx.database;
  const row = await repo.markFeePaid(db, id);
  if (!row) {
    const existing = await repo.findTransaction(db, id);
    if (!existing) throw notFound();
    throw badStatusTransition(existing.kind !== 'data_request_fee' ? 'Only a data-request fee is paid to the provider' : 'This fee is already paid');
  }
  return toTransaction(row, new Date());
}
