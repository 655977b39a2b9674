import { and, count, desc, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { transactions } from '../../db/schema';

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

export async function listTransactions(db: Executor, practitionerId: string, f: TransactionFilter & { limit: number; offset: number }, now: Date) {
  const where = transactionWhere(practitionerId, f, now);
  const [rows, [total]] = await Promise.all([
    db.select().from(transactions).where(where).orderBy(desc(transactions.createdAt), desc(transactions.id)).limit(f.limit).offset(f.offset),
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
  return db
    .select()
    .from(transactions)
    .where(transactionWhere(practitionerId, f, now))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(cap);
}

/** The provider marks a fee paid, once. */
export async function markFeePaid(db: Executor, id: string) {
  const [row] = await db
    .update(transactions)
    .set({ paidAt: new Date() })
    .where(and(eq(transactions.id, id), eq(transactions.kind, 'data_request_fee'), isNull(transactions.paidAt)))
    .returning();
  return row;
}

export async function findTransaction(db: Executor, id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  return row;
}
