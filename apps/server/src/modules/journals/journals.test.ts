import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, journalEntries, mailOutbox, sessions } from '../../db/schema';
import { createTestApp, createUser, practice, session, type Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(() => h.close());

const NOTE = 'Discussed vitamin D results; retest in three months.';

async function acceptedSession() {
  const doc = await practice(h);
  const { id, patient } = await session(h, doc);
  return { doc, patient, id };
}

describe('session journal', () => {
  it('saves a draft, edits it, and keeps it Saved', async () => {
    const { doc, id } = await acceptedSession();
    const empty = await h.app.inject({ url: `/api/portal/sessions/${id}/journal`, headers: doc.auth });
    expect(empty.json()).toEqual({ entry: null, addenda: [], sessionStatus: 2 });
    const first = await h.app.inject({ method: 'PUT', url: `/api/portal/sessions/${id}/journal`, headers: doc.auth, payload: { description: 'Draft' } });
    expect(first.json()).toMatchObject({ status: 'Saved', description: 'Draft', submittedAt: null });
    const second = await h.app.inject({ method: 'PUT', url: `/api/portal/sessions/${id}/journal`, headers: doc.auth, payload: { description: NOTE } });
    expect(second.json().id).toBe(first.json().id);
    expect((await h.app.inject({ url: `/api/portal/sessions/${id}/journal`, headers: doc.auth })).json().entry.description).toBe(NOTE);
  });

  it('refuses drafts on a session that is not accepted, and bodies that are too long or have unknown fields', async () => {
    const doc = await practice(h);
    const { id } = await session(h, doc, { accept: false });
    expect(
      (await h.app.inject({ method: 'PUT', url: `/api/portal/sessions/${id}/journal`, headers: doc.auth, payload: { description: NOTE } })).json().error.code,
    ).toBe('400414');
    const { doc: d2, id: id2 } = await acceptedSession();
    const long = await h.app.inject({
      method: 'PUT',
      url: `/api/portal/sessions/${id2}/journal`,
      headers: d2.auth,
      payload: { description: 'x'.repeat(20_001) },
    });
    expect(long.json().error.fieldErrors).toEqual({ description: ['Maximum chars exceeded'] });
    const extra = await h.app.inject({
      method: 'PUT',
      url: `/api/portal/sessions/${id2}/journal`,
      headers: d2.auth,
      payload: { description: NOTE, status: 'Submitted' },
    });
    expect(extra.statusCode).toBe(400);
    expect(await h.db.select().from(journalEntries).where(eq(journalEntries.sessionId, id2))).toHaveLength(0);
  });

  it('submitting completes the session in the same step; the entry is read-only; the patient reads it and is emailed', async () => {
    const { doc, patient, id } = await acceptedSession();
    await h.app.inject({ method: 'PUT', url: `/api/portal/sessions/${id}/journal`, headers: doc.auth, payload: { description: 'Draft' } });
    expect((await h.app.inject({ url: `/api/patient/sessions/${id}/journal`, headers: patient.auth })).json()).toEqual({
      entry: null,
      addenda: [],
      sessionStatus: 2,
    });
    const short = await h.app.inject({
      method: 'POST',
      url: `/api/portal/sessions/${id}/journal/submit`,
      headers: doc.auth,
      payload: { description: 'Too short' },
    });
    expect(short.json().error.fieldErrors).toEqual({ description: ['Minimum chars not reached'] });

    const res = await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/journal/submit`, headers: doc.auth, payload: { description: NOTE } });
    expect(res.statusCode).toBe(200);
    expect(res.json().entry).toMatchObject({ status: 'Submitted', description: NOTE });
    const [s] = await h.db.select().from(sessions).where(eq(sessions.id, id));
    expect(s!.status).toBe(4);
    expect(s!.completedAt).not.toBeNull();

    const edit = await h.app.inject({ method: 'PUT', url: `/api/portal/sessions/${id}/journal`, headers: doc.auth, payload: { description: 'changed' } });
    expect(edit.json().error.code).toBe('400414');
    const again = await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/journal/submit`, headers: doc.auth, payload: { description: NOTE } });
    expect(again.json().error.code).toBe('400414');

    const read = await h.app.inject({ url: `/api/patient/sessions/${id}/journal`, headers: patient.auth });
    expect(read.json().entry).toMatchObject({ status: 'Submitted', description: NOTE });
    const mails = await h.db.select().from(mailOutbox).where(eq(mailOutbox.to, patient.user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toContain(NOTE);
    const events = await h.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, doc.user.id));
    expect(events.map((e) => e.name)).toContain('journal created');
  });

  it('submitting twice at once completes the session once', async () => {
    const { doc, id } = await acceptedSession();
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/journal/submit`, headers: doc.auth, payload: { description: NOTE } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    expect(await h.db.select().from(journalEntries).where(eq(journalEntries.sessionId, id))).toHaveLength(1);
  });

  it('an addendum is dated and kept beside the submitted original', async () => {
    const { doc, patient, id } = await acceptedSession();
    const early = await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/journal/addenda`, headers: doc.auth, payload: { description: NOTE } });
    expect(early.json().error.code).toBe('400414');
    await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/journal/submit`, headers: doc.auth, payload: { description: NOTE } });
    const add = await h.app.inject({
      method: 'POST',
      url: `/api/portal/sessions/${id}/journal/addenda`,
      headers: doc.auth,
      payload: { description: 'Addendum: lab confirmed the sample.' },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json().entry.description).toBe(NOTE);
    expect(add.json().addenda).toEqual([
      expect.objectContaining({ description: 'Addendum: lab confirmed the sample.', status: 'Submitted', parentID: add.json().entry.id }),
    ]);
    expect((await h.app.inject({ url: `/api/patient/sessions/${id}/journal`, headers: patient.auth })).json().addenda).toHaveLength(1);
  });

  it('another practitioner gets 404 for the journal, its draft, its submit, and the entry', async () => {
    const { doc, id } = await acceptedSession();
    await h.app.inject({ method: 'PUT', url: `/api/portal/sessions/${id}/journal`, headers: doc.auth, payload: { description: NOTE } });
    const entryId = (await h.app.inject({ url: `/api/portal/sessions/${id}/journal`, headers: doc.auth })).json().entry.id;
    const other = await createUser(h, { practitionerStatus: 2 });
    expect((await h.app.inject({ url: `/api/portal/sessions/${id}/journal`, headers: other.auth })).statusCode).toBe(404);
    expect(
      (await h.app.inject({ method: 'PUT', url: `/api/portal/sessions/${id}/journal`, headers: other.auth, payload: { description: 'x' } })).statusCode,
    ).toBe(404);
    expect(
      (await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/journal/submit`, headers: other.auth, payload: { description: NOTE } }))
        .statusCode,
    ).toBe(404);
    expect((await h.app.inject({ url: `/api/portal/journals/${entryId}`, headers: other.auth })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'PUT', url: `/api/portal/journals/${entryId}`, headers: other.auth, payload: { description: 'x' } })).statusCode).toBe(
      404,
    );
    const [row] = await h.db.select().from(journalEntries).where(eq(journalEntries.id, entryId));
    expect(row!.description).toBe(NOTE);
  });
});

