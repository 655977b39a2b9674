/** Small helpers for the raw SQL the modules' repositories write. */
import { and, eq, sql } from 'drizzle-orm';
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

/**
 * One row of a practice's own table by id, only when it is the practice's: another practice's row
 * and a missing one answer alike (undefined), so no caller can tell them apart.
 */
export async function findOfPractice<T extends PgTable & { id: AnyPgColumn; practitionerId: AnyPgColumn }>(
  db: Db | Tx,
  table: T,
  practitionerId: string,
  id: string,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.practitionerId, practitionerId)))
    .limit(1);
  return row as T['$inferSelect'] | undefined;
}
