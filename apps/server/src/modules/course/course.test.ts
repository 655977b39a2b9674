import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, admin, createTestApp, createUser, type Harness } from '../../test/harness';
import { ALL_LESSONS, COURSE, TEST_QUESTIONS } from './content';
import { passes } from './service';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp({ ADMIN_TOKEN });
});
afterAll(() => h.close());

type Auth = Record<string, string>;
const completeAll = async (auth: Auth) => {
  for (const l of ALL_LESSONS) await h.app.inject({ method: 'PUT', url: `/api/portal/course/lessons/${l.id}/complete`, headers: auth });
};
const answers = (wrong: number) =>
  Object.fromEntries(TEST_QUESTIONS.map((q, i) => [q.id, i < wrong ? q.options.find((o) => o.id !== q.correct)!.id : q.correct]));
const submit = (auth: Auth, payload: Record<string, unknown>) =>
  h.app.inject({ method: 'POST', url: '/api/portal/course/test/attempts', headers: auth, payload });

describe('course content', () => {
  it('has five modules of two or three lessons, unique ids, and a test that points at real lessons', () => {
    expect(COURSE.modules).toHaveLength(5);
    for (const m of COURSE.modules) expect(m.lessons.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ALL_LESSONS.map((l) => l.id)).size).toBe(ALL_LESSONS.length);
    expect(TEST_QUESTIONS.length).toBeGreaterThanOrEqual(10);
    for (const q of TEST_QUESTIONS) {
      expect(
        ALL_LESSONS.some((l) => l.id === q.lessonId),
        q.id,
      ).toBe(true);
      expect(
        q.options.some((o) => o.id === q.correct),
        q.id,
      ).toBe(true);
    }
    // Lessons are plain text in the course syntax, never HTML.
    for (const l of ALL_LESSONS) expect(l.body, l.id).not.toMatch(/<[a-z/]/i);
  });

  it('passes at 80% and not a hair below', () => {
    expect(passes(8, 10)).toBe(true);
    expect(passes(7, 10)).toBe(false);
    expect(passes(10, 12)).toBe(true);
    expect(passes(9, 12)).toBe(false);
    expect(passes(0, 0)).toBe(false);
  });
});

describe('course progress', () => {
  it('an overview with modules, lessons and saved progress; the test opens when every lesson is done', async () => {
    const u = await createUser(h, { practitionerStatus: 1 });
    const start = (await h.app.inject({ url: '/api/portal/course/', headers: u.auth })).json();
    expect(start).toMatchObject({
      completed: false,
      completedLessons: 0,
      totalLessons: ALL_LESSONS.length,
      test: { available: false, passed: false, attempts: 0, passPercent: 80 },
    });
    expect(start.modules[0]).toMatchObject({ title: 'Reading genotype results and their limits', progress: 'pending' });

    const lesson = (await h.app.inject({ url: `/api/portal/course/lessons/${ALL_LESSONS[0]!.id}`, headers: u.auth })).json();
    expect(lesson).toMatchObject({ id: ALL_LESSONS[0]!.id, completed: false, previousId: null, nextId: ALL_LESSONS[1]!.id });
    expect(lesson.body).toContain('SNP array');

    const after = (await h.app.inject({ method: 'PUT', url: `/api/portal/course/lessons/${ALL_LESSONS[0]!.id}/complete`, headers: u.auth })).json();
    expect(after.completedLessons).toBe(1);
    expect(after.modules[0].progress).toBe('in progress');
    // Completing twice keeps one.
    expect(
      (await h.app.inject({ method: 'PUT', url: `/api/portal/course/lessons/${ALL_LESSONS[0]!.id}/complete`, headers: u.auth })).json().completedLessons,
    ).toBe(1);

    const early = await h.app.inject({ url: '/api/portal/course/test/', headers: u.auth });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.code).toBe('400414');
    expect((await submit(u.auth, { answers: answers(0) })).json().error.code).toBe('400414');

    await completeAll(u.auth);
    const done = (await h.app.inject({ url: '/api/portal/course/', headers: u.auth })).json();
    expect(done).toMatchObject({ completed: true, test: { available: true } });
    expect(done.modules.every((m: { progress: string }) => m.progress === 'completed')).toBe(true);
  });

  it('unknown lessons answer 404; malformed ids 404 (they name nothing); no practice 404', async () => {
    const u = await createUser(h, { practitionerStatus: 1 });
    expect((await h.app.inject({ url: '/api/portal/course/lessons/no-such-lesson', headers: u.auth })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'PUT', url: '/api/portal/course/lessons/no-such-lesson/complete', headers: u.auth })).statusCode).toBe(404);
    expect((await h.app.inject({ url: '/api/portal/course/lessons/..%2Fetc', headers: u.auth })).statusCode).toBe(404);
    const none = await createUser(h);
    expect((await h.app.inject({ url: '/api/portal/course/', headers: none.auth })).statusCode).toBe(404);
  });
});

