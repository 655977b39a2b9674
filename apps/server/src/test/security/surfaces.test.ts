import { randomBytes } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import { Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { mailOutbox, notifications, sessions, users } from '../../db/schema';
import { loadEnv } from '../../env';
import { createLogger } from '../../logger';
import { FEED_READS_PER_ADDRESS } from '../../modules/calendar/routes';
import { handleNew, sendDigests } from '../../modules/notifications/service';
import { isCanonicalPath } from '../../plugins/canonical-path';
import { createUser, DAY, uniqueEmail, type Harness, type User } from '../harness';
import { startTestSmtp } from '../smtp';

/**
 * The outside review of issue 32, its requests as the review sent them: an invite relay, request
 * flooding, names that write mail, an e-mail that is a list, a calendar token in the log. One app
 * with a real SMTP sink on loopback and the log captured at trace level.
 */
const lines: string[] = [];
let database: Database;
let h: Harness;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;

const log = (line: Record<string, unknown>) => console.log(`[security:surfaces] ${JSON.stringify(line)}`);

beforeAll(async () => {
  smtp = await startTestSmtp();
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const url = inject('databaseUrl');
  database = await openDatabase(url ? { url, poolSize: 2 } : { dataDir: 'memory://' });
  await database.migrate();
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '3000',
    LOG_LEVEL: 'trace',
    SERVE_WEB: 'false',
    SMTP_URL: smtp.url,
    PORTAL_URL: 'https://portal.example',
    SIGN_IN_RATE_LIMIT: '1000',
  });
  const app = await buildApp({ env, database, logger: createLogger(env, sink) });
  await app.ready();
  h = { app, env, database, db: database.db, close: async () => {} };
}, 240_000);

afterAll(async () => {
  await h.app.close();
  await database.close();
  await smtp.close();
});

/** Everything queued so far, over SMTP to the sink. */
async function deliver() {
  await handleNew(h.app.ctx);
  while ((await h.app.ctx.mailer.deliverDue(new Date())).sent > 0);
}
const wire = (to: string) => smtp.received.filter((m) => m.to === to);
const body = (raw: string) => raw.slice(raw.indexOf('\r\n\r\n') + 4);
const headerLines = (raw: string) => raw.slice(0, raw.indexOf('\r\n\r\n')).split('\r\n');

async function practitionerIdOf(doc: User) {
  return (await h.app.inject({ url: '/api/portal/me/', headers: doc.auth })).json().id as string;
}
const bookingTime = (days = 3, minutes = 0) => new Date(Math.round((Date.now() + days * DAY) / 60_000) * 60_000 + minutes * 60_000).toISOString();
const requestSession = (patient: User, practitionerId: string, minutes = 0) =>
  h.app.inject({ method: 'POST', url: '/api/patient/sessions/', headers: patient.auth, payload: { practitionerId, bookingTime: bookingTime(3, minutes) } });