describe('journals list', () => {
  it('lists entries with status, patient and session; filters by status; searches', async () => {
    const { doc, id } = await acceptedSession();
    await h.app.inject({ method: 'PUT', url: `/api/portal/sessions/${id}/journal`, headers: doc.auth, payload: { description: 'About magnesium intake' } });
    const list = await h.app.inject({ url: '/api/portal/journals/', headers: doc.auth });
    expect(list.json()).toMatchObject({ count: 1, results: [{ status: 'Saved', sessionID: id, session: { id, status: 2, user: { firstName: 'Test' } } }] });
    expect((await h.app.inject({ url: '/api/portal/journals/?status=Submitted', headers: doc.auth })).json().count).toBe(0);
    expect((await h.app.inject({ url: '/api/portal/journals/?search=magnesium', headers: doc.auth })).json().count).toBe(1);
    expect((await h.app.inject({ url: '/api/portal/journals/?search=zinc', headers: doc.auth })).json().count).toBe(0);
    expect((await h.app.inject({ url: '/api/portal/journals/?status=Draft', headers: doc.auth })).statusCode).toBe(400);
    const entryId = list.json().results[0].id;
    const edited = await h.app.inject({
      method: 'PUT',
      url: `/api/portal/journals/${entryId}`,
      headers: doc.auth,
      payload: { description: 'About magnesium and zinc' },
    });
    expect(edited.json()).toMatchObject({ description: 'About magnesium and zinc', addenda: [] });
  });
});