describe('the test', () => {
  it('never sends the answer key before a submission', async () => {
    const u = await createUser(h, { practitionerStatus: 1 });
    await completeAll(u.auth);
    const res = await h.app.inject({ url: '/api/portal/course/test/', headers: u.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.questions).toHaveLength(TEST_QUESTIONS.length);
    expect(JSON.stringify(body)).not.toMatch(/correct|explanation|lessonId/i);
    expect(Object.keys(body.questions[0]).sort()).toEqual(['id', 'options', 'text']);
    expect(Object.keys(body.questions[0].options[0]).sort()).toEqual(['id', 'text']);
  });

  it('fails below 80% without revealing the answers, then passes on a retry with a certificate', async () => {
    const u = await createUser(h, { practitionerStatus: 1 });
    await completeAll(u.auth);
    const fail = await submit(u.auth, { answers: answers(3) });
    expect(fail.statusCode).toBe(201);
    expect(fail.json()).toMatchObject({ correct: TEST_QUESTIONS.length - 3, total: TEST_QUESTIONS.length, passed: false, certificateId: null });
    expect(fail.json().questions.slice(0, 3)).toEqual(
      TEST_QUESTIONS.slice(0, 3).map((q) => ({ id: q.id, correct: false, lessonId: q.lessonId, correctOptionId: null, explanation: null })),
    );
    expect((await h.app.inject({ url: '/api/portal/course/certificate', headers: u.auth })).statusCode).toBe(404);

    const pass = await submit(u.auth, { answers: answers(2) });
    expect(pass.json()).toMatchObject({ passed: true, percent: Math.floor(((TEST_QUESTIONS.length - 2) * 100) / TEST_QUESTIONS.length) });
    expect(pass.json().questions[0]).toMatchObject({ correct: false, correctOptionId: TEST_QUESTIONS[0]!.correct, explanation: expect.any(String) });
    const certificateId = pass.json().certificateId;
    expect(certificateId).toEqual(expect.any(String));

    const overview = (await h.app.inject({ url: '/api/portal/course/', headers: u.auth })).json();
    expect(overview.test).toMatchObject({ passed: true, attempts: 2, certificateId, bestPercent: pass.json().percent });

    // A later attempt keeps the first certificate.
    const again = await submit(u.auth, { answers: answers(0) });
    expect(again.json()).toMatchObject({ passed: true, percent: 100, certificateId });

    const pdf = await h.app.inject({ url: '/api/portal/course/certificate', headers: u.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="certificate-[0-9a-f]{8}\.pdf"$/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getKeywords()).toBe(certificateId);
    expect(doc.getTitle()).toBe('Certificate of completion - Test User');

    const verified = await h.app.inject({ url: `/api/portal/course/certificates/${certificateId}` });
    expect(verified.json()).toMatchObject({ id: certificateId, name: 'Test User', courseTitle: COURSE.title, percent: 83 });
    expect((await h.app.inject({ url: '/api/portal/course/certificates/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  it('refuses incomplete, unknown or malformed answers and records nothing', async () => {
    const u = await createUser(h, { practitionerStatus: 1 });
    await completeAll(u.auth);
    const some = answers(0);
    const [firstId] = Object.keys(some);
    const missing = { ...some };
    delete missing[firstId!];
    const res = await submit(u.auth, { answers: missing });
    expect(res.json().error.fieldErrors).toEqual({ [`answers.${firstId}`]: ['This field is required'] });
    expect((await submit(u.auth, { answers: { ...some, [firstId!]: 'z' } })).json().error.fieldErrors).toEqual({
      [`answers.${firstId}`]: ['Value is not valid.'],
    });
    expect((await submit(u.auth, { answers: { ...some, extra: 'a' } })).json().error.fieldErrors).toEqual({ 'answers.extra': ['Unknown field'] });
    expect((await submit(u.auth, { answers: some, score: 100 })).statusCode).toBe(400);
    expect((await h.app.inject({ url: '/api/portal/course/', headers: u.auth })).json().test.attempts).toBe(0);
  });
});

describe('listing for patients', () => {
  it('needs acceptance and a passed test', async () => {
    const patient = await createUser(h, { role: 'patient' });
    // A name of this test's own: the shared test database lists every other file's practitioners too (100 at most).
    const lastName = `Course${Date.now().toString(36)}`;
    const listed = async () =>
      (await h.app.inject({ url: `/api/patient/practitioners/?search=${lastName}`, headers: patient.auth })).json().results.map((p: { id: string }) => p.id);
    const u = await createUser(h, { practitionerStatus: 1, lastName });
    const id = (await h.app.inject({ url: '/api/portal/me/', headers: u.auth })).json().id;
    await completeAll(u.auth);
    await submit(u.auth, { answers: answers(0) });
    expect(await listed()).not.toContain(id);

    expect((await h.app.inject({ method: 'POST', url: `/api/admin/practitioners/${id}/accept`, headers: admin })).statusCode).toBe(200);
    expect(await listed()).toContain(id);

    const acceptedOnly = await createUser(h, { practitionerStatus: 2, testPassed: false, lastName });
    const otherId = (await h.app.inject({ url: '/api/portal/me/', headers: acceptedOnly.auth })).json().id;
    expect(await listed()).not.toContain(otherId);
    const booking = await h.app.inject({
      method: 'POST',
      url: '/api/patient/sessions/',
      headers: patient.auth,
      payload: { practitionerId: otherId, bookingTime: new Date(Date.now() + 2 * 86_400_000).toISOString() },
    });
    expect(booking.statusCode).toBe(404);
  });
});