describe('invites are no open relay', () => {
  it("the review's burst: 25 invites with a link in the message from a fresh sign-up, then from an accepted practitioner", async () => {
    const message = 'Urgent: verify your account at https://evil.example/login';
    const targets = Array.from({ length: 25 }, (_, i) => uniqueEmail(`burst${i}`));
    const burst = async (doc: User, withMessage: boolean) => {
      const out: number[] = [];
      for (const email of targets)
        out.push(
          (await h.app.inject({ method: 'POST', url: '/api/account/me/invite', headers: doc.auth, payload: withMessage ? { email, message } : { email } }))
            .statusCode,
        );
      return out;
    };
    // A fresh sign-up has no accepted practice: every invite refused before anything is read.
    const fresh = await createUser(h, { practitionerStatus: null });
    expect(await burst(fresh, true)).toEqual(Array(25).fill(403));
    // An accepted practitioner: the free text is an unknown field; without it, 5 in the hour, then 429.
    const doc = await createUser(h, { practitionerStatus: 2 });
    expect(await burst(doc, true)).toEqual(Array(25).fill(400));
    const statuses = await burst(doc, false);
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(20).fill(429)]);
    await deliver();
    const delivered = targets.flatMap(wire);
    expect(delivered).toHaveLength(5);
    for (const m of delivered) {
      expect(m.raw).not.toContain('evil.example');
      expect(m.subject).toBe('An invitation to the Practitioner Portal');
    }
    log({
      invites: 'burst',
      fresh: '25 x 403',
      withMessage: '25 x 400',
      accepted: statuses.filter((s) => s === 201).length,
      refused429: 20,
      delivered: delivered.length,
    });
  });

  it("the comma address: 'p@example.test,cc@evil.example' is refused wherever an e-mail enters, and nothing reaches either", async () => {
    const list = `${uniqueEmail('p')},cc@evil.example`;
    const doc = await createUser(h, { practitionerStatus: 2 });
    const invite = await h.app.inject({ method: 'POST', url: '/api/account/me/invite', headers: doc.auth, payload: { email: list } });
    expect(invite.statusCode).toBe(400);
    expect(invite.json().error.fieldErrors).toEqual({ email: ['Email is not valid'] });
    const signUp = await h.app.inject({
      method: 'POST',
      url: '/sso/api/patients',
      payload: { firstName: 'Pat', lastName: 'List', email: list, phoneNumber: '+27215550000', password: 'Test-password-1' },
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().error.fieldErrors).toEqual({ email: ['Email is not valid'] });
    // A list already stored (from before the rule) is never handed to SMTP as a list.
    await h.app.ctx.mailer.send({ to: 'ok@example.test', subject: 'probe', text: 'probe', html: '<p>probe</p>', listUnsubscribe: null });
    // Given one by a caller (an account stored before the rule), the mail is kept as given up, not sent.
    const given = await h.app.ctx.mailer.send({ to: list, subject: 'given list', text: 'probe', html: '<p>probe</p>', listUnsubscribe: null });
    expect((await h.db.select().from(mailOutbox).where(eq(mailOutbox.id, given)))[0]).toMatchObject({
      attempts: 10,
      error: 'mail refused: the recipient is not one e-mail address',
    });
    await h.db.insert(mailOutbox).values({ to: list, subject: 'stored list', text: 'x', transport: 'smtp', nextAttemptAt: new Date() });
    await deliver();
    expect(smtp.received.filter((m) => m.to.endsWith('evil.example') || m.subject === 'stored list' || m.subject === 'given list')).toEqual([]);
    const [kept] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'stored list'));
    expect(kept).toMatchObject({ sentAt: null, error: 'mail refused: the recipient is not one e-mail address' });
  });
});

