import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { kits, mailOutbox, notifications, practitionerAddresses, transactions } from '../../db/schema';
import { createTestApp, createUser, DAY, type Harness, type User } from '../../test/harness';
import { startTestSmtp } from '../../test/smtp';
import { lastDigestTime, when } from './mails';
import { addFeeReminders, handleNew, sendDigests } from './service';
import { startNotificationWorker } from './worker';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp({ PORTAL_URL: 'https://portal.example' });
});
afterAll(() => h.close());

async function practitionerIdOf(app: Harness, doc: User) {
  return (await app.app.inject({ url: '/api/portal/me/', headers: doc.auth })).json().id as string;
}

/** A patient asks `doc` for a session through the patient API (what `npm run patient -- request` calls). */
async function request(app: Harness, doc: User, lastName = 'Nkosi') {
  const patient = await createUser(app, { role: 'patient', lastName });
  const bookingTime = new Date(Math.round((Date.now() + 3 * DAY) / 60_000) * 60_000);
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/patient/sessions/',
    headers: patient.auth,
    payload: { practitionerId: await practitionerIdOf(app, doc), bookingTime: bookingTime.toISOString() },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id as string, bookingTime, patient };
}

async function settle(app: Harness, doc: User, settings: Record<string, string>) {
  const res = await app.app.inject({
    method: 'PUT',
    url: '/api/portal/me/notifications/',
    headers: doc.auth,
    payload: { sessionRequest: 'instant', dataRequest: 'instant', kitResults: 'instant', feeDue: 'instant', timeZone: 'UTC', ...settings },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const mailsTo = (app: Harness, doc: User) => app.db.select().from(mailOutbox).where(eq(mailOutbox.to, doc.user.email)).orderBy(mailOutbox.createdAt);

describe('notification settings', () => {
  it('answer every kind instantly in UTC until saved, then what was saved', async () => {
    const doc = await createUser(h, { practitionerStatus: 2 });
    expect((await h.app.inject({ url: '/api/portal/me/notifications/', headers: doc.auth })).json()).toEqual({
      sessionRequest: 'instant',
      dataRequest: 'instant',
      kitResults: 'instant',
      feeDue: 'instant',
      timeZone: 'UTC',
      timeZoneSource: 'default',
      saved: false,
    });
    await settle(h, doc, { sessionRequest: 'digest', feeDue: 'off', timeZone: 'Africa/Johannesburg' });
    expect((await h.app.inject({ url: '/api/portal/me/notifications/', headers: doc.auth })).json()).toEqual({
      sessionRequest: 'digest',
      dataRequest: 'instant',
      kitResults: 'instant',
      feeDue: 'off',
      timeZone: 'Africa/Johannesburg',
      timeZoneSource: 'chosen',
      saved: true,
    });
  });

  it('a practice in Cape Town hears in its own zone from its address (mails, the digest hour, the calendar) until Settings chooses another', async () => {
    const doc = await createUser(h, { practitionerStatus: 2 });
    const pid = await practitionerIdOf(h, doc);
    await h.db.insert(practitionerAddresses).values({
      practitionerId: pid,
      streetAddress: '1 Long Street',
      suburb: 'Gardens',
      city: 'Cape Town',
      state: 'Western Cape',
      postalCode: '8001',
      countryCode: 'ZA',
      primary: true,
    });
    const settings = async () => (await h.app.inject({ url: '/api/portal/me/notifications/', headers: doc.auth })).json();
    expect(await settings()).toMatchObject({ timeZone: 'Africa/Johannesburg', timeZoneSource: 'address', saved: false });

    // The mail of a request says the booking in Cape Town's time (issue 33: 04:12 UTC for 06:12 local).
    const a = await request(h, doc, 'Nkosi');
    await handleNew(h.app.ctx, new Date());
    const [mail] = await mailsTo(h, doc);
    expect(mail!.text).toContain(`asked for a session on ${when(a.bookingTime, 'Africa/Johannesburg')}.`);
    expect(when(a.bookingTime, 'Africa/Johannesburg')).toContain('(Africa/Johannesburg)');

    // The calendar feed: the practice's zone as the calendar's, each booking said in it.
    const { url } = (await h.app.inject({ method: 'POST', url: '/api/portal/me/calendar-feed/', headers: doc.auth })).json() as { url: string };
    expect((await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${a.id}/accept`, headers: doc.auth })).statusCode).toBe(200);
    const feed = (await h.app.inject({ url: new URL(url).pathname })).body;
    expect(feed).toContain('X-WR-TIMEZONE:Africa/Johannesburg');
    expect(feed.replace(/\r\n[ \t]/g, '').replace(/\\,/g, ',')).toContain(`Booked for ${when(a.bookingTime, 'Africa/Johannesburg')}`);

    // Chosen in Settings, the zone is that one, wherever the address is.
    await settle(h, doc, { timeZone: 'Europe/London' });
    expect(await settings()).toMatchObject({ timeZone: 'Europe/London', timeZoneSource: 'chosen', saved: true });
    expect((await h.app.inject({ url: new URL(url).pathname })).body).toContain('X-WR-TIMEZONE:Europe/London');
  });

  it('refuse an unknown time zone or delivery with the catalogue code and change nothing', async () => {
    const doc = await createUser(h, { practitionerStatus: 2 });
    await settle(h, doc, { timeZone: 'Europe/London' });
    const base = { sessionRequest: 'instant', dataRequest: 'instant', kitResults: 'instant', feeDue: 'instant' };
    for (const payload of [
      { ...base, timeZone: 'Mars/Olympus' },
      { ...base, sessionRequest: 'hourly', timeZone: 'UTC' },
      { ...base, timeZone: 'UTC', extra: 1 },
    ]) {
      const res = await h.app.inject({ method: 'PUT', url: '/api/portal/me/notifications/', headers: doc.auth, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('400400');
    }
    expect(
      (await h.app.inject({ method: 'PUT', url: '/api/portal/me/notifications/', headers: doc.auth, payload: { ...base, timeZone: 'Mars/Olympus' } })).json()
        .error.fieldErrors,
    ).toEqual({ timeZone: ['Choose a time zone from the list'] });
    expect((await h.app.inject({ url: '/api/portal/me/notifications/', headers: doc.auth })).json().timeZone).toBe('Europe/London');
  });

  it('need a practitioner profile and a sign-in', async () => {
    const noProfile = await createUser(h);
    expect((await h.app.inject({ url: '/api/portal/me/notifications/', headers: noProfile.auth })).statusCode).toBe(404);
    const patient = await createUser(h, { role: 'patient' });
    expect((await h.app.inject({ url: '/api/portal/me/notifications/', headers: patient.auth })).statusCode).toBe(401);
    expect((await h.app.inject({ url: '/api/portal/me/notifications/' })).statusCode).toBe(401);
  });
});

describe('the daily digest hour', () => {
  it("is the latest 07:00 in the practice's time zone, across a daylight-saving change", () => {
    expect(lastDigestTime(new Date('2026-11-25T04:59:00Z'), 'Africa/Johannesburg').toISOString()).toBe('2026-11-24T05:00:00.000Z');
    expect(lastDigestTime(new Date('2026-11-25T05:00:00Z'), 'Africa/Johannesburg').toISOString()).toBe('2026-11-25T05:00:00.000Z');
    expect(lastDigestTime(new Date('2026-11-25T23:30:00Z'), 'UTC').toISOString()).toBe('2026-11-25T07:00:00.000Z');
    // New York moves to summer time at 02:00 on 8 March 2026: 07:00 is 12:00 UTC the day before, 11:00 UTC that day.
    expect(lastDigestTime(new Date('2026-03-08T10:59:00Z'), 'America/New_York').toISOString()).toBe('2026-03-07T12:00:00.000Z');
    expect(lastDigestTime(new Date('2026-03-08T11:00:00Z'), 'America/New_York').toISOString()).toBe('2026-03-08T11:00:00.000Z');
    // East of UTC across the date line.
    expect(lastDigestTime(new Date('2026-11-24T18:30:00Z'), 'Pacific/Auckland').toISOString()).toBe('2026-11-24T18:00:00.000Z');
  });

  it('names the time zone beside every time', () => {
    expect(when(new Date('2026-12-01T08:00:00Z'), 'Africa/Johannesburg')).toBe('Tue, 1 Dec 2026, 10:00 (Africa/Johannesburg)');
  });
});

describe("a patient's request, by each practitioner's setting", () => {
  it('instant: one mail at once; digest: one mail after 07:00 with it; off: none', async () => {
    const [instant, digest, off] = [
      await createUser(h, { practitionerStatus: 2 }),
      await createUser(h, { practitionerStatus: 2 }),
      await createUser(h, { practitionerStatus: 2 }),
    ];
    await settle(h, instant, { timeZone: 'Africa/Johannesburg' });
    await settle(h, digest, { sessionRequest: 'digest', timeZone: 'Africa/Johannesburg' });
    await settle(h, off, { sessionRequest: 'off' });
    const [a, b] = [await request(h, instant, 'Nkosi'), await request(h, digest, 'Van Wyk')];
    await request(h, off, 'Khumalo');

    const now = new Date();
    await handleNew(h.app.ctx, now);
    const [mail, ...more] = await mailsTo(h, instant);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('New session request from Test N.');
    expect(mail!.text).toContain(
      `The patient named below asked for a session on ${when(a.bookingTime, 'Africa/Johannesburg')}. Accept or reject the request in the portal.\nPatient: "Test N."\n`,
    );
    expect(mail!.text).toContain(`https://portal.example/sessions/${a.id}`);
    expect(mail!.text).toContain('https://portal.example/settings?tab=notifications');
    // Nothing about the patient beyond the name: not their e-mail, not their last name.
    expect(mail!.text).not.toContain(a.patient.user.email);
    expect(mail!.text).not.toContain('Nkosi');
    expect(await mailsTo(h, digest)).toEqual([]);
    expect(await mailsTo(h, off)).toEqual([]);

    // Handling again sends nothing more; the digest waits for the next 07:00 in its time zone.
    await handleNew(h.app.ctx, now);
    await sendDigests(h.app.ctx, now);
    expect(await mailsTo(h, instant)).toHaveLength(1);
    expect(await mailsTo(h, digest)).toEqual([]);

    const tomorrow = new Date(lastDigestTime(now, 'Africa/Johannesburg').getTime() + DAY);
    await sendDigests(h.app.ctx, tomorrow);
    await sendDigests(h.app.ctx, tomorrow);
    const [summary, ...again] = await mailsTo(h, digest);
    expect(again).toEqual([]);
    expect(summary!.subject).toBe('Your daily summary: 1 notification');
    expect(summary!.text).toContain(`- The patient named below asked for a session on ${when(b.bookingTime, 'Africa/Johannesburg')}.`);
    expect(summary!.text).toContain('\n  Patient: "Test V."\n');
    expect(await mailsTo(h, off)).toEqual([]);
  });

  it('a data request answered, a kit with results and a fee coming due each name what happened and link to its page', async () => {
    const doc = await createUser(h, { practitionerStatus: 2 });
    const pid = await practitionerIdOf(h, doc);
    const yes = await request(h, doc, 'Mokoena');
    const no = await request(h, doc, 'Dlamini');
    for (const s of [yes, no]) {
      expect((await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${s.id}/accept`, headers: doc.auth })).statusCode).toBe(200);
      expect((await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${s.id}/data-request`, headers: doc.auth })).statusCode).toBeLessThan(300);
    }
    expect(
      (await h.app.inject({ method: 'POST', url: `/api/patient/sessions/${yes.id}/data-request/confirm`, headers: yes.patient.auth })).statusCode,
    ).toBeLessThan(300);
    expect(
      (await h.app.inject({ method: 'POST', url: `/api/patient/sessions/${no.id}/data-request/decline`, headers: no.patient.auth })).statusCode,
    ).toBeLessThan(300);
    // The lab's last step, as the admin command takes it.
    const label = `NOTIFY-${yes.id.slice(0, 8)}`;
    await h.db.insert(kits).values({ sampleLabel: label, practitionerId: pid, patientId: yes.patient.user.id, sessionId: yes.id, status: 'processing' });
    await h.db.update(kits).set({ status: 'results_available' }).where(eq(kits.sampleLabel, label));
    const now = new Date();
    const [fee] = await h.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.sessionId, yes.id), eq(transactions.kind, 'data_request_fee')));
    expect(fee).toBeDefined();
    await h.db
      .update(transactions)
      .set({ dueAt: new Date(now.getTime() + 2 * DAY) })
      .where(eq(transactions.id, fee!.id));

    expect(await addFeeReminders(h.app.ctx, now)).toBeGreaterThanOrEqual(1);
    await addFeeReminders(h.app.ctx, now);
    expect(
      await h.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.transactionId, fee!.id))),
    ).toHaveLength(1);
    await handleNew(h.app.ctx, now);

    const subjects = (await mailsTo(h, doc)).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'New session request from Test M.',
        'New session request from Test D.',
        'Test M. confirmed your data request',
        'Test D. declined your data request',
        'Results available for Test M.',
        `A data-request fee is due on ${when(new Date(now.getTime() + 2 * DAY), 'UTC', false)}`,
      ]),
    );
    expect(subjects).toHaveLength(6);
    const feeMail = (await mailsTo(h, doc)).find((m) => m.subject.startsWith('A data-request fee'))!;
    expect(feeMail.text).toContain('https://portal.example/summary/transactions');
    expect(feeMail.text).toMatch(/The data-request fee R\s?[\d\s,.]+ for the session with the patient named below on .*\nPatient: "Test M\."\n/);
  });

  it('a deactivated practitioner gets no mail', async () => {
    const doc = await createUser(h, { practitionerStatus: 2 });
    await request(h, doc);
    await h.db.execute(sql`update users set is_active = false where id = ${doc.user.id}`);
    await handleNew(h.app.ctx);
    expect(await mailsTo(h, doc)).toEqual([]);
  });
});

