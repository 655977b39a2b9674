import { TransactionRollbackError, and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { journalEntries, sessions, users } from '../../db/schema';

export type EntryRow = typeof journalEntries.$inferSelect;

const mainOf = (sessionId: string) => and(eq(journalEntries.sessionId, sessionId), isNull(journalEntries.parentId));

export async function findMain(db: Db | Tx, sessionId: string) {
  const [row] = await db.select().from(journalEntries).where(mainOf(sessionId)).limit(1);
  return row;
}

export async function sessionStatus(db: Db, sessionId: string): Promise<number> {
  const [row] = await db.select({ status: sessions.status }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row?.status ?? 0;
}

export const addendaOf = (db: Db, parentId: string) =>
  db.select().from(journalEntries).where(eq(journalEntries.parentId, parentId)).orderBy(asc(journalEntries.createdAt), asc(journalEntries.id));

/**
 * Creates or updates the session's draft. A submitted entry is never changed: the update only
 * applies while the entry is 'Saved', so nothing is returned for a submitted one.
 */
export async function upsertDraft(db: Db | Tx, values: { sessionId: string; practitionerId: string; description: string }) {
  const rows = await db
    .insert(journalEntries)
    .values({ ...values, status: 'Saved' })
    .onConflictDoUpdate({
      target: journalEntries.sessionId,
      targetWhere: sql`${journalEntries.parentId} is null`,
      set: { description: values.description, updatedAt: new Date() },
      setWhere: sql`${journalEntries.status} = 'Saved'`,
    })
    .returning();
  return rows[0] ?? null;
}

/**
 * Submits the entry and completes the session in one transaction: both conditional updates must
 * match, or neither happens.
 */
export async function submitAndComplete(db: Db, opts: { sessionId: string; practitionerId: string; description: string }) {
  return db
    .transaction(async (tx) => {
      const draft = await upsertDraft(tx, opts);
      if (!draft) return null;
      const now = new Date();
      const [entry] = await tx
        .update(journalEntries)
        .set({ status: 'Submitted', submittedAt: now, updatedAt: now })
        .where(and(eq(journalEntries.id, draft.id), eq(journalEntries.status, 'Saved')))
        .returning();
      const completed = await tx
        .update(sessions)
        .set({ status: 4, completedAt: now, updatedAt: now })
        .where(and(eq(sessions.id, opts.sessionId), eq(sessions.practitionerId, opts.practitionerId), eq(sessions.status, 2)))
        .returning({ id: sessions.id });
      if (!entry || completed.length !== 1) {
        tx.rollback();
      }
      return entry!;
    })
    .catch((err: unknown) => {
      // drizzle signals tx.rollback() with an error; a refused submit is not a failure of the database.
      if (err instanceof TransactionRollbackError) return null;
      throw err;
    });
}

export async function insertAddendum(db: Db, values: { sessionId: string; practitionerId: string; parentId: string; description: string }) {
  const now = new Date();
  const [row] = await db
    .insert(journalEntries)
    .values({ ...values, status: 'Submitted', submittedAt: now, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

const listColumns = {
  entry: journalEntries,
  session: { id: sessions.id, status: sessions.status, bookingTime: sessions.bookingTime },
  user: { id: users.id, firstName: users.firstName, lastName: users.lastName, synthetic: users.synthetic },
};
export type ListRow = {
  entry: EntryRow;
  session: { id: string; status: number; bookingTime: Date };
  user: { id: string; firstName: string; lastName: string; synthetic: boolean };
};

function listBase(db: Db) {
  return db
    .select(listColumns)
    .from(journalEntries)
    .innerJoin(sessions, eq(sessions.id, journalEntries.sessionId))
    .innerJoin(users, eq(users.id, sessions.patientId));
}

/** The practitioner's journal entries (main entries; addenda show with their entry), paged. */
export async function listForPractitioner(db: Db, practitionerId: string, q: { status?: string; search?: string; limit: number; offset: number }) {
  const conditions: SQL[] = [eq(journalEntries.practitionerId, practitionerId), isNull(journalEntries.parentId)];
  if (q.status) conditions.push(eq(journalEntries.status, q.status));
  for (const w of (q.search ?? '').split(/\s+/).filter(Boolean).slice(0, 4)) {
    const term = `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.firstName, term), ilike(users.lastName, term), ilike(journalEntries.description, term))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    listBase(db).where(where).orderBy(desc(journalEntries.updatedAt), desc(journalEntries.id)).limit(q.limit).offset(q.offset),
    db
      .select({ n: count() })
      .from(journalEntries)
      .innerJoin(sessions, eq(sessions.id, journalEntries.sessionId))
      .innerJoin(users, eq(users.id, sessions.patientId))
      .where(where),
  ]);
  return { rows: rows as ListRow[], count: Number(total?.n ?? 0) };
}

export async function findOwnedEntry(db: Db, practitionerId: string, id: string) {
  const [row] = await listBase(db)
    .where(and(eq(journalEntries.id, id), eq(journalEntries.practitionerId, practitionerId), isNull(journalEntries.parentId)))
    .limit(1);
  return row as ListRow | undefined;
}