describe('one patient cannot flood a practitioner', () => {
  it("the review's 30 requests in a row: 2 pending rows, 28 refused with the contract's text, one mail", async () => {
    const doc = await createUser(h, { practitionerStatus: 2 });
    const pid = await practitionerIdOf(doc);
    const patient = await createUser(h, { role: 'patient', lastName: 'Flood' });
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await requestSession(patient, pid, i));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, ...Array(28).fill(429)]);
    expect(answers[2]!.json().error).toMatchObject({
      code: '400429',
      message: 'You have asked for many sessions. Please wait for an answer to your requests before asking again.',
    });
    const rows = await h.db.select().from(sessions).where(eq(sessions.patientId, patient.user.id));
    expect(rows).toHaveLength(2);
    // The refused ones told the practitioner nothing: two notifications, folded into one mail.
    const told = await h.db
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.sessionId,
          rows.map((r) => r.id),
        ),
      );
    expect(told).toHaveLength(2);
    await deliver();
    const mails = wire(doc.user.email);
    expect(mails.map((m) => m.subject)).toEqual(['New session requests from Test F.']);
    expect(body(mails[0]!.raw)).toContain('asked for 2 sessions');

    // Accepting one frees a place; a request within 15 minutes of the mail folds into it: no mail.
    expect((await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${rows[0]!.id}/accept`, headers: doc.auth })).statusCode).toBe(200);
    const third = await requestSession(patient, pid, 60);
    expect(third.statusCode).toBe(201);
    await deliver();
    expect(wire(doc.user.email)).toHaveLength(1);
    const [first] = await h.db.select().from(notifications).where(eq(notifications.sessionId, rows[0]!.id));
    const [folded] = await h.db.select().from(notifications).where(eq(notifications.sessionId, third.json().id));
    expect(first!.mailId).not.toBeNull();
    expect(folded).toMatchObject({ state: 'sent', mailId: first!.mailId });
    log({ requests: 30, created: 2, refused429: 28, mails: 1, laterFolded: 1 });
  });

  it('a patient makes at most 5 requests a day across practitioners (429 with Retry-After)', async () => {
    const patient = await createUser(h, { role: 'patient', lastName: 'Daily' });
    const docs = await Promise.all([1, 2, 3].map(() => createUser(h, { practitionerStatus: 2 })));
    const statuses = [];
    for (const doc of docs) {
      const pid = await practitionerIdOf(doc);
      statuses.push((await requestSession(patient, pid)).statusCode, (await requestSession(patient, pid, 30)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const sixth = await requestSession(patient, await practitionerIdOf(await createUser(h, { practitionerStatus: 2 })));
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(DAY / 1000 - 120);
    expect(await h.db.select().from(sessions).where(eq(sessions.patientId, patient.user.id))).toHaveLength(5);
  });
});

/** The review's hostile first names: line breaks with a header, a link, tabs, Unicode line ends and bidi controls. */
const HOSTILE = [
  'Ada\r\nBcc: victim@evil.example',
  'Ada\nUrgent: verify your account at https://evil.example/login',
  'Ada\rSubject: You won',
  'Ada\tX-Injected: 1',
  'Ada\u2028Reply-To: attacker@evil.example',
  'Ada\u0085Click www.evil.example',
  'Ada\u202Enigol/elpmaxe.live//:sptth',
  'https://evil.example/login',
  'Ada\u2066\u202Ebcc: x@evil.example\u2069',
];

describe('a name cannot write the mail', () => {
  it('each of the nine hostile names is refused where a name enters: patient sign-up, profile, invite', async () => {
    const doc = await createUser(h, { practitionerStatus: 2 });
    const refused: number[] = [];
    for (const name of HOSTILE.slice(0, 7).concat(HOSTILE[8]!)) {
      const signUp = await h.app.inject({
        method: 'POST',
        url: '/sso/api/patients',
        payload: { firstName: name, lastName: 'Hostile', email: uniqueEmail('hostile'), phoneNumber: '+27215550000', password: 'Test-password-1' },
      });
      const profile = await h.app.inject({ method: 'PUT', url: '/api/account/me/', headers: doc.auth, payload: { firstName: name } });
      const invite = await h.app.inject({
        method: 'POST',
        url: '/api/account/me/invite',
        headers: doc.auth,
        payload: { email: uniqueEmail('i'), firstName: name },
      });
      for (const r of [signUp, profile, invite]) {
        expect(r.statusCode, JSON.stringify(name)).toBe(400);
        expect(r.json().error.fieldErrors.firstName, JSON.stringify(name)).toEqual(['Value is not valid.']);
        refused.push(r.statusCode);
      }
    }
    // The link is one line: it may be a name, and is printed inert (below).
    expect(refused).toHaveLength(24);
  });

  it('stored before the rule, each is printed on the wire as one quoted, inert line: no header, no line of its own, no link', async () => {
    const doc = await createUser(h, { practitionerStatus: 2 });
    const pid = await practitionerIdOf(doc);
    for (const [i, name] of HOSTILE.entries()) {
      const patient = await createUser(h, { role: 'patient', lastName: `Hostile${i}` });
      await h.db.update(users).set({ firstName: name }).where(eq(users.id, patient.user.id));
      expect((await requestSession(patient, pid, i)).statusCode).toBe(201);
    }
    await deliver();
    const mails = wire(doc.user.email);
    expect(mails).toHaveLength(9);
    const printed: string[] = [];
    for (const m of mails) {
      const headers = headerLines(m.raw);
      expect(headers.filter((l) => /^(bcc|reply-to|x-injected|subject):/i.test(l)).map((l) => l.split(':')[0]!.toLowerCase())).toEqual(['subject']);
      const text = body(m.raw);
      expect(text).not.toMatch(/https?:\/\/evil|www\.evil|evil\.example/);
      const bodyLines = text.split(/\r?\n/);
      // Each body line is the provider's words; the name only inside the quotes of its own line.
      const patientLines = bodyLines.filter((l) => l.startsWith('Patient: "'));
      expect(patientLines).toHaveLength(1);
      expect(patientLines[0]).toMatch(/^Patient: "[^"\r\n]*"$/);
      for (const l of bodyLines) expect(l).not.toMatch(/^\s*(bcc|reply-to|subject|x-injected|urgent|click)\b/i);
      expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u2028\u0085\t]/);
      printed.push(patientLines[0]!);
    }
    expect(printed).toEqual(
      expect.arrayContaining([
        'Patient: "Ada Bcc: victim[at]evil[.]example H."',
        'Patient: "Ada Urgent: verify your account at https[://]evil[.]example/login H."',
        'Patient: "https[://]evil[.]example/login H."',
      ]),
    );
    log({ hostileNames: HOSTILE.length, mailsOnTheWire: mails.length, injectedHeaders: 0, linesStarted: 0, links: 0 });
  });
});

/** A request on the wire exactly as written: no client library normalises the path. */
function raw(port: number, method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a name cannot write the digest or the calendar', () => {
  it('the nine names in one digest on the wire and in the calendar feed: one quoted inert line each, no line or link of their own', async () => {
    const doc = await createUser(h, { practitionerStatus: 2 });
    const pid = await practitionerIdOf(doc);
    const saved = await h.app.inject({
      method: 'PUT',
      url: '/api/portal/me/notifications/',
      headers: doc.auth,
      payload: { sessionRequest: 'digest', dataRequest: 'instant', kitResults: 'instant', feeDue: 'instant', timeZone: 'UTC' },
    });
    expect(saved.statusCode).toBe(200);
    const ids: string[] = [];
    for (const [i, name] of HOSTILE.entries()) {
      const patient = await createUser(h, { role: 'patient', lastName: `Digest${i}` });
      await h.db.update(users).set({ firstName: name }).where(eq(users.id, patient.user.id));
      const res = await requestSession(patient, pid, i);
      ids.push(res.json().id as string);
    }
    await handleNew(h.app.ctx);
    await sendDigests(h.app.ctx, new Date(Date.now() + DAY));
    while ((await h.app.ctx.mailer.deliverDue(new Date())).sent > 0);
    const [digest, ...more] = wire(doc.user.email);
    expect(more).toEqual([]);
    const text = body(digest!.raw);
    const bodyLines = text.split(/\r?\n/);
    expect(bodyLines.filter((l) => /^ {2}Patient: "[^"]*"$/.test(l))).toHaveLength(9);
    for (const l of bodyLines) expect(l).not.toMatch(/^\s*(bcc|reply-to|subject|x-injected|urgent|click)\b/i);
    expect(text).not.toMatch(/https?:\/\/evil|www\.evil|evil\.example|[\u202a-\u202e\u2066-\u2069\u2028\u0085\t]/);

    for (const id of ids) expect((await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/accept`, headers: doc.auth })).statusCode).toBe(200);
    const made = await h.app.inject({ method: 'POST', url: '/api/portal/me/calendar-feed/', headers: doc.auth });
    const ics = (await h.app.inject({ url: new URL(made.json().url as string).pathname })).body;
    const summaries = ics.split('\r\n').filter((l) => l.startsWith('SUMMARY:'));
    expect(summaries).toHaveLength(9);
    // iCalendar escapes a line break as \n; none is left to escape, and no link.
    expect(ics).not.toMatch(/\\n|evil\.example|https?:\/\/evil/);
    expect(summaries).toContain('SUMMARY:Session with Ada Bcc: victim[at]evil[.]example D.');
  });
});

