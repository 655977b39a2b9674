import { createHmac } from 'node:crypto';
import { asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { auditEvents, practitionerCategories, practitioners, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { rowsOf } from '../../db/sql';

export type AuditCategory =
  | 'session'
  | 'results'
  | 'component'
  | 'questionnaires'
  | 'pharmacogenomic report'
  | 'ai answer'
  | 'journal'
  | 'data request'
  | 'kit'
  | 'access history'
  | 'calendar feed';
export type AuditAction =
  'read' | 'accept' | 'reject' | 'request' | 'confirm' | 'decline' | 'save' | 'submit' | 'addendum' | 'ask' | 'assign' | 'import' | 'revoke';

export interface AuditEntry {
  actorUserId: string | null;
  sessionId?: string | null;
  patientId?: string | null;
  practitionerId?: string | null;
  action: AuditAction;
  category: AuditCategory;
  sourceIp?: string | null;
  outcome: 'allowed' | 'denied';
  detail?: string | null;
}

const GENESIS = 'genesis';

type Row = typeof auditEvents.$inferSelect;

/** What a row's hash covers, in a fixed order, so verification recomputes exactly the same bytes. */
function canonical(r: Omit<Row, 'id' | 'hash'>): string {
  return JSON.stringify([
    r.at.toISOString(),
    r.actorUserId,
    r.practitionerId,
    r.patientId,
    r.sessionId,
    r.action,
    r.category,
    r.sourceIp,
    r.outcome,
    r.detail,
    r.prevHash,
  ]);
}

/** Rows per sealing transaction, so one huge queue does not hold the chain lock for long. */
const MAX_BATCH = 20_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row before sealing: what the caller said, stamped with the time it was recorded. */
export type PendingRow = Omit<Row, 'id' | 'hash' | 'prevHash'>;

export function createAudit(db: Db, opts: { key: string }) {
  const seal = (r: Omit<Row, 'id' | 'hash'>) => createHmac('sha256', opts.key).update(canonical(r)).digest('hex');

  /**
   * The chain's last hash as this process last saw it (null: not known, read it). Another process
   * appending moves the real one on; audit_append then answers with it and the batch is sealed again.
   */
  let tail: string | null = null;
  /** Tries before giving up on a chain other processes keep moving (each try is one round trip). */
  const APPEND_TRIES = 20;

  /**
   * Appends rows to the chain: seals each on the one before, from the last hash, and hands them to
   * the database function audit_append (migration 0008), which under the chain lock inserts them
   * only if that hash is still the last — one statement, one round trip, its own transaction. Ids come
   * from one sequence in the rows' order, and the lock keeps other writers (other processes too) out
   * until the commit.
   */
  async function appendSealed(rows: PendingRow[]) {
    if (!rows.length) return;
    try {
      for (let attempt = 0; attempt < APPEND_TRIES; attempt++) {
        if (tail === null) {
          const [last] = await db.select({ hash: auditEvents.hash }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
          tail = last?.hash ?? GENESIS;
        }
        const expected = tail;
        let prevHash = expected;
        const sealed = rows.map((r) => {
          const row = { ...r, prevHash };
          prevHash = seal(row);
          return { ...row, hash: prevHash };
        });
        const col = <K extends keyof (typeof sealed)[number]>(k: K) => sql.param(sealed.map((r) => r[k]));
        const [result] = rowsOf<{ tail: string | null }>(
          await db.execute(sql`select audit_append(${expected}, ${sql.param(sealed.map((r) => r.at.toISOString()))}::timestamptz[], ${col('actorUserId')}::uuid[],
            ${col('practitionerId')}::uuid[], ${col('patientId')}::uuid[], ${col('sessionId')}::uuid[], ${col('action')}::text[], ${col('category')}::text[],
            ${col('sourceIp')}::text[], ${col('outcome')}::text[], ${col('detail')}::text[], ${col('prevHash')}::text[], ${col('hash')}::text[]) as tail`),
        );
        if (result && result.tail === null) {
          tail = prevHash;
          return;
        }
        tail = result?.tail ?? null;
      }
      throw new Error('audit: the chain kept moving; the rows were not appended');
    } catch (err) {
      // Whatever happened (the database went away, say), the last hash is read afresh next time.
      tail = null;
      throw err;
    }
  }

  /** Fills the patient and practitioner from the session when the caller names only the session. */
  async function complete(entries: Array<AuditEntry & { at: Date }>): Promise<PendingRow[]> {
    const wanted = [...new Set(entries.filter((e) => e.sessionId && (!e.patientId || !e.practitionerId)).map((e) => e.sessionId!))];
    // An id that is not a uuid names no session (the routes validate ids; this keeps one bad entry from failing a batch).
    const ids = wanted.filter((id) => UUID.test(id));
    const found = new Map<string, { patientId: string; practitionerId: string }>();
    if (ids.length) {
      const rows = await db
        .select({
          id: sessions.id,
          patientId: sessions.patientId,
          practitionerId: sessions.practitionerId,
        })
        .from(sessions)
        .where(inArray(sessions.id, ids));
      for (const r of rows) found.set(r.id, r);
    }
    return entries.map((entry) => {
      let { patientId = null, practitionerId = null } = entry;
      if (entry.sessionId && (!patientId || !practitionerId)) {
        const s = found.get(entry.sessionId);
        patientId ??= s?.patientId ?? null;
        practitionerId ??= s?.practitionerId ?? null;
      }
      const sessionExists = entry.sessionId ? patientId !== null : false;
      return {
        at: entry.at,
        actorUserId: entry.actorUserId,
        practitionerId,
        patientId,
        // An id that names no session is kept in the detail, not as a reference to nothing.
        sessionId: sessionExists ? entry.sessionId! : null,
        action: entry.action,
        category: entry.category,
        sourceIp: entry.sourceIp ?? null,
        outcome: entry.outcome,
        detail: entry.detail ?? (entry.sessionId && !sessionExists ? `unknown session ${entry.sessionId}` : null),
      };
    });
  }

  /*
   * Group commit: entries recorded while a batch is being sealed wait in the queue and go into the
   * next batch together — one session look-up, one transaction and one chain lock per batch instead
   * of per row. Every caller still awaits the commit of its own batch, so a response never goes
   * out before its audit row is durable, and a failed batch fails each of its requests.
   */
  let queue: Array<{
    entry: AuditEntry & { at: Date };
    resolve: () => void;
    reject: (err: unknown) => void;
  }> = [];
  let sealing = false;

  async function drain() {
    sealing = true;
    try {
      while (queue.length) {
        const batch = queue.length > MAX_BATCH ? queue.splice(0, MAX_BATCH) : queue;
        if (batch === queue) queue = [];
        try {
          await appendSealed(await complete(batch.map((b) => b.entry)));
          for (const b of batch) b.resolve();
        } catch (err) {
          for (const b of batch) b.reject(err);
        }
      }
    } finally {
      sealing = false;
    }
  }

  /** Records one row; resolves once the row is committed. */
  function record(entry: AuditEntry): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      queue.push({ entry: { ...entry, at: new Date() }, resolve, reject });
      if (!sealing) void drain();
    });
  }

  return {
    record,
    appendSealed,

    /** Runs `fn` and records one row: allowed when it returns, denied (with the error code) when it throws. */
    async around<T>(request: FastifyRequest, entry: Omit<AuditEntry, 'outcome' | 'actorUserId' | 'sourceIp'>, fn: () => Promise<T>): Promise<T> {
      const base = {
        ...entry,
        actorUserId: request.auth?.userId ?? null,
        sourceIp: request.ip,
      };
      let out: T;
      try {
        out = await fn();
      } catch (err) {
        await record({
          ...base,
          outcome: 'denied',
          detail: err instanceof AppError ? `${err.statusCode} ${err.code}` : 'error',
        });
        throw err;
      }
      await record({ ...base, outcome: 'allowed' });
      return out;
    },

    /** The lab's data entered a patient's record through the admin API: the provider is the actor, no user. */
    labImport(request: FastifyRequest, sessionId: string, category: AuditCategory, detail: string): Promise<void> {
      return record({ actorUserId: null, sessionId, action: 'import', category, outcome: 'allowed', sourceIp: request.ip, detail });
    },

    /**
     * Walks the chain in order; the first row whose link or seal does not hold is reported. With
     * `afterId`, only the rows after that one, linked from its hash (a check of what was added since).
     */
    async verify(batch = 1000, afterId = 0): Promise<{ ok: true; rows: number } | { ok: false; rows: number; brokenAt: number; reason: string }> {
      let prev = GENESIS;
      if (afterId > 0) {
        const [from] = await db.select({ hash: auditEvents.hash }).from(auditEvents).where(eq(auditEvents.id, afterId));
        if (!from)
          return {
            ok: false,
            rows: 0,
            brokenAt: afterId,
            reason: 'the row to start from is missing',
          };
        prev = from.hash;
      }
      let lastId = afterId;
      let rows = 0;
      for (;;) {
        const page = await db.select().from(auditEvents).where(gt(auditEvents.id, lastId)).orderBy(asc(auditEvents.id)).limit(batch);
        for (const r of page) {
          if (r.prevHash !== prev)
            return {
              ok: false,
              rows,
              brokenAt: r.id,
              reason: 'a row before it was changed or removed',
            };
          if (seal(r) !== r.hash)
            return {
              ok: false,
              rows,
              brokenAt: r.id,
              reason: 'the row was changed',
            };
          prev = r.hash;
          lastId = r.id;
          rows += 1;
        }
        if (page.length < batch) return { ok: true, rows };
      }
    },

    /** The id of the newest row (0 when there is none): a starting point for verify(batch, afterId). */
    async lastId() {
      const [last] = await db.select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
      return last?.id ?? 0;
    },

    /** Access history: who looked at or changed what, newest first. */
    history(filter: { patientId: string; practitionerId?: string }, limit = 200) {
      const where = filter.practitionerId
        ? sql`${auditEvents.patientId} = ${filter.patientId} and ${auditEvents.practitionerId} = ${filter.practitionerId}`
        : sql`${auditEvents.patientId} = ${filter.patientId}`;
      return db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.id)).limit(limit);
    },
  };
}

export type Audit = ReturnType<typeof createAudit>;

/**
 * How a patient's access history names the practitioners of its rows (each row's practitioner is
 * the session's, so the patient's own): their user, and 'First Last (Category, practice 0123456)'.
 */
export async function practitionerNames(db: Db, practitionerIds: string[]): Promise<Map<string, { userId: string; name: string }>> {
  const ids = [...new Set(practitionerIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: practitioners.id,
      userId: practitioners.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      category: practitionerCategories.name,
      practiceNumber: practitioners.practiceNumber,
    })
    .from(practitioners)
    .innerJoin(users, eq(users.id, practitioners.userId))
    .leftJoin(practitionerCategories, eq(practitionerCategories.id, practitioners.categoryId))
    .where(inArray(practitioners.id, ids));
  return new Map(
    rows.map((r) => {
      const about = [r.category, r.practiceNumber ? `practice ${r.practiceNumber}` : null].filter(Boolean).join(', ');
      return [r.id, { userId: r.userId, name: `${r.firstName} ${r.lastName}`.trim() + (about ? ` (${about})` : '') }];
    }),
  );
}
