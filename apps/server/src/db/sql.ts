/** Small helpers for the raw SQL the modules' repositories write. */

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