describe('one canonical path', () => {
  it("the review's spellings of the feed, results and a NUL: the catalogue's 404 before routing, no-store, and no token in the log", async () => {
    const doc = await createUser(h, { practitionerStatus: 2 });
    const made = await h.app.inject({ method: 'POST', url: '/api/portal/me/calendar-feed/', headers: doc.auth });
    const token = /\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(made.json().url as string)![1]!;
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const spellings = [
      `/%61pi/calendar/${token}.ics`,
      `/api/%63alendar/${token}.ics`,
      `/api/./calendar/${token}.ics`,
      `/api/../api/calendar/${token}.ics`,
      `/api//calendar/${token}.ics`,
      `/API/calendar/${token}.ics`,
      `/api/calendar/%2e/${token}.ics`,
    ];
    const notFound = { error: { code: '400404', message: 'The requested resource was not found', params: null, fieldErrors: null, cause: null } };
    const results = [];
    for (const path of spellings) {
      const res = await raw(port, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body), path).toEqual(notFound);
      expect(res.headers['cache-control'], path).toBe('no-store');
      results.push(res.status);
    }
    // Patient data by another spelling is not served (it was, without no-store); a NUL is a 404, not a 500.
    const patient = await createUser(h, { role: 'patient' });
    for (const path of [
      '/%61pi/patient/sessions/',
      '/api/patient//sessions/',
      '/%61pi/portal/sessions/%00',
      '/api/portal/sessions/%00',
      '/api/portal/sessions/a%00b',
    ]) {
      const res = await raw(port, 'GET', path, patient.auth);
      expect(res.status, path).toBe(404);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
    const canonical = await raw(port, 'GET', '/api/patient/sessions/', patient.auth);
    expect(canonical.status).toBe(200);
    expect(canonical.headers['cache-control']).toBe('no-store');
    // The feed itself, read canonically, and a wrong method on its address: served and refused, logged without the path.
    expect((await raw(port, 'GET', `/api/calendar/${token}.ics`)).status).toBe(200);
    expect((await raw(port, 'POST', `/api/calendar/${token}.ics`)).status).toBe(404);

    const logged = lines.join('');
    expect(logged).not.toContain(token);
    expect(logged).toContain('"url":"/!non-canonical"');
    expect(logged).toContain('"route":"/api/calendar/:file"');
    log({ spellings: spellings.length, answered404: results.length, tokenInLog: logged.split(token).length - 1, logLines: lines.length });
  });
});

