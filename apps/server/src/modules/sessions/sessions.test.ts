import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsEvents,
  auditEvents,
  authSessions,
  kits,
  questionnaireResponses,
  questionnaires,
  results,
  sessions,
  transactions,
  users,
} from '../../db/schema';
import { createTestApp, createUser, DAY, type Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp();
  await h.db
    .insert(questionnaires)
    .values({
      id: 9001,
      category: 'Test lifestyle',
      description: 'Test questionnaire',
      questions: [{ id: 'q1', text: 'Do you smoke?', type: 'single', options: ['Yes', 'No'] }],
    })
    .onConflictDoNothing();
});
afterAll(() => h.close());

const inDays = (d: number) => new Date(Date.now() + d * DAY).toISOString();

async function practitionerAndPatient(lastName?: string) {
  const doc = await createUser(h, { practitionerStatus: 2, lastName });
  const patient = await createUser(h, { role: 'patient' });
  const me = await h.app.inject({ url: '/api/portal/me/', headers: doc.auth });
  return { doc, patient, practitionerId: me.json().id as string };
}

async function requestSession(patientAuth: Record<string, string>, practitionerId: string, days = 2) {
  return h.app.inject({ method: 'POST', url: '/api/patient/sessions/', headers: patientAuth, payload: { practitionerId, bookingTime: inDays(days) } });
}

describe('the patient side', () => {
  it('lists accepted practitioners only', async () => {
    // A name of this test's own: the shared test database lists every other file's practitioners too (100 at most).
    const lastName = `Listed${Date.now().toString(36)}`;
    const { patient, practitionerId } = await practitionerAndPatient(lastName);
    const pending = await createUser(h, { practitionerStatus: 1, lastName });
    const pendingId = (await h.app.inject({ url: '/api/portal/me/', headers: pending.auth })).json().id;
    const list = (await h.app.inject({ url: `/api/patient/practitioners/?search=${lastName}`, headers: patient.auth }))
      .json()
      .results.map((p: { id: string }) => p.id);
    expect(list).toContain(practitionerId);
    expect(list).not.toContain(pendingId);
    expect((await requestSession(patient.auth, pendingId)).statusCode).toBe(404);
  });

  it('books 1 to 7 days ahead; outside that answers 400415 and creates nothing', async () => {
    const { patient, practitionerId } = await practitionerAndPatient();
    for (const days of [8, 0.5, -1]) {
      const res = await requestSession(patient.auth, practitionerId, days);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: '400415', message: 'Min date is 1 day from now, max date is 7 days from now' });
    }
    expect((await h.app.inject({ url: '/api/patient/sessions/', headers: patient.auth })).json().results).toHaveLength(0);
    const ok = await requestSession(patient.auth, practitionerId, 6.9);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ status: 1, practitionerID: practitionerId, dataRequest: null });
  });

  it('practitioner tokens cannot use the patient API', async () => {
    const { doc, practitionerId } = await practitionerAndPatient();
    expect((await requestSession(doc.auth, practitionerId)).statusCode).toBe(401);
  });
});

