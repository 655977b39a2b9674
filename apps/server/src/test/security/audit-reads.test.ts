import { desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, practitioners, users } from '../../db/schema';
import type { Harness } from '../harness';
import { buildPractice, createSecurityApp, type Practice } from './world';

/** Every read of patient data by its owner writes exactly one audit row, 'allowed', in its category. */
let h: Harness;
let A: Practice;
let B: Practice;
beforeAll(async () => {
  h = await createSecurityApp();
  A = await buildPractice(h, 'A');
  B = await buildPractice(h, 'B');
}, 120_000);
afterAll(() => h?.close());

describe('audit rows per patient-data read', () => {
  it('exactly one per read: results, a component, questionnaires, the pgx report, the AI answers and one answer, the journal, the session, its access history', async () => {
    const s = `/api/portal/sessions/${A.sessionId}`;
    const reads: Array<[string, string, string?]> = [
      [`${s}`, 'session'],
      [`${s}/results`, 'results'],
      [`${s}/results/${A.resultId}`, 'results'],
      [`${s}/results/${A.resultId}/components/${A.componentId}`, 'component'],
      [`${s}/questionnaires`, 'questionnaires'],
      [`${s}/questionnaires/2`, 'questionnaires'],
      [`${s}/reports`, 'pharmacogenomic report'],
      [`${s}/reports/rows?view=1&name=simva`, 'pharmacogenomic report'],
      [`${s}/reports/diseases?phenotypeCategory=Efficacy&specialtyPopulation=Adults&levelOfEvidence=1`, 'pharmacogenomic report'],
      [`${s}/reports/pdf?view=1&name=simva`, 'pharmacogenomic report'],
      [`${s}/ai/answers`, 'ai answer'],
      [`${s}/ai/answers/${A.answerId}`, 'ai answer'],
      [`${s}/access-history`, 'access history'],
      [`${s}/journal`, 'journal'],
      [`/api/portal/journals/${A.journalId}`, 'journal'],
    ];
    const counts: Record<string, number> = {};
    for (const [url, category] of reads) {
      const [last] = await h.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
      const res = await h.app.inject({ url, headers: A.doc.auth });
      expect(res.statusCode, url).toBe(200);
      const rows = await h.db
        .select()
        .from(auditEvents)
        .where(gt(auditEvents.id, last?.id ?? 0));
      counts[url.replace(A.sessionId, ':id').replace(A.resultId, ':resultId').replace(A.answerId, ':answerId').replace(A.journalId, ':journalId')] =
        rows.length;
      expect(rows, url).toHaveLength(1);
      expect(rows[0], url).toMatchObject({
        category,
        action: 'read',
        outcome: 'allowed',
        actorUserId: A.doc.user.id,
        sessionId: A.sessionId,
        patientId: A.patient.user.id,
      });
    }
    console.info(`[security:audit] ${JSON.stringify({ reads: reads.length, rowsPerRead: [...new Set(Object.values(counts))] })}`);
  });
});

describe("the patient's access history", () => {
  it('names their own practitioner and practice for reads and changes, and says "another practice (refused)" for others, naming nobody else', async () => {
    await h.db.update(practitioners).set({ practiceNumber: '0123457' }).where(eq(practitioners.id, A.practitionerId));
    await h.db.update(users).set({ firstName: 'Ada', lastName: 'Lovelace' }).where(eq(users.id, A.doc.user.id));
    await h.db.update(users).set({ firstName: 'Mallory', lastName: 'Otherpractice' }).where(eq(users.id, B.doc.user.id));
    const s = `/api/portal/sessions/${A.sessionId}`;
    expect((await h.app.inject({ url: `${s}/results`, headers: A.doc.auth })).statusCode).toBe(200);
    expect(
      (await h.app.inject({ method: 'PUT', url: `${s}/journal`, headers: A.doc.auth, payload: { description: 'A note the patient will read later.' } }))
        .statusCode,
    ).toBe(200);
    // Another practice tries the same patient's data: refused, and recorded.
    expect((await h.app.inject({ url: `${s}/results`, headers: B.doc.auth })).statusCode).toBe(404);
    expect((await h.app.inject({ url: s, headers: B.doc.auth })).statusCode).toBe(404);

    const res = await h.app.inject({ url: '/api/patient/access-history', headers: A.patient.auth });
    expect(res.statusCode).toBe(200);
    const rows = res.json().results as Array<{
      actor: string;
      action: string;
      category: string;
      outcome: string;
      sourceIp: string | null;
      detail: string | null;
    }>;
    const mine = 'Ada Lovelace (General Practitioner, practice 0123457)';
    expect(rows).toContainEqual(expect.objectContaining({ actor: mine, action: 'read', category: 'results', outcome: 'allowed' }));
    expect(rows).toContainEqual(expect.objectContaining({ actor: mine, action: 'save', category: 'journal', outcome: 'allowed' }));
    const refused = rows.filter((r) => r.outcome === 'denied');
    expect(refused.length).toBeGreaterThanOrEqual(2);
    for (const r of refused) expect(r).toMatchObject({ actor: 'another practice (refused)', sourceIp: null });
    expect(rows.map((r) => r.actor)).not.toContain('another user');
    const text = res.body;
    for (const other of ['Mallory', 'Otherpractice', B.doc.user.email, B.doc.user.id, B.practitionerId]) expect(text, other).not.toContain(other);
    // The practitioner's view of the same patient says the same of the other practice.
    const theirs = (await h.app.inject({ url: `${s}/access-history`, headers: A.doc.auth })).json().results as Array<{ actor: string; outcome: string }>;
    expect(theirs.filter((r) => r.outcome === 'denied').map((r) => r.actor)).toEqual(refused.map(() => 'another practice (refused)'));
    expect(theirs.map((r) => r.actor)).toContain('you');
    console.info(`[security:access-history] ${JSON.stringify({ rows: rows.length, actors: [...new Set(rows.map((r) => r.actor))] })}`);
  });
});
