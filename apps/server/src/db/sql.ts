/** Small helpers for the raw SQL the modules' repositories write. */
import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';
import { practitioners } from './schema';

/** node-postgres answers `{rows}`, PGlite answers `{rows}` too; keep the one access in one place. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** The SQLSTATE of a database error, wherever the driver or Drizzle put it. */
export function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && i < 4; i += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
const UNIQUE_VIOLATION = '23505';
export const isUniqueViolation = (err: unknown) => pgCode(err) === UNIQUE_VIOLATION;

/** A search term matched literally by LIKE/ILIKE: its own %, _ and \ escaped. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Locks the practice's row for the rest of the transaction, so writes that decide "the first",
 * "how many" or "no overlap" for one practice (addresses, slots, payment details, warehouses) see
 * one consistent list.
 */
export async function lockPractice(tx: Tx, practitionerId: string) {
  await tx.execute(sql`select id from ${practitioners} where id = ${practitionerId} for update`);
}

/** A table of a practice's own rows (addresses, slots, payment details, warehouses, discount codes). */
type PracticeTable = PgTable & { id: AnyPgColumn; practitionerId: AnyPgColumn };

/** The practice's row `id`: the condition every read or write of one of its own rows carries. */
const ownRow = (table: PracticeTable, practitionerId: string, id: string) => and(eq(table.id, id), eq(table.practitionerId, practitionerId));

/**
 * One row of a practice's own table by id, only when it is the practice's: another practice's row
 * and a missing one answer alike (undefined), so no caller can tell them apart.
 */
export async function findOfPractice<T extends PracticeTable>(
  db: Db | Tx,
  table: T,
  practitionerId: string,
  id: string,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(ownRow(table, practitionerId, id))
    .limit(1);
  return row as T['$inferSelect'] | undefined;
}

/** Every row of the practice's own table, in `order` (each list ends on the id, so it is stable). */
export async function listOfPractice<T extends PracticeTable>(db: Db | Tx, table: T, practitionerId: string, ...order: SQL[]): Promise<T['$inferSelect'][]> {
  return db
    .select()
    .from(table as PgTable)
    .where(eq(table.practitionerId, practitionerId))
    .orderBy(...order, asc(table.id));
}

/** How many rows of its own table a practice has (the limits, and "the first is primary"). */
async function countOfPractice(db: Db | Tx, table: PracticeTable, practitionerId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(table as PgTable)
    .where(eq(table.practitionerId, practitionerId));
  return Number(row?.n ?? 0);
}

/** Edits one of the practice's rows and stamps updated_at; undefined when it is not the practice's. */
export async function updateOfPractice<T extends PracticeTable>(
  db: Db | Tx,
  table: T,
  practitionerId: string,
  id: string,
  values: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .update(table as PgTable)
    .set({ ...values, updatedAt: new Date() })
    .where(ownRow(table, practitionerId, id))
    .returning();
  return row as T['$inferSelect'] | undefined;
}

/**
 * Adds a row to the practice's own table in one transaction, the first of them with the flag only
 * one row holds (`flagOnlyOfPractice`); 'full' when the practice already has `max`. The practice's
 * lock serialises concurrent additions, so "the first" and the limit are each decided once.
 * `onFirst` runs in the same transaction after the first row is added (the primary warehouse's stamp).
 */
export function insertFlaggedFirst<T extends PracticeTable>(
  db: Db,
  table: T,
  flag: 'primary' | 'isDefault',
  practitionerId: string,
  values: Omit<T['$inferInsert'], 'practitionerId' | typeof flag>,
  max: number,
  onFirst?: (tx: Tx, row: T['$inferSelect']) => Promise<unknown>,
): Promise<T['$inferSelect'] | 'full'> {
  return db.transaction(async (tx) => {
    await lockPractice(tx, practitionerId);
    const n = await countOfPractice(tx, table, practitionerId);
    if (n >= max) return 'full' as const;
    const [inserted] = await tx
      .insert(table as PgTable)
      .values({ ...values, practitionerId, [flag]: n === 0 })
      .returning();
    const row = inserted as T['$inferSelect'];
    if (n === 0) await onFirst?.(tx, row);
    return row;
  });
}

/**
 * Gives the practice's row `id` the flag only one of its rows holds (the primary address, the
 * default payment details, the primary warehouse) and takes it from the others, under the
 * practice's lock in the caller's transaction. Undefined when the row is not the practice's.
 */
export async function flagOnlyOfPractice<T extends PracticeTable>(
  tx: Tx,
  table: T,
  flag: 'primary' | 'isDefault',
  practitionerId: string,
  id: string,
): Promise<T['$inferSelect'] | undefined> {
  await lockPractice(tx, practitionerId);
  if (!(await findOfPractice(tx, table, practitionerId, id))) return undefined;
  const flagColumn = (table as unknown as Record<typeof flag, AnyPgColumn>)[flag];
  await tx
    .update(table as PgTable)
    .set({ [flag]: false, updatedAt: new Date() })
    .where(and(eq(table.practitionerId, practitionerId), eq(flagColumn, true), ne(table.id, id)));
  const [row] = await tx
    .update(table as PgTable)
    .set({ [flag]: true, updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning();
  return row as T['$inferSelect'] | undefined;
}