describe('sessions list', () => {
  it('filters by status, searches by patient name and pages on the server', async () => {
    const { doc, practitionerId } = await practitionerAndPatient();
    const names = ['Zanele', 'Zodwa', 'Pieter'];
    for (const firstName of names) {
      const p = await createUser(h, { role: 'patient' });
      await h.db.update(users).set({ firstName }).where(eq(users.id, p.user.id));
      await requestSession(p.auth, practitionerId);
    }
    const all = await h.app.inject({ url: '/api/portal/sessions/?status=1&limit=2', headers: doc.auth });
    expect(all.json()).toMatchObject({ count: 3, limit: 2, offset: 0 });
    expect(all.json().results).toHaveLength(2);
    const page2 = await h.app.inject({ url: '/api/portal/sessions/?status=1&limit=2&offset=2', headers: doc.auth });
    expect(page2.json()).toMatchObject({ count: 3, limit: 2, offset: 2 });
    expect(page2.json().results).toHaveLength(1);
    // Newest first across the pages, with and without the status filter.
    const firstNames = (res: { json(): { results: Array<{ user: { firstName: string } }> } }) => res.json().results.map((r) => r.user.firstName);
    expect([...firstNames(all), ...firstNames(page2)]).toEqual(['Pieter', 'Zodwa', 'Zanele']);
    expect(firstNames(await h.app.inject({ url: '/api/portal/sessions/?limit=2&offset=1', headers: doc.auth }))).toEqual(['Zodwa', 'Zanele']);
    // A page past the end is empty and still says how many there are.
    const past = await h.app.inject({ url: '/api/portal/sessions/?status=1&limit=2&offset=10', headers: doc.auth });
    expect(past.json()).toMatchObject({ results: [], count: 3, offset: 10 });
    expect((await h.app.inject({ url: '/api/portal/sessions/?search=z&offset=5', headers: doc.auth })).json()).toMatchObject({ results: [], count: 2 });
    expect((await h.app.inject({ url: '/api/portal/sessions/?search=z&limit=1&offset=1', headers: doc.auth })).json()).toMatchObject({ count: 2 });
    const z = await h.app.inject({ url: '/api/portal/sessions/?search=z', headers: doc.auth });
    expect(
      z
        .json()
        .results.map((r: { user: { firstName: string } }) => r.user.firstName)
        .sort(),
    ).toEqual(['Zanele', 'Zodwa']);
    expect((await h.app.inject({ url: '/api/portal/sessions/?status=2', headers: doc.auth })).json().count).toBe(0);
    expect((await h.app.inject({ url: '/api/portal/sessions/counts', headers: doc.auth })).json()).toEqual({ 1: 3, 2: 0, 3: 0, 4: 0 });
    // The counts follow a search, so the list can say under which tab a name is.
    expect((await h.app.inject({ url: '/api/portal/sessions/counts?search=z', headers: doc.auth })).json()).toEqual({ 1: 2, 2: 0, 3: 0, 4: 0 });
    expect((await h.app.inject({ url: '/api/portal/sessions/counts?search=nobody', headers: doc.auth })).json()).toEqual({ 1: 0, 2: 0, 3: 0, 4: 0 });
    expect((await h.app.inject({ url: '/api/portal/sessions/counts?status=1', headers: doc.auth })).statusCode).toBe(400);
    expect((await h.app.inject({ url: '/api/portal/sessions/?status=9', headers: doc.auth })).statusCode).toBe(400);
    expect((await h.app.inject({ url: '/api/portal/sessions/?limit=101', headers: doc.auth })).statusCode).toBe(400);
  });
});

describe('accept and reject', () => {
  it('accepts once; the analytics event is recorded; a second decision is 400414', async () => {
    const { doc, patient, practitionerId } = await practitionerAndPatient();
    const id = (await requestSession(patient.auth, practitionerId)).json().id;
    const ok = await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/accept`, headers: doc.auth });
    expect(ok.json()).toMatchObject({ id, status: 2 });
    const again = await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/reject`, headers: doc.auth });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: '400414', message: 'User needs to progress properly through statuses' });
    const events = await h.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, doc.user.id));
    expect(events.map((e) => e.name)).toEqual(['session accepted']);
  });

  it('accept racing reject on one request: exactly one wins', async () => {
    const { doc, patient, practitionerId } = await practitionerAndPatient();
    for (let i = 0; i < 5; i++) {
      const id = (await requestSession(patient.auth, practitionerId)).json().id;
      const [a, b] = await Promise.all([
        h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/accept`, headers: doc.auth }),
        h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/reject`, headers: doc.auth }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    }
  });

  it("another practitioner's session answers 404 like a missing one, and changes nothing", async () => {
    const { patient, practitionerId } = await practitionerAndPatient();
    const other = await createUser(h, { practitionerStatus: 2 });
    const id = (await requestSession(patient.auth, practitionerId)).json().id;
    for (const [method, url] of [
      ['GET', `/api/portal/sessions/${id}`],
      ['POST', `/api/portal/sessions/${id}/accept`],
      ['POST', `/api/portal/sessions/${id}/reject`],
      ['POST', `/api/portal/sessions/${id}/data-request`],
      ['GET', `/api/portal/sessions/${id}/results`],
    ] as const) {
      const res = await h.app.inject({ method, url, headers: other.auth });
      expect(res.statusCode, url).toBe(404);
      const missing = await h.app.inject({ method, url: url.replace(id, '00000000-0000-4000-8000-000000000000'), headers: other.auth });
      expect(missing.json(), url).toEqual(res.json());
    }
    const [row] = await h.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row!.status).toBe(1);
  });
});