describe('the feed limit is per feed', () => {
  it('120 reads a minute for each feed, from one address: a second feed keeps its budget; the 429 logs no token', async () => {
    const feeds = [];
    for (let i = 0; i < 2; i++) {
      const doc = await createUser(h, { practitionerStatus: 2 });
      const made = await h.app.inject({ method: 'POST', url: '/api/portal/me/calendar-feed/', headers: doc.auth });
      feeds.push(new URL(made.json().url as string).pathname);
    }
    const statuses = [];
    const from = lines.length;
    for (let i = 0; i < 121; i++) statuses.push((await h.app.inject({ url: feeds[0]! })).statusCode);
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    expect((await h.app.inject({ url: feeds[1]! })).statusCode).toBe(200);
    const logged = lines.join('');
    for (const f of feeds) expect(logged).not.toContain(f.split('/').pop()!.slice(0, 43));
    // The refused read's own lines: its request line names the route, not the address.
    const mine = lines.slice(from);
    const refusedId = (JSON.parse(mine.find((l) => l.includes('"statusCode":429'))!) as { reqId: string }).reqId;
    const incoming = mine.map((l) => JSON.parse(l) as { reqId?: string; req?: Record<string, unknown> }).find((l) => l.reqId === refusedId && l.req);
    expect(incoming!.req).toMatchObject({ method: 'GET', route: '/api/calendar/:file' });
    expect(incoming!.req).not.toHaveProperty('url');
  });
});

describe('what counts as canonical', () => {
  it('the portal’s own addresses are; second spellings are not', () => {
    for (const ok of [
      '/',
      '/sessions/3f1c/results/',
      '/api/portal/sessions/?search=Nkosi%20Th%61ndi',
      '/caf%C3%A9',
      '/assets/index-Ab12.js',
      '/sso/sign-in?redirect=https%3A%2F%2Fportal',
      '/api/account/me/',
    ])
      expect(isCanonicalPath(ok), ok).toBe(true);
    for (const bad of [
      '/%61pi/x',
      '/api/%2F',
      '/api/%5c',
      '/api/%00',
      '/api/%zz',
      '/api/.',
      '/api/..',
      '//api/x',
      '/Api/x',
      '/SSO/sign-in',
      '*',
      'http://h/api/x',
      '/api\\x',
    ])
      expect(isCanonicalPath(bad), bad).toBe(false);
  });
});

describe('the feed limit per client address', () => {
  it(`${FEED_READS_PER_ADDRESS} reads a minute from one address across all feeds, then 429 with Retry-After`, async () => {
    const statuses = new Map<number, number>();
    let last = await h.app.inject({ url: '/api/calendar/x.ics', remoteAddress: '192.0.2.77' });
    for (let i = 1; i <= FEED_READS_PER_ADDRESS; i++) {
      statuses.set(last.statusCode, (statuses.get(last.statusCode) ?? 0) + 1);
      last = await h.app.inject({ url: `/api/calendar/${randomBytes(32).toString('base64url')}.ics`, remoteAddress: '192.0.2.77' });
    }
    // Unknown feeds: 404 each, each on its own per-feed budget, until the address's bound.
    expect(Object.fromEntries(statuses)).toEqual({ 404: FEED_READS_PER_ADDRESS });
    expect(last.statusCode).toBe(429);
    expect(last.json().error.code).toBe('400429');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect((await h.app.inject({ url: `/api/calendar/${randomBytes(32).toString('base64url')}.ics`, remoteAddress: '192.0.2.78' })).statusCode).toBe(404);
  });
});

describe('the sign-on logs a client’s mistake as a note', () => {
  it('bad JSON to the token API: 400 Bad request, one info line without a stack, nothing at error level', async () => {
    const from = lines.length;
    const res = await h.app.inject({ method: 'POST', url: '/sso/api/token', headers: { 'content-type': 'application/json' }, payload: '{"email": "ada@' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: '400400', message: 'Bad request', cause: 'FST_ERR_CTP_INVALID_JSON_BODY' });
    const mine = lines.slice(from).map((l) => JSON.parse(l) as { level: number; msg: string; stack?: string; err?: unknown });
    expect(mine.filter((l) => l.level >= 50)).toEqual([]);
    const note = mine.find((l) => l.msg === 'sign-on: refused a client error');
    expect(note).toMatchObject({ level: 30, statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
    expect(JSON.stringify(mine)).not.toMatch(/"stack"|ada@/);
  });
});
