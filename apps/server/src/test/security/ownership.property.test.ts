import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiAnswers, dataRequests, journalEntries, kits, practitioners, questionnaireResponses, sessions } from '../../db/schema';
import { computeResults, generateSyntheticGenotypeFile } from '../../modules/genetics';
import { createUser, storeSwab, type Harness } from '../harness';
import { createSecurityApp } from './world';

/**
 * Over random ownership graphs (which practitioner owns which of the sessions, and with them their
 * results, journals and AI answers), a random caller asking for a random object gets 200 exactly
 * when they own it, else 404. The graph lives in one database reused across runs: each run
 * re-points the sessions' owners with one statement per table.
 */
const P = 4;
const S = 6;
const RUNS = Number(process.env.SECURITY_PROPERTY_RUNS ?? 1000);

let h: Harness;
const docs: Array<{ auth: Record<string, string>; practitionerId: string }> = [];
const objs: Array<{
  patientId: string;
  sessionId: string;
  resultId: string;
  componentId: string;
  journalId: string;
  answerId: string;
}> = [];

beforeAll(async () => {
  h = await createSecurityApp();
  for (let i = 0; i < P; i++) {
    const d = await createUser(h, { practitionerStatus: 2 });
    const [p] = await h.db.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, d.user.id));
    docs.push({ auth: d.auth, practitionerId: p!.id });
  }
  const swab = computeResults(generateSyntheticGenotypeFile('security:property'));
  for (let k = 0; k < S; k++) {
    const owner = docs[k % P]!;
    const patient = await createUser(h, { role: 'patient' });
    const [s] = await h.db
      .insert(sessions)
      .values({
        patientId: patient.user.id,
        practitionerId: owner.practitionerId,
        status: 2,
        bookingTime: new Date(Date.now() + 2 * 86_400_000),
        acceptedAt: new Date(),
      })
      .returning();
    const [kit] = await h.db
      .insert(kits)
      .values({
        sampleLabel: `PROP-${s!.id.slice(0, 12)}`,
        practitionerId: owner.practitionerId,
        patientId: patient.user.id,
        sessionId: s!.id,
        status: 'results_available',
      })
      .returning();
    const r = await storeSwab(h, kit!.id, swab);
    await h.db.insert(dataRequests).values({
      sessionId: s!.id,
      status: 'confirmed',
      answeredAt: new Date(),
    });
    await h.db.insert(questionnaireResponses).values({
      patientId: patient.user.id,
      questionnaireId: 2,
      answers: { pattern: 'Vegetarian' },
      completedAt: new Date(),
    });
    const [j] = await h.db
      .insert(journalEntries)
      .values({
        sessionId: s!.id,
        practitionerId: owner.practitionerId,
        description: `Property draft ${k}`,
      })
      .returning();
    const asked = await h.app.inject({
      method: 'POST',
      url: `/api/portal/sessions/${s!.id}/ai/ask`,
      headers: owner.auth,
      payload: { preset: 'summary' },
    });
    expect(asked.statusCode).toBe(200);
    const [a] = await h.db.select({ id: aiAnswers.id }).from(aiAnswers).where(eq(aiAnswers.sessionId, s!.id));
    objs.push({
      patientId: patient.user.id,
      sessionId: s!.id,
      resultId: r!.id,
      componentId: swab.minerals[0]!.componentID,
      journalId: j!.id,
      answerId: a!.id,
    });
  }
}, 120_000);
afterAll(() => h?.close());