describe('data requests and patient data', () => {
  it('one per session; the fee is due in 14 days; data opens only once confirmed and while accepted', async () => {
    const { doc, patient, practitionerId } = await practitionerAndPatient();
    const id = (await requestSession(patient.auth, practitionerId)).json().id;
    const early = await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/data-request`, headers: doc.auth });
    expect(early.json().error.code).toBe('400414');
    await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/accept`, headers: doc.auth });

    const [kit] = await h.db
      .insert(kits)
      .values({ sampleLabel: `T-${id.slice(0, 8)}`, sessionId: id, patientId: patient.user.id, status: 'results_available', collectionIds: [1] })
      .returning();
    const data = {
      swab: {
        title: 'Nutrigenomics swab',
        minerals: [{ componentID: 'calcium', title: 'Calcium', riskLevel: 0 }],
        vitamins: [{ componentID: 'vitamin-d', title: 'Vitamin D', riskLevel: 1 }],
      },
    };
    const [result] = await h.db.insert(results).values({ kitId: kit!.id, title: 'Nutrigenomics', data, engineVersion: 'test' }).returning();
    await h.db.insert(questionnaireResponses).values({ patientId: patient.user.id, questionnaireId: 9001, answers: { q1: 'No' }, completedAt: new Date() });

    const created = await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/data-request`, headers: doc.auth });
    expect(created.statusCode).toBe(201);
    expect(created.json().status).toBe('pending');
    const twice = await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/data-request`, headers: doc.auth });
    expect(twice.json().error).toMatchObject({ code: 'SESSION.050', message: 'You have already requested data for this user.' });
    const [fee] = await h.db.select().from(transactions).where(eq(transactions.sessionId, id));
    expect(fee!.kind).toBe('data_request_fee');
    expect(Math.round((fee!.dueAt!.getTime() - fee!.createdAt.getTime()) / DAY)).toBe(14);
    // The detail names the fee the request costs, so the portal can say so before the request is made.
    const feeShown = (await h.app.inject({ url: `/api/portal/sessions/${id}`, headers: doc.auth })).json().dataRequestFee;
    expect(feeShown).toEqual({ amountCents: -fee!.amountCents, currency: fee!.currency, dueDays: 14 });

    const waiting = await h.app.inject({ url: `/api/portal/sessions/${id}`, headers: doc.auth });
    expect(waiting.json()).toMatchObject({ dataRequest: { status: 'pending' }, readiness: { dataAccessible: false }, highlights: [] });
    expect((await h.app.inject({ url: `/api/portal/sessions/${id}/results`, headers: doc.auth })).statusCode).toBe(404);
    expect((await h.app.inject({ url: `/api/portal/sessions/${id}/questionnaires`, headers: doc.auth })).statusCode).toBe(404);

    const confirm = await h.app.inject({ method: 'POST', url: `/api/patient/sessions/${id}/data-request/confirm`, headers: patient.auth });
    expect(confirm.json().status).toBe('confirmed');
    expect((await h.app.inject({ method: 'POST', url: `/api/patient/sessions/${id}/data-request/decline`, headers: patient.auth })).json().error.code).toBe(
      '400414',
    );

    const detail = (await h.app.inject({ url: `/api/portal/sessions/${id}`, headers: doc.auth })).json();
    expect(detail.readiness).toEqual({
      kitStatus: 'results_available',
      resultsAvailable: true,
      questionnairesCompleted: 1,
      questionnairesTotal: expect.any(Number),
      dataAccessible: true,
      pharmacogenomicReport: false,
    });
    expect(detail.highlights).toEqual([
      { kind: 'component', title: 'Calcium', level: 'Decreased', resultID: result!.id, componentID: 'calcium', tier: null, report: null },
    ]);
    expect(detail.kit).toMatchObject({ status: 'results_available', collections: [{ id: 1, name: 'Nutrigenomics', resultsReady: true }] });
    expect((await h.app.inject({ url: `/api/portal/sessions/${id}/results`, headers: doc.auth })).json().results).toHaveLength(1);
    const comp = await h.app.inject({ url: `/api/portal/sessions/${id}/results/${result!.id}/components/vitamin-d`, headers: doc.auth });
    expect(comp.json()).toMatchObject({ synthetic: false, component: { title: 'Vitamin D' } });
    // A result of synthetic demo data says so with each component, so the page needs no second download to label it.
    const [demo] = await h.db
      .insert(results)
      .values({ kitId: kit!.id, title: 'Nutrigenomics', data: { swab: { ...data.swab, synthetic: true } }, engineVersion: 'test' })
      .returning();
    expect((await h.app.inject({ url: `/api/portal/sessions/${id}/results/${demo!.id}/components/calcium`, headers: doc.auth })).json()).toMatchObject({
      synthetic: true,
      component: { title: 'Calcium' },
    });
    expect((await h.app.inject({ url: `/api/portal/sessions/${id}/results/${result!.id}/components/nothing`, headers: doc.auth })).statusCode).toBe(404);
    const q = await h.app.inject({ url: `/api/portal/sessions/${id}/questionnaires/9001`, headers: doc.auth });
    expect(q.json()).toMatchObject({ category: 'Test lifestyle', answers: { q1: 'No' } });

    // Completed: the patient's data is out of reach again.
    await h.db.update(sessions).set({ status: 4 }).where(eq(sessions.id, id));
    expect((await h.app.inject({ url: `/api/portal/sessions/${id}/results`, headers: doc.auth })).statusCode).toBe(404);
    expect((await h.app.inject({ url: `/api/portal/sessions/${id}/results/${result!.id}`, headers: doc.auth })).statusCode).toBe(404);
  });

  it('concurrent data requests create exactly one request and one fee', async () => {
    const { doc, patient, practitionerId } = await practitionerAndPatient();
    const id = (await requestSession(patient.auth, practitionerId)).json().id;
    await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/accept`, headers: doc.auth });
    const codes = (
      await Promise.all([1, 2, 3].map(() => h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/data-request`, headers: doc.auth })))
    ).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([201, 409, 409]);
    expect(await h.db.select().from(transactions).where(eq(transactions.sessionId, id))).toHaveLength(1);
  });
});

