import { randomBytes, randomInt } from 'node:crypto';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../apps/server/src/env';
import {
  call,
  DEMO_PRACTITIONER,
  freePort,
  rateLimitAcross,
  rateLimitHolds,
  redisReachable,
  signIn as tokenPair,
  sleep,
  startServer,
  type ServerProcess,
} from '../../apps/server/src/test/failure-kit';
import { startTestSmtp } from '../../apps/server/src/test/smtp';
import { launch } from '../support/browser';
import { createThrowawayDatabase } from '../support/database';
import { startHaproxy, type Proxy } from '../support/haproxy';

/**
 * Issue 35: several instances, as an operator runs them. Two built portal processes (A and B, each
 * `node apps/server/dist/server.js`) on one PostgreSQL and one Redis, behind Debian's HAProxy
 * (round robin, GET /readyz health checks, a SRV cookie that pins a browser to one instance), with
 * a real SMTP server: a push crosses instances, the sign-in limit counts both, each mail leaves
 * once, and stopping one instance under load loses no accepted write while the browser's live
 * stream moves to the other. PostgreSQL only: the embedded PGlite lives in one process.
 */
const admin = process.env.TEST_DATABASE_URL;
const SKIP = 'TEST_DATABASE_URL is not set: two processes need one PostgreSQL (PGlite cannot serve two)';
// A Redis database number of this run's own, so parallel runs do not share the counters of one address.
const redisUrl = `${process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'}/${randomInt(1, 16)}`;
/** The per-email sign-in limit the instances run with: the server's default (env.ts). */
const SIGN_IN_LIMIT = loadEnv({}).SIGN_IN_RATE_LIMIT;
const LOAD_WRITES = 300;
const LOAD_CONCURRENCY = 10;
/** How long an instance told to stop keeps serving with /readyz at 503 (SHUTDOWN_DRAIN_MS). */
const DRAIN_MS = 2_000;
/** The write after which instance A is sent SIGTERM. */
const STOP_AFTER = 100;

let database: Awaited<ReturnType<typeof createThrowawayDatabase>> | null = null;
let smtp: Awaited<ReturnType<typeof startTestSmtp>> | null = null;
let a: ServerProcess | null = null;
let b: ServerProcess | null = null;
let proxy: Proxy | null = null;
let browser: Browser | null = null;
let db: pg.Client | null = null;
let adaId = '';

interface Patient {
  email: string;
  firstName: string;
  token: string;
}

let patientCount = 0;
/** A patient with a first name no one else has (mail subjects name the patient: first name, last initial). */
async function newPatient(base: string): Promise<Patient> {
  const firstName = `Two${[...randomBytes(6)].map((n) => String.fromCharCode(97 + (n % 26))).join('')}`;
  const email = `multi.${Date.now()}.${patientCount++}@test.example`;
  const res = await call<{ accessToken: string }>(base, 'POST', '/sso/api/patients', {
    body: { email, password: 'Patient-pass-1', firstName, lastName: 'Multi', phoneNumber: '+27215550000' },
  });
  if (res.status !== 201) throw new Error(`patient sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, firstName, token: res.body.accessToken };
}

const requestBody = () => ({ practitionerId: adaId, bookingTime: new Date(Date.now() + 2 * 86_400_000).toISOString() });

async function requestSession(base: string, patient: Patient): Promise<string> {
  const res = await call<{ id: string }>(base, 'POST', '/api/patient/sessions/', { token: patient.token, body: requestBody() });
  if (res.status !== 201) throw new Error(`session request failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/**
 * Ada's /sessions page in a browser context pinned to one instance by HAProxy's SRV cookie (set
 * before the first request), with its live stream open: resolves once the stream's answer (200,
 * x-served-by naming that instance) has arrived. Each session link's first appearance is recorded
 * in window.seen.
 */
async function sessionsPageOn(instance: 'a' | 'b'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: 'SRV', value: instance, url: proxy!.base }]);
  const page = await context.newPage();
  await page.goto(`${proxy!.base}/sso/sign-in?redirect=${encodeURIComponent(`${proxy!.base}/sessions`)}`);
  await page.getByLabel('Email').fill(DEMO_PRACTITIONER.email);
  await page.getByLabel('Password').fill(DEMO_PRACTITIONER.password);
  const stream = page.waitForResponse((r) => r.url().includes('/api/portal/events') && r.status() === 200, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/sessions/);
  expect((await stream).headers()['x-served-by']).toBe(instance);
  await page.getByRole('tab', { name: /Pending/ }).waitFor();
  // (As text: tsx would wrap a named function in a helper the page does not have.)
  await page.evaluate(`(() => {
    const seen = {};
    window.seen = seen;
    const scan = () => {
      for (const a of document.querySelectorAll('a[href*="/sessions/"]')) {
        const id = /\\/sessions\\/([0-9a-f-]{36})/.exec(a.getAttribute('href') || '')?.[1];
        if (id && !(id in seen)) seen[id] = Date.now();
      }
    };
    scan();
    new MutationObserver(scan).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['href'] });
  })()`);
  return { context, page };
}

