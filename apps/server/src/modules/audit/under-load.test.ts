import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, dataRequests, kits, results, sessions } from '../../db/schema';
import { createTestApp, createUser, type Harness } from '../../test/harness';

/**
 * The quick version of bench/api-load.ts (issue 9): the mixed workload — 70% session-detail reads,
 * 25% lists, 5% accepts of distinct requested sessions — over real HTTP with 10 concurrent
 * connections, at a small size. Pass or fail on correctness, never on time: every answer 200, exactly
 * one audit row per read and per accept (the audit trail seals rows in groups under load), and the
 * chain verifies.
 */
let h: Harness;
let base: string;
beforeAll(async () => {
  h = await createTestApp();
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterAll(() => h.close());

const CYCLES = 20;
const CONNECTIONS = 10;

describe('the API under a mixed load', () => {
  it('answers every request, writes exactly one audit row per read and per accept, and the chain holds', async () => {
    const since = await h.app.ctx.audit.lastId();
    const doc = await createUser(h, { practitionerStatus: 2 });
    const patient = await createUser(h, { role: 'patient' });
    const practitionerId = (await h.app.inject({ url: '/api/portal/me/', headers: doc.auth })).json().id as string;
    const booking = new Date(Date.now() + 2 * 86_400_000);
    // The session that is read: accepted, data confirmed, a kit with a result.
    const [read] = await h.db
      .insert(sessions)
      .values({
        patientId: patient.user.id,
        practitionerId,
        status: 2,
        bookingTime: booking,
      })
      .returning();
    await h.db.insert(dataRequests).values({
      sessionId: read!.id,
      status: 'confirmed',
      answeredAt: new Date(),
    });
    const [kit] = await h.db
      .insert(kits)
      .values({
        sampleLabel: `L-${read!.id.slice(0, 8)}`,
        sessionId: read!.id,
        patientId: patient.user.id,
        status: 'results_available',
        collectionIds: [1],
      })
      .returning();
    const data = {
      swab: {
        minerals: [{ componentID: 'calcium', title: 'Calcium', riskLevel: 0 }],
        vitamins: [{ componentID: 'vitamin-d', title: 'Vitamin D', riskLevel: 1 }],
      },
    };
    await h.db.insert(results).values({
      kitId: kit!.id,
      title: 'Nutrigenomics',
      data,
      engineVersion: 'test',
    });
    // One requested session per accept: writes never meet on a row.
    const requested = (
      await h.db
        .insert(sessions)
        .values(
          Array.from({ length: CYCLES }, () => ({
            patientId: patient.user.id,
            practitionerId,
            status: 1,
            bookingTime: booking,
          })),
        )
        .returning({ id: sessions.id })
    ).map((r) => r.id);

    const cycle = (
      i: number,
    ): Array<{
      kind: 'read' | 'list' | 'accept';
      method: string;
      path: string;
    }> => [
      ...Array.from({ length: 14 }, () => ({
        kind: 'read' as const,
        method: 'GET',
        path: `/api/portal/sessions/${read!.id}`,
      })),
      ...['?status=1&limit=20', '?limit=20&offset=20', '?search=test&limit=20', '?status=2&limit=5', '?limit=20'].map((q) => ({
        kind: 'list' as const,
        method: 'GET',
        path: `/api/portal/sessions/${q}`,
      })),
      {
        kind: 'accept',
        method: 'POST',
        path: `/api/portal/sessions/${requested[i]}/accept`,
      },
    ];
    const plan = Array.from({ length: CYCLES }, (_, i) => cycle(i)).flat();
    const answers: Array<{ kind: string; status: number }> = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < plan.length) {
          const step = plan[next++]!;
          const res = await fetch(`${base}${step.path}`, {
            method: step.method,
            headers: doc.auth,
          });
          await res.arrayBuffer();
          answers.push({ kind: step.kind, status: res.status });
        }
      }),
    );

    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(answers).toHaveLength(plan.length);
    const reads = answers.filter((a) => a.kind === 'read').length;
    const readRows = await h.db
      .select({ id: auditEvents.id, outcome: auditEvents.outcome })
      .from(auditEvents)
      .where(and(eq(auditEvents.sessionId, read!.id), eq(auditEvents.action, 'read'), eq(auditEvents.category, 'session')));
    expect(readRows).toHaveLength(reads);
    expect(readRows.every((r) => r.outcome === 'allowed')).toBe(true);
    const acceptRows = await h.db
      .select({ sessionId: auditEvents.sessionId })
      .from(auditEvents)
      .where(and(inArray(auditEvents.sessionId, requested), eq(auditEvents.action, 'accept')));
    expect(acceptRows.map((r) => r.sessionId).sort()).toEqual([...requested].sort());
    const decided = await h.db.select({ status: sessions.status }).from(sessions).where(inArray(sessions.id, requested));
    expect(decided.every((s) => s.status === 2)).toBe(true);
    // From the row before the workload: on a shared test database the audit test tampers with older rows.
    expect(await h.app.ctx.audit.verify(1000, since)).toMatchObject({
      ok: true,
    });
  });

  it('an entry that names no real session does not break the batch it is sealed in', async () => {
    const audit = h.app.ctx.audit;
    const since = await audit.lastId();
    // A session id that is not a uuid cannot break a batch: it is recorded as an unknown session.
    await Promise.all([
      audit.record({
        actorUserId: null,
        sessionId: 'not-a-uuid',
        action: 'read',
        category: 'session',
        outcome: 'denied',
      }),
      audit.record({
        actorUserId: null,
        action: 'read',
        category: 'session',
        outcome: 'denied',
        detail: 'under-load test',
      }),
    ]);
    const [row] = await h.db.select().from(auditEvents).where(eq(auditEvents.detail, 'unknown session not-a-uuid'));
    expect(row).toMatchObject({ sessionId: null, outcome: 'denied' });
    expect(await audit.verify(1000, since)).toMatchObject({ ok: true });
  });
});
