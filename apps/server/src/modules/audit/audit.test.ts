import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { createTestApp, createUser, practice, session, type Harness } from '../../test/harness';
import { createAudit } from './service';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(() => h.close());

async function acceptedSession() {
  const doc = await practice(h);
  const { id, patient } = await session(h, doc);
  return { doc, patient, id, practitionerId: doc.id };
}
const rowsFor = (sessionId: string) => h.db.select().from(auditEvents).where(eq(auditEvents.sessionId, sessionId)).orderBy(auditEvents.id);

describe('audit trail', () => {
  it('writes exactly one row per read and per state change, with who, whom, what, where and the outcome', async () => {
    const { doc, patient, id, practitionerId } = await acceptedSession();
    const before = (await rowsFor(id)).length;
    await h.app.inject({
      url: `/api/portal/sessions/${id}/results`,
      headers: doc.auth,
      remoteAddress: '10.1.2.3',
    });
    const rows = await rowsFor(id);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      actorUserId: doc.user.id,
      practitionerId,
      patientId: patient.user.id,
      sessionId: id,
      action: 'read',
      category: 'results',
      sourceIp: '10.1.2.3',
      outcome: 'denied',
      detail: '404 400404',
    });
    expect(rows.at(-1)!.at).toBeInstanceOf(Date);
    expect(rows.map((r) => `${r.category}:${r.action}:${r.outcome}`)).toContain('session:accept:allowed');
  });

  it("records another practitioner's attempt as a denial", async () => {
    const { id, patient } = await acceptedSession();
    const other = await createUser(h, { practitionerStatus: 2 });
    expect(
      (
        await h.app.inject({
          url: `/api/portal/sessions/${id}/questionnaires`,
          headers: other.auth,
        })
      ).statusCode,
    ).toBe(404);
    const last = (await rowsFor(id)).at(-1)!;
    expect(last).toMatchObject({
      actorUserId: other.user.id,
      patientId: patient.user.id,
      category: 'questionnaires',
      outcome: 'denied',
    });
  });

  it('the application can only insert: updates and deletes are refused by the database', async () => {
    const { id } = await acceptedSession();
    const [row] = await rowsFor(id);
    const reason = (p: Promise<unknown>) =>
      p.then(
        () => 'accepted',
        (err: Error & { cause?: Error }) => String(err.cause?.message ?? err.message),
      );
    expect(await reason(h.db.update(auditEvents).set({ outcome: 'allowed' }).where(eq(auditEvents.id, row!.id)))).toMatch(/append-only/);
    expect(await reason(h.db.delete(auditEvents).where(eq(auditEvents.id, row!.id)))).toMatch(/append-only/);
    expect((await h.db.select().from(auditEvents).where(eq(auditEvents.id, row!.id)))[0]).toEqual(row);
  });

  it('verification holds on an untouched chain and finds a changed or removed row', async () => {
    await acceptedSession();
    expect(await h.app.ctx.audit.verify()).toMatchObject({ ok: true });
    const rows = await h.db.select().from(auditEvents).orderBy(auditEvents.id);
    const victim = rows[Math.floor(rows.length / 2)]!;
    // Only someone who can switch the trigger off (a database owner) can do this; the chain still tells.
    await h.db.execute(sql`alter table audit_events disable trigger audit_events_no_change`);
    try {
      // Flip the outcome: whatever the row said, it now says the other thing.
      await h.db
        .update(auditEvents)
        .set({ outcome: victim.outcome === 'allowed' ? 'denied' : 'allowed' })
        .where(eq(auditEvents.id, victim.id));
      const changed = await h.app.ctx.audit.verify();
      expect(changed).toMatchObject({
        ok: false,
        brokenAt: victim.id,
        reason: 'the row was changed',
      });
      await h.db.update(auditEvents).set({ outcome: victim.outcome }).where(eq(auditEvents.id, victim.id));
      expect(await h.app.ctx.audit.verify()).toMatchObject({ ok: true });
      await h.db.delete(auditEvents).where(eq(auditEvents.id, victim.id));
      const removed = await h.app.ctx.audit.verify();
      expect(removed).toMatchObject({
        ok: false,
        reason: 'a row before it was changed or removed',
      });
      expect((removed as { brokenAt: number }).brokenAt).toBeGreaterThan(victim.id);
      // Put it back as it was, so the chain of a shared test database holds again for other tests.
      await h.db.insert(auditEvents).values(victim);
      expect(await h.app.ctx.audit.verify()).toMatchObject({ ok: true });
    } finally {
      await h.db.execute(sql`alter table audit_events enable trigger audit_events_no_change`);
    }
  });

  it('two writers with their own idea of the chain’s end (two processes) keep it one line: a stale one seals its batch again', async () => {
    const first = createAudit(h.db, { key: h.env.AUDIT_KEY });
    const second = createAudit(h.db, { key: h.env.AUDIT_KEY });
    const before = await h.app.ctx.audit.lastId();
    const entry = (i: number) => ({
      actorUserId: null,
      action: 'read' as const,
      category: 'session' as const,
      outcome: 'allowed' as const,
      detail: `writer test ${i}`,
    });
    // Each learns the end, then they take turns and run side by side: every batch after the first of each starts stale.
    await first.record(entry(-1));
    await second.record(entry(-2));
    await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? first : second).record(entry(i))));
    for (let i = 0; i < 5; i++) {
      await first.record(entry(100 + i));
      await second.record(entry(200 + i));
    }
    const added = await h.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.id} > ${before} and ${auditEvents.detail} like 'writer test %'`);
    expect(added).toHaveLength(72);
    expect(await h.app.ctx.audit.verify(1000, before)).toMatchObject({ ok: true });
  });

  it('the practitioner and the patient can read the access history', async () => {
    const { doc, patient, id } = await acceptedSession();
    await h.app.inject({
      url: `/api/portal/sessions/${id}`,
      headers: doc.auth,
    });
    const mine = await h.app.inject({
      url: `/api/portal/sessions/${id}/access-history`,
      headers: doc.auth,
    });
    expect(mine.json().results[0]).toMatchObject({
      action: 'read',
      category: 'session',
      outcome: 'allowed',
      actor: 'you',
    });
    const theirs = await h.app.inject({
      url: '/api/patient/access-history',
      headers: patient.auth,
    });
    const categories = theirs.json().results.map((r: { category: string; actor: string }) => `${r.category}/${r.actor}`);
    // The patient's own practitioner is named, with the practice.
    expect(categories).toContain('session/Test User (General Practitioner)');
    const other = await createUser(h, { practitionerStatus: 2 });
    expect(
      (
        await h.app.inject({
          url: `/api/portal/sessions/${id}/access-history`,
          headers: other.auth,
        })
      ).statusCode,
    ).toBe(404);
  });
});