/** Whether the session's link appeared on the page within `ms` (the page does not poll while its stream is open). */
const appears = (page: Page, sessionId: string, ms: number) =>
  page
    .waitForFunction((id) => Boolean((window as unknown as { seen: Record<string, number> }).seen[id]), sessionId, { timeout: ms, polling: 50 })
    .then(() => true)
    .catch(() => false);

describe.skipIf(!admin)(`two instances behind HAProxy${admin ? '' : ` (skipped: ${SKIP})`}`, () => {
  beforeAll(async () => {
    if (!(await redisReachable(redisUrl))) throw new Error(`Redis is not reachable at ${redisUrl} (TEST_REDIS_URL): the instances share their counters there`);
    smtp = await startTestSmtp();
    database = await createThrowawayDatabase(admin!, 'portal_e2e_multi');
    const proxyPort = await freePort();
    const env = {
      // One deployment behind one address: tokens name it as their issuer, the sign-on redirects to it.
      PORTAL_URL: `http://127.0.0.1:${proxyPort}`,
      SERVE_WEB: 'true',
      LOG_LEVEL: 'warn',
      REDIS_URL: redisUrl,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Practitioner Portal <no-reply@portal.example>',
      SIGN_IN_RATE_LIMIT: String(SIGN_IN_LIMIT),
      // On SIGTERM /readyz answers 503 this long while requests are still served: HAProxy (checks every 300 ms, down after 2) takes the instance out first.
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    };
    // One after the other: the first migrates and seeds the demo data on the empty database.
    a = await startServer({ databaseUrl: database.url, env });
    b = await startServer({ databaseUrl: database.url, env });
    const port = (s: ServerProcess) => Number(new URL(s.baseUrl).port);
    proxy = await startHaproxy(proxyPort, [
      { name: 'a', port: port(a) },
      { name: 'b', port: port(b) },
    ]);
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const { rows } = await db.query<{ id: string }>('select p.id from practitioners p join users u on u.id = p.user_id where u.email = $1', [
      DEMO_PRACTITIONER.email,
    ]);
    adaId = rows[0]!.id;
    browser = await launch();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await db?.end();
    await proxy?.stop();
    await b?.stop();
    await a?.stop();
    await smtp?.close();
    await database?.drop();
  });

  it('takes turns: the proxy sends requests to both instances', async () => {
    const served = [];
    for (let i = 0; i < 4; i++) served.push((await call(proxy!.base, 'GET', '/readyz')).headers.get('x-served-by'));
    expect(new Set(served)).toEqual(new Set(['a', 'b']));
  });

  it('pushes a request made on instance A to the browser connected to instance B', async () => {
    const { context, page } = await sessionsPageOn('b');
    try {
      const patient = await newPatient(a!.baseUrl);
      const started = Date.now();
      const id = await requestSession(a!.baseUrl, patient);
      expect(await appears(page, id, 10_000)).toBe(true);
      console.log(`two instances: a request made on A appeared on the page connected to B after ${Date.now() - started} ms`);
    } finally {
      await context.close();
    }
  });

  it('holds the sign-in limit across both instances (one count in Redis)', async () => {
    const r = await rateLimitAcross(a!.baseUrl, b!.baseUrl, SIGN_IN_LIMIT);
    console.log(`two instances: failed sign-ins alternating A/B, limit ${SIGN_IN_LIMIT}: ${r.statuses.join(' ')}`);
    expect(r.statuses.slice(0, SIGN_IN_LIMIT).every((s) => s === 401)).toBe(true);
    expect(r.statuses.slice(SIGN_IN_LIMIT)).toEqual([429, 429]);
    expect(rateLimitHolds(r)).toBe(true);
  });

  it('sends each notification mail once, with both instances draining the outbox', async () => {
    // Four patients request at once, alternately on A and B: both workers wake for each and race for the mails.
    const patients = await Promise.all(Array.from({ length: 4 }, (_, i) => newPatient(i % 2 ? b!.baseUrl : a!.baseUrl)));
    const ids = await Promise.all(patients.map((p, i) => requestSession(i % 2 ? a!.baseUrl : b!.baseUrl, p)));
    const ours = (subject: string) => patients.filter((p) => subject.includes(`from ${p.firstName} `)).length;
    const unsent = async () =>
      Number(
        (await db!.query<{ n: string }>(`select count(*) as n from mail_outbox where transport = 'smtp' and sent_at is null and attempts < 10`)).rows[0]!.n,
      );
    const deadline = Date.now() + 20_000;
    while ((await unsent()) > 0 && Date.now() < deadline) await sleep(250);
    // More rounds of both workers: Ada accepts three of the requests (on A, B, A); every change wakes every instance's worker.
    const ada = await tokenPair(proxy!.base);
    for (const [i, id] of ids.slice(0, 3).entries()) {
      const res = await call(i % 2 ? b!.baseUrl : a!.baseUrl, 'POST', `/api/portal/sessions/${id}/accept`, { token: ada.accessToken });
      expect(res.status).toBe(200);
      await sleep(1_500);
    }
    while ((await unsent()) > 0 && Date.now() < deadline + 10_000) await sleep(250);
    expect(await unsent()).toBe(0);
    await sleep(2_000);
    const { rows } = await db!.query<{ subject: string; n: string }>(
      `select subject, count(*) as n from mail_outbox where transport = 'smtp' and sent_at is not null group by subject`,
    );
    const sentRows = rows.reduce((n, r) => n + Number(r.n), 0);
    const requestMails = smtp!.received.filter((m) => ours(m.subject) === 1);
    console.log(
      `two instances: ${smtp!.received.length} mails at the SMTP server, ${sentRows} marked sent in the outbox; the four patients' request mails received ${requestMails.length} times`,
    );
    expect(requestMails.map((m) => patients.findIndex((p) => m.subject.includes(`from ${p.firstName} `))).sort()).toEqual([0, 1, 2, 3]);
    expect(smtp!.received.length).toBe(sentRows);
    // Per subject too: the server received each as often as the outbox holds it.
    const bySubject = new Map<string, number>();
    for (const m of smtp!.received) bySubject.set(m.subject, (bySubject.get(m.subject) ?? 0) + 1);
    for (const r of rows) expect([r.subject, bySubject.get(r.subject.replace(/\s+/g, ' ')) ?? bySubject.get(r.subject)]).toEqual([r.subject, Number(r.n)]);
  });

  it('stops instance A under load: no accepted write is lost and the live stream moves to B', async () => {
    const { context, page } = await sessionsPageOn('a');
    try {
      // Two patients (sign-ups are limited per address like sign-ins), each making half the writes.
      const patients = await Promise.all(Array.from({ length: 2 }, () => newPatient(proxy!.base)));
      const moved = page.waitForResponse((r) => r.url().includes('/api/portal/events') && r.status() === 200 && r.headers()['x-served-by'] === 'b', {
        timeout: 30_000,
      });
      const accepted: string[] = [];
      const servedBy: Record<string, number> = {};
      const refused: Record<string, number> = {};
      const unexpected: string[] = [];
      let next = 0;
      let stoppedAt = 0;
      let exitedMs = -1;
      let downAtMs = -1;
      let aExit: Promise<number | null> | null = null;
      const started = Date.now();
      await Promise.all(
        Array.from({ length: LOAD_CONCURRENCY }, (_, k) => patients[k % 2]!).map(async (patient) => {
          while (next < LOAD_WRITES) {
            next += 1;
            for (let attempt = 1; ; attempt++) {
              const res = await call<{ id: string }>(proxy!.base, 'POST', '/api/patient/sessions/', {
                token: patient.token,
                body: requestBody(),
                timeoutMs: 15_000,
              });
              if (res.status === 201) {
                accepted.push(res.body.id);
                const by = res.headers.get('x-served-by') ?? '?';
                servedBy[by] = (servedBy[by] ?? 0) + 1;
                break;
              }
              // Refused while the instance stops (a 503 while closing, the proxy's 502/503, no answer): counted and tried again.
              if ([0, 502, 503, 504].includes(res.status) && attempt < 10) {
                refused[res.status] = (refused[res.status] ?? 0) + 1;
                await sleep(200);
                continue;
              }
              unexpected.push(`${res.status} ${JSON.stringify(res.body)}`);
              break;
            }
            if (accepted.length >= STOP_AFTER && !aExit) {
              stoppedAt = Date.now();
              aExit = new Promise((resolve) =>
                a!.child.once('exit', (code) => {
                  exitedMs = Date.now() - stoppedAt;
                  resolve(code);
                }),
              );
              a!.child.kill('SIGTERM');
              void (async () => {
                while (downAtMs < 0 && Date.now() - stoppedAt < 15_000) {
                  if ((await proxy!.status().catch(() => ({}) as Record<string, string>)).a?.startsWith('DOWN')) downAtMs = Date.now() - stoppedAt;
                  else await sleep(50);
                }
              })();
            }
          }
        }),
      );
      const loadMs = Date.now() - started;
      expect(aExit).not.toBeNull();
      const exitCode = await Promise.race([aExit!, sleep(15_000).then(() => 'still running')]);

      // Every write answered 201 is in the database; any row beyond them belongs to an attempt that had no answer.
      const { rows } = await db!.query<{ id: string }>('select s.id from sessions s join users u on u.id = s.patient_id where u.email = any($1)', [
        patients.map((p) => p.email),
      ]);
      const stored = new Set(rows.map((r) => r.id));
      const lost = accepted.filter((id) => !stored.has(id));
      const answered = new Set(accepted);
      const unanswered = rows.filter((r) => !answered.has(r.id)).length;
      const status = await proxy!.status();
      console.log(
        `two instances under load: ${LOAD_WRITES} session requests, ${LOAD_CONCURRENCY} at a time, in ${loadMs} ms through HAProxy; SIGTERM to A after ${STOP_AFTER} answered; ` +
          `answered 201 ${accepted.length} (by ${JSON.stringify(servedBy)}), refused and retried ${JSON.stringify(refused)}, unexpected ${unexpected.length}; ` +
          `stored ${stored.size}, lost ${lost.length}, stored without an answer ${unanswered}; HAProxy took A out ${downAtMs} ms after SIGTERM, A exited with ${exitCode} after ${exitedMs} ms; HAProxy: ${JSON.stringify(status)}`,
      );
      expect(unexpected).toEqual([]);
      expect(accepted.length).toBe(LOAD_WRITES);
      expect(lost).toEqual([]);
      expect(unanswered).toBeLessThanOrEqual((refused[0] ?? 0) + (refused[502] ?? 0));
      expect(exitCode).toBe(0);
      expect(status.a).toMatch(/^DOWN/);
      // Taken out by its health check while it still served (draining), not by refused connections.
      expect(downAtMs).toBeGreaterThan(0);
      expect(downAtMs).toBeLessThan(exitedMs);
      expect(status.b).toBe('UP');
      expect(servedBy.b).toBeGreaterThan(0);

      // The page's stream was ended by A ('reconnect'); the portal opened it again through the proxy, now on B.
      await moved;
      const after = Date.now();
      const id = await requestSession(proxy!.base, patients[0]!);
      expect(await appears(page, id, 10_000)).toBe(true);
      console.log(`two instances: after the stop, a new request appeared on the page (stream now on B) after ${Date.now() - after} ms`);
    } finally {
      await context.close();
    }
  });
});