describe('the worker every server process runs', () => {
  it('mails a new request within seconds of the change, woken by the live updates, and stops cleanly', async () => {
    const doc = await createUser(h, { practitionerStatus: 2 });
    const worker = startNotificationWorker(h.app.ctx);
    try {
      // Well inside the 15-s round: the live update's wake-up brings it.
      await new Promise((r) => setTimeout(r, 300));
      const { id } = await request(h, doc, 'Naidoo');
      await expect
        .poll(async () => (await mailsTo(h, doc)).map((m) => m.subject), { timeout: 10_000, interval: 200 })
        .toEqual(['New session request from Test N.']);
      expect((await mailsTo(h, doc))[0]!.text).toContain(`/sessions/${id}`);
    } finally {
      await worker.stop();
    }
  });
});

describe('delivery by SMTP', () => {
  it('an SMTP server that refuses: the request still succeeds, the mail is kept and sent once when it accepts', async () => {
    const server = await startTestSmtp();
    const app = await createTestApp({ PORTAL_URL: 'https://portal.example', SMTP_URL: server.url });
    try {
      server.state.refuse = true;
      const doc = await createUser(app, { practitionerStatus: 2 });
      const { id } = await request(app, doc, 'Botha');
      await handleNew(app.app.ctx);
      const now = new Date();
      await app.app.ctx.mailer.deliverDue(now);
      const [kept] = await mailsTo(app, doc);
      expect(kept).toMatchObject({ transport: 'smtp', sentAt: null, attempts: 1 });
      expect(kept!.error).toMatch(/451|temporarily/i);
      expect(kept!.nextAttemptAt.getTime()).toBe(now.getTime() + 60_000);
      expect(server.received.filter((r) => r.to === doc.user.email)).toEqual([]);

      // Not tried again before its time, then delivered once the server accepts.
      server.state.refuse = false;
      await app.app.ctx.mailer.deliverDue(new Date(now.getTime() + 30_000));
      expect(server.received.filter((r) => r.to === doc.user.email)).toEqual([]);
      const later = new Date(now.getTime() + 61_000);
      await app.app.ctx.mailer.deliverDue(later);
      await app.app.ctx.mailer.deliverDue(later);
      expect(server.received.filter((r) => r.to === doc.user.email).map((r) => r.subject)).toEqual(['New session request from Test B.']);
      const [sent] = await mailsTo(app, doc);
      expect(sent).toMatchObject({ attempts: 2, error: null });
      expect(sent!.sentAt).not.toBeNull();
      expect(sent!.text).toContain(`/sessions/${id}`);
    } finally {
      await app.close();
      await server.close();
    }
  });
});