describe('the session detail checks the sign-on session in its own query', () => {
  const readRows = async (sessionId: string) =>
    (await h.db.select().from(auditEvents).where(eq(auditEvents.sessionId, sessionId))).filter((r) => r.action === 'read' && r.category === 'session');

  it('as every authenticated request does: logged out, idle, deactivated and another user’s session stop it, with no audit row; use touches it', async () => {
    const { doc, patient, practitionerId } = await practitionerAndPatient();
    const id = (await requestSession(patient.auth, practitionerId)).json().id as string;
    const url = `/api/portal/sessions/${id}`;
    const read = (headers: Record<string, string>) => h.app.inject({ url, headers });
    const ok = await read(doc.auth);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id, status: 1, practitionerID: practitionerId, userID: patient.user.id });
    expect(await readRows(id)).toHaveLength(1);

    // Use touches the session (at most once a minute): a last use two minutes back is moved to now.
    await h.db
      .update(authSessions)
      .set({ lastUsedAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(authSessions.userId, doc.user.id));
    expect((await read(doc.auth)).statusCode).toBe(200);
    const [touched] = await h.db.select().from(authSessions).where(eq(authSessions.userId, doc.user.id));
    expect(Date.now() - touched!.lastUsedAt.getTime()).toBeLessThan(30_000);
    expect(await readRows(id)).toHaveLength(2);

    // Idle for 31 minutes: 401 400410, and nothing recorded as read.
    await h.db
      .update(authSessions)
      .set({ lastUsedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(authSessions.userId, doc.user.id));
    const idle = await read(doc.auth);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().error.code).toBe('400410');
    await h.db.update(authSessions).set({ lastUsedAt: new Date() }).where(eq(authSessions.userId, doc.user.id));

    // Deactivated: 403 400409 User deactivated.
    await h.db.update(users).set({ isActive: false }).where(eq(users.id, doc.user.id));
    const deactivated = await read(doc.auth);
    expect(deactivated.statusCode).toBe(403);
    expect(deactivated.json().error).toMatchObject({ code: '400409', message: 'User deactivated' });
    await h.db.update(users).set({ isActive: true }).where(eq(users.id, doc.user.id));

    // Logged out: the still-unexpired access token answers 401.
    expect((await h.app.inject({ method: 'POST', url: '/api/account/logout', payload: { token: doc.tokens.refreshToken } })).statusCode).toBe(200);
    expect((await read(doc.auth)).statusCode).toBe(401);
    // A patient token and no token: 401.
    expect((await read(patient.auth)).statusCode).toBe(401);
    expect((await h.app.inject({ url })).statusCode).toBe(401);
    expect(await readRows(id)).toHaveLength(2);
  });

  it("another practitioner's session and a missing one: the same 404, one denial row each", async () => {
    const { patient, practitionerId } = await practitionerAndPatient();
    const other = await createUser(h, { practitionerStatus: 2 });
    const id = (await requestSession(patient.auth, practitionerId)).json().id as string;
    const res = await h.app.inject({ url: `/api/portal/sessions/${id}`, headers: other.auth });
    expect(res.statusCode).toBe(404);
    const missing = await h.app.inject({ url: `/api/portal/sessions/00000000-0000-4000-8000-00000000abcd`, headers: other.auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(res.json());
    const rows = await readRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'denied', actorUserId: other.user.id, patientId: patient.user.id });
  });
});