/** The routes tried: a session-level read, or a child (result, component, answer) under a session. */
const ROUTES: Array<{
  name: string;
  url: (i: number, j: number) => string;
  child: boolean;
}> = [
  {
    name: 'session',
    url: (i) => `/api/portal/sessions/${objs[i]!.sessionId}`,
    child: false,
  },
  {
    name: 'results',
    url: (i) => `/api/portal/sessions/${objs[i]!.sessionId}/results`,
    child: false,
  },
  {
    name: 'result',
    url: (i, j) => `/api/portal/sessions/${objs[i]!.sessionId}/results/${objs[j]!.resultId}`,
    child: true,
  },
  {
    name: 'component',
    url: (i, j) => `/api/portal/sessions/${objs[i]!.sessionId}/results/${objs[j]!.resultId}/components/${objs[j]!.componentId}`,
    child: true,
  },
  {
    name: 'questionnaires',
    url: (i) => `/api/portal/sessions/${objs[i]!.sessionId}/questionnaires`,
    child: false,
  },
  {
    name: 'questionnaire',
    url: (i) => `/api/portal/sessions/${objs[i]!.sessionId}/questionnaires/2`,
    child: false,
  },
  {
    name: 'pgx report',
    url: (i) => `/api/portal/sessions/${objs[i]!.sessionId}/reports`,
    child: false,
  },
  {
    name: 'session journal',
    url: (i) => `/api/portal/sessions/${objs[i]!.sessionId}/journal`,
    child: false,
  },
  {
    name: 'journal',
    url: (_i, j) => `/api/portal/journals/${objs[j]!.journalId}`,
    child: true,
  },
  {
    name: 'ai answers',
    url: (i) => `/api/portal/sessions/${objs[i]!.sessionId}/ai/answers`,
    child: false,
  },
  {
    name: 'ai answer',
    url: (i, j) => `/api/portal/sessions/${objs[i]!.sessionId}/ai/answers/${objs[j]!.answerId}`,
    child: true,
  },
  {
    name: 'access history',
    url: (i) => `/api/portal/sessions/${objs[i]!.sessionId}/access-history`,
    child: false,
  },
  {
    name: 'patient',
    url: (i) => `/api/account/v1/users/${objs[i]!.patientId}`,
    child: false,
  },
];

async function applyOwners(owners: number[]) {
  const ids = objs.map((o) => o.sessionId);
  const cases = sql.join(
    owners.map((o, k) => sql`when ${objs[k]!.sessionId}::uuid then ${docs[o]!.practitionerId}::uuid`),
    sql` `,
  );
  const owner = sql`(case session_id ${cases} end)`;
  await h.db
    .update(sessions)
    .set({ practitionerId: sql`(case id ${cases} end)` })
    .where(inArray(sessions.id, ids));
  await h.db.update(journalEntries).set({ practitionerId: owner }).where(inArray(journalEntries.sessionId, ids));
  await h.db.update(aiAnswers).set({ practitionerId: owner }).where(inArray(aiAnswers.sessionId, ids));
  await h.db.update(kits).set({ practitionerId: owner }).where(inArray(kits.sessionId, ids));
}

describe('ownership property', () => {
  it(`200 exactly when the caller owns the object, else 404 (${RUNS} random graphs)`, async () => {
    const stats = { runs: 0, allowed: 0, denied: 0 };
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: P - 1 }), {
          minLength: S,
          maxLength: S,
        }),
        fc.integer({ min: 0, max: P - 1 }),
        fc.integer({ min: 0, max: S - 1 }),
        fc.integer({ min: 0, max: S - 1 }),
        fc.integer({ min: 0, max: ROUTES.length - 1 }),
        fc.boolean(),
        async (owners, caller, i, jRandom, routeIndex, sameChild) => {
          const route = ROUTES[routeIndex]!;
          // Half the child cases ask for the session's own child, so both answers are exercised.
          const j = route.child && sameChild ? i : jRandom;
          await applyOwners(owners);
          const res = await h.app.inject({
            url: route.url(i, j),
            headers: docs[caller]!.auth,
          });
          const owns = route.name === 'journal' ? owners[j] === caller : owners[i] === caller && (!route.child || i === j);
          stats.runs += 1;
          if (owns) stats.allowed += 1;
          else stats.denied += 1;
          expect(res.statusCode, `${route.name} caller ${caller} owners ${owners.join(',')} i ${i} j ${j}: ${res.body.slice(0, 160)}`).toBe(owns ? 200 : 404);
        },
      ),
      { numRuns: RUNS },
    );
    console.info(`[security:property] ${JSON.stringify({ ...stats, seconds: (Date.now() - started) / 1000 })}`);
    expect(stats.allowed).toBeGreaterThan(RUNS / 10);
  }, 600_000);
});