const onPostgres = Boolean(inject('databaseUrl'));

describe.runIf(onPostgres)('two server processes on one PostgreSQL', () => {
  it('send each notification exactly once, however their rounds interleave', async () => {
    const server = await startTestSmtp();
    // Two apps, each with its own connection pool and worker logic, as two processes have.
    const one = await createTestApp({ PORTAL_URL: 'https://portal.example', SMTP_URL: server.url });
    const two = await createTestApp({ PORTAL_URL: 'https://portal.example', SMTP_URL: server.url });
    try {
      const doc = await createUser(one, { practitionerStatus: 2 });
      const made = [];
      for (let i = 0; i < 12; i++) made.push((await request(i % 2 ? one : two, doc, `Twice${i}`)).id);
      const round = (app: Harness) => handleNew(app.app.ctx).then(() => app.app.ctx.mailer.deliverDue(new Date()));
      await Promise.all([round(one), round(two), round(one), round(two), round(one), round(two)]);
      await Promise.all([round(one), round(two)]);
      const mine = server.received.filter((r) => r.to === doc.user.email);
      expect(mine).toHaveLength(12);
      for (const id of made)
        expect(
          mine.filter((m) => m.raw.includes(`/sessions/${id}`)),
          id,
        ).toHaveLength(1);
      const rows = await one.db.select().from(notifications).where(inArray(notifications.sessionId, made));
      expect(rows.map((r) => r.state)).toEqual(Array(12).fill('sent'));
      expect(new Set(rows.map((r) => r.mailId)).size).toBe(12);
      expect(await mailsTo(one, doc)).toHaveLength(12);
    } finally {
      await one.close();
      await two.close();
      await server.close();
    }
  });
});
