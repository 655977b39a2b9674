import { and, count, desc, eq, getTableColumns, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { orders, sessions, transactions, users } from '../../db/schema';

type Executor = Db | Tx;

/** Start of a UTC day, and of the day after (for an inclusive 'to' date). */
const dayStart = (date: string) => new Date(`${date}T00:00:00.000Z`);
const dayAfter = (date: string) => new Date(dayStart(date).getTime() + 86_400_000);

export interface TransactionFilter {
  kind?: string;
  state?: 'paid' | 'due' | 'overdue';
  from?: string;
  to?: string;
}

/** The filters as SQL; the state rule is contract's transactionState at `now`. */
function transactionWhere(practitionerId: string, f: TransactionFilter, now: Date) {
  const t = transactions;
  const conditions: SQL[] = [eq(t.practitionerId, practitionerId)];
  if (f.kind) conditions.push(eq(t.kind, f.kind));
  if (f.from) conditions.push(gte(t.createdAt, dayStart(f.from)));
  if (f.to) conditions.push(lt(t.createdAt, dayAfter(f.to)));
  if (f.state === 'paid') conditions.push(isNotNull(t.paidAt));
  if (f.state === 'overdue') conditions.push(isNull(t.paidAt), lt(t.dueAt, now));
  if (f.state === 'due') conditions.push(isNull(t.paidAt), or(isNull(t.dueAt), gte(t.dueAt, now))!);
  return and(...conditions);
}

const sessionPatient = alias(users, 'session_patient');
const orderPatient = alias(users, 'order_patient');

/**
 * Transactions with the patient they concern: the patient of the session (a data-request fee) or of
 * the order (a kit sale and its discount). Null when there is none (a row without either).
 */
function withPatient(db: Executor) {
  return db
    .select({
      ...getTableColumns(transactions),
      patientFirstName: sql<string | null>`coalesce(${sessionPatient.firstName}, ${orderPatient.firstName})`,
      patientLastName: sql<string | null>`coalesce(${sessionPatient.lastName}, ${orderPatient.lastName})`,
    })
    .from(transactions)
    .leftJoin(sessions, eq(sessions.id, transactions.sessionId))
    .leftJoin(sessionPatient, eq(sessionPatient.id, sessions.patientId))
    .leftJoin(orders, eq(orders.id, transactions.orderId))
    .leftJoin(orderPatient, eq(orderPatient.id, orders.patientId));
}

export async function listTransactions(db: Executor, practitionerId: string, f: TransactionFilter & { limit: number; offset: number }, now: Date) {
  const where = transactionWhere(practitionerId, f, now);
  const [rows, [total]] = await Promise.all([
    withPatient(db).where(where).orderBy(desc(transactions.createdAt), desc(transactions.id)).limit(f.limit).offset(f.offset),
    db.select({ n: count() }).from(transactions).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** Sums per period (UTC) and currency, in the database; integer arithmetic throughout. */
export async function transactionTotals(db: Executor, practitionerId: string, period: 'day' | 'week' | 'month', f: TransactionFilter, now: Date) {
  const t = transactions;
  const sum = (filter?: SQL) =>
    (filter
      ? sql<number>`coalesce(sum(${t.amountCents}) filter (where ${filter}), 0)::bigint`
      : sql<number>`coalesce(sum(${t.amountCents}), 0)::bigint`
    ).mapWith(Number);
  return db
    .select({
      period: sql<string>`to_char(date_trunc(${period}, ${t.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
      currency: t.currency,
      fees: sum(sql`${t.kind} = 'data_request_fee'`),
      sales: sum(sql`${t.kind} in ('kit_sale', 'consultation_sale')`),
      discounts: sum(sql`${t.kind} = 'discount'`),
      net: sum(),
      outstanding: sum(sql`${t.paidAt} is null`),
    })
    .from(t)
    .where(transactionWhere(practitionerId, f, now))
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1 desc`, sql`2`);
}

/** Up to `cap` rows for the export, newest first. */
export async function exportTransactions(db: Executor, practitionerId: string, f: TransactionFilter, now: Date, cap: number) {
  return withPatient(db)
    .where(transactionWhere(practitionerId, f, now))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(cap);
}

/** The provider marks a fee paid, once; the row as the lists read it, or undefined when nothing changed. */
export async function markFeePaid(db: Executor, id: string) {
  const [paid] = await db
    .update(transactions)
    .set({ paidAt: new Date() })
    .where(and(eq(transactions.id, id), eq(transactions.kind, 'data_request_fee'), isNull(transactions.paidAt)))
    .returning({ id: transactions.id });
  if (!paid) return undefined;
  const [row] = await withPatient(db).where(eq(transactions.id, paid.id)).limit(1);
  return row;
}

export async function findTransaction(db: Executor, id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  return row;
}
