import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, calendarFeeds, users } from '../../db/schema';
import { createTestApp, createUser, DAY, type Harness, type User } from '../../test/harness';
import { loggedPath, pathOnly } from '../../logger';
import { shortName } from '../../lib/names';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp({ PORTAL_URL: 'https://portal.example' });
});
afterAll(() => h.close());

/** A practitioner and a patient's session with them, booked `days` ahead, then accepted, rejected or left requested. */
async function book(doc: User, patientLastName: string, days: number, decision: 'accept' | 'reject' | null) {
  const patient = await createUser(h, { role: 'patient', lastName: patientLastName });
  const practitionerId = (await h.app.inject({ url: '/api/portal/me/', headers: doc.auth })).json().id as string;
  const bookingTime = new Date(Math.round((Date.now() + days * DAY) / 60_000) * 60_000);
  const booked = await h.app.inject({
    method: 'POST',
    url: '/api/patient/sessions/',
    headers: patient.auth,
    payload: { practitionerId, bookingTime: bookingTime.toISOString() },
  });
  expect(booked.statusCode).toBe(201);
  const id = booked.json().id as string;
  if (decision) expect((await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/${decision}`, headers: doc.auth })).statusCode).toBe(200);
  return { id, bookingTime, patient };
}

/** The feed parsed with ical.js, an iCalendar parser independent of the library that wrote it. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toJSDate(),
      end: e.endDate.toJSDate(),
      description: e.description,
      url: v.getFirstPropertyValue('url'),
      klass: v.getFirstPropertyValue('class'),
    };
  });
}

const pathOf = (url: string) => new URL(url).pathname;

describe('the calendar feed', () => {
  it("lists exactly its owner's accepted sessions, with the patient's first name and initial, the booking time and a link", async () => {
    const doc = await createUser(h, { practitionerStatus: 2 });
    const other = await createUser(h, { practitionerStatus: 2 });
    const a = await book(doc, 'nkosi', 2, 'accept');
    const b = await book(doc, 'Van Wyk', 5, 'accept');
    await book(doc, 'Requested', 3, null);
    await book(doc, 'Rejected', 4, 'reject');
    await book(other, 'Elsewhere', 2, 'accept');

    expect((await h.app.inject({ url: '/api/portal/me/calendar-feed/', headers: doc.auth })).json()).toEqual({ active: false, createdAt: null });
    const made = await h.app.inject({ method: 'POST', url: '/api/portal/me/calendar-feed/', headers: doc.auth });
    expect(made.statusCode).toBe(201);
    const { url } = made.json() as { url: string };
    expect(url).toMatch(/^https:\/\/portal\.example\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await h.app.inject({ url: '/api/portal/me/calendar-feed/', headers: doc.auth })).json()).toMatchObject({
      active: true,
      createdAt: expect.any(String),
    });

    // No sign-in: the address is the key.
    const feed = await h.app.inject({ url: pathOf(url) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, no-store');
    // RFC 5545 §3.1: every content line ends with CRLF, the last one too, and no bare CR or LF anywhere.
    expect(feed.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const lines = feed.body.split('\r\n');
    expect(lines.pop()).toBe('');
    for (const line of lines) expect(line, JSON.stringify(line)).not.toMatch(/[\r\n]/);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    const events = parse(feed.body);
    expect(events.map((e) => e.uid).sort()).toEqual([`${a.id}@portal.example`, `${b.id}@portal.example`].sort());
    const first = events.find((e) => e.uid.startsWith(a.id))!;
    expect(first).toMatchObject({ summary: 'Session with Test N.', url: `https://portal.example/sessions/${a.id}`, klass: 'PRIVATE' });
    expect(first.start.toISOString()).toBe(a.bookingTime.toISOString());
    expect(first.end.getTime() - first.start.getTime()).toBe(60 * 60_000);
    expect(first.description).toContain(`https://portal.example/sessions/${a.id}`);
    expect(events.find((e) => e.uid.startsWith(b.id))!.summary).toBe('Session with Test V.');
    // Nothing of the patient beyond the first name and initial: no surname, no email.
    expect(feed.body).not.toMatch(/nkosi|Van Wyk|@test\.example/i);
    // The token is kept only as its hash.
    const token = pathOf(url).split('/').pop()!.replace('.ics', '');
    const [stored] = await h.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.tokenHash, (await import('node:crypto')).createHash('sha256').update(token).digest('hex')));
    expect(stored).toBeDefined();
    expect(JSON.stringify(stored)).not.toContain(token);
    // Each read by a calendar app is one audit row, in the practitioner's name.
    const rows = await h.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.category, 'calendar feed'), eq(auditEvents.practitionerId, stored!.practitionerId)));
    expect(rows.filter((r) => r.action === 'read')).toHaveLength(1);
  });

  it('answers 404 for a revoked, a replaced and a made-up token, for no token and for a deactivated account', async () => {
    const doc = await createUser(h, { practitionerStatus: 2 });
    await book(doc, 'Mokoena', 2, 'accept');
    const first = pathOf((await h.app.inject({ method: 'POST', url: '/api/portal/me/calendar-feed/', headers: doc.auth })).json().url);
    expect((await h.app.inject({ url: first })).statusCode).toBe(200);
    // Regenerating: the old address stops answering, the new one answers.
    const second = pathOf((await h.app.inject({ method: 'POST', url: '/api/portal/me/calendar-feed/', headers: doc.auth })).json().url);
    expect(second).not.toBe(first);
    expect((await h.app.inject({ url: first })).statusCode).toBe(404);
    expect(parse((await h.app.inject({ url: second })).body)).toHaveLength(1);
    // A deactivated account's feed answers 404 until it is active again.
    await h.db.update(users).set({ isActive: false }).where(eq(users.id, doc.user.id));
    expect((await h.app.inject({ url: second })).statusCode).toBe(404);
    await h.db.update(users).set({ isActive: true }).where(eq(users.id, doc.user.id));
    expect((await h.app.inject({ url: second })).statusCode).toBe(200);
    // Revoking: 404, with the catalogue's body, and the state says so.
    expect((await h.app.inject({ method: 'DELETE', url: '/api/portal/me/calendar-feed/', headers: doc.auth })).statusCode).toBe(204);
    const revoked = await h.app.inject({ url: second });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().error.code).toBeDefined();
    expect((await h.app.inject({ url: '/api/portal/me/calendar-feed/', headers: doc.auth })).json().active).toBe(false);
    for (const bad of ['/api/calendar/' + 'A'.repeat(43) + '.ics', '/api/calendar/short.ics', '/api/calendar/' + 'A'.repeat(43), '/api/calendar/']) {
      expect((await h.app.inject({ url: bad })).statusCode, bad).toBe(404);
    }
  });

  it('needs a signed-in practitioner with a practice to make or revoke an address', async () => {
    expect((await h.app.inject({ method: 'POST', url: '/api/portal/me/calendar-feed/' })).statusCode).toBe(401);
    const patient = await createUser(h, { role: 'patient' });
    expect((await h.app.inject({ method: 'POST', url: '/api/portal/me/calendar-feed/', headers: patient.auth })).statusCode).toBe(401);
    const noPractice = await createUser(h);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await h.app.inject({ method, url: '/api/portal/me/calendar-feed/', headers: noPractice.auth })).statusCode, method).toBe(404);
    }
  });

  it('keeps the token out of the log: the request line names the feed route only', () => {
    const token = 'A'.repeat(43);
    const feed = { url: `/api/calendar/${token}.ics?x=1`, routeOptions: { url: '/api/calendar/:file', config: { logPath: false } } };
    expect(loggedPath(feed)).toEqual({ route: '/api/calendar/:file' });
    // Matched by no route (another method, a wrong place): the first segment only.
    expect(loggedPath({ url: `/api/calendar/${token}.ics` })).toEqual({ url: '/api/[unmatched]' });
    expect(loggedPath({ url: `/${token}.ics` })).toEqual({ url: '/[unmatched]' });
    expect(loggedPath({ url: '/sessions?x=1' })).toEqual({ url: '/sessions' });
    expect(pathOnly('/api/portal/sessions/?search=Nkosi')).toBe('/api/portal/sessions/?[redacted]');
  });

  it("shortens a name to the first name and the last name's initial", () => {
    expect(shortName('Thandi', 'Nkosi')).toBe('Thandi N.');
    expect(shortName(' Pieter ', 'van Wyk')).toBe('Pieter V.');
    expect(shortName('Émile', 'école')).toBe('Émile É.');
    expect(shortName('Cher', '')).toBe('Cher');
  });
});
