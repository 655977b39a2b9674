import { createHmac } from 'node:crypto';
import { asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { auditEvents, practitioners, sessions } from '../../db/schema';
import { AppError } from '../../lib/errors';

export type AuditCategory = 'session' | 'results' | 'component' | 'questionnaires' | 'pharmacogenomic report' | 'ai answer' | 'journal' | 'data request' | 'kit' | 'access history';
export type AuditAction = 'read' | 'accept' | 'reject' | 'request' | 'confirm' | 'decline' | 'save' | 'submit' | 'addendum' | 'ask' | 'assign' | 'import';

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
/** Any constant: the advisory lock that keeps the chain a single line across processes. */
const CHAIN_LOCK = 7_390_212;

type Row = typeof auditEvents.$inferSelect;

/** What a row's hash covers, in a fixed order, so verification recomputes exactly the same bytes. */
function canonical(r: Omit<Row, 'id' | 'hash'>): string {
  return JSON.stringify([
    r.at.toISOString(), r.actorUserId, r.practitionerId, r.patientId, r.sessionId, r.action, r.category, r.sourceIp, r.outcome, r.detail, r.prevHash,
  ]);
}

export function createAudit(db: Db, opts: { key: string }) {
  const seal = (r: Omit<Row, 'id' | 'hash'>) => createHmac('sha256', opts.key).update(canonical(r)).digest('hex');

  async function record(entry: AuditEntry) {
    // Fill the patient and practitioner from the session when the caller names only the session.
    let { patientId = null, practitionerId = null } = entry;
    if (entry.sessionId && (!patientId || !practitionerId)) {
      const [s] = await db.select({ patientId: sessions.patientId, practitionerId: sessions.practitionerId }).from(sessions).where(eq(sessions.id, entry.sessionId)).limit(1);
      patientId ??= s?.patientId ?? null;
      practitionerId ??= s?.practitionerId ?? null;
    }
    const sessionExists = entry.sessionId ? patientId !== null : false;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
      const [last] = await tx.select({ hash: auditEvents.hash }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
      const row = {
        at: new Date(),
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
        prevHash: last?.hash ?? GENESIS,
      };
      await tx.insert(auditEvents).values({ ...row, hash: seal(row) });
    });
  }

  return {
    record,

    /** Runs `fn` and records one row: allowed when it returns, denied (with the error code) when it throws. */
    async around<T>(request: FastifyRequest, entry: Omit<AuditEntry, 'outcome' | 'actorUserId' | 'sourceIp'>, fn: () => Promise<T>): Promise<T> {
      const base = { ...entry, actorUserId: request.auth?.userId ?? null, sourceIp: request.ip };
      let out: T;
      try {
        out = await fn();
      } catch (err) {
        await record({ ...base, outcome: 'denied', detail: err instanceof AppError ? `${err.statusCode} ${err.code}` : 'error' });
        throw err;
      }
      await record({ ...base, outcome: 'allowed' });
      return out;
    },

    /** Walks the chain in order; the first row whose link or seal does not hold is reported. */
    async verify(batch = 1000): Promise<{ ok: true; rows: number } | { ok: false; rows: number; brokenAt: number; reason: string }> {
      let prev = GENESIS;
      let lastId = 0;
      let rows = 0;
      for (;;) {
        const page = await db.select().from(auditEvents).where(gt(auditEvents.id, lastId)).orderBy(asc(auditEvents.id)).limit(batch);
        for (const r of page) {
          if (r.prevHash !== prev) return { ok: false, rows, brokenAt: r.id, reason: 'a row before it was changed or removed' };
          if (seal(r) !== r.hash) return { ok: false, rows, brokenAt: r.id, reason: 'the row was changed' };
          prev = r.hash;
          lastId = r.id;
          rows += 1;
        }
        if (page.length < batch) return { ok: true, rows };
      }
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

/** The practitioner profile id of a user, for filtering history. */
export async function practitionerIdOf(db: Db, userId: string) {
  const [p] = await db.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, userId)).limit(1);
  return p?.id ?? null;
}
