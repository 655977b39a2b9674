/**
 * Live updates by push (issue 21, decision 011), on PostgreSQL in a throwaway database
 * (BENCH_DATABASE_URL; skipped without it), against the BUILT server (apps/server/dist/server.js,
 * production settings), with a bare Fastify hello-world in the same run as the reference:
 *
 * 1. 1,000 idle streams (GET /api/portal/events) held by 63 practitioners (16 per user is the
 *    server's cap per process): the server's CPU over 60 s with them open against 60 s without, also
 *    stated as the CPU of that many hello-world requests; and its memory per stream, after a full
 *    garbage collection asked for through the inspector (this server runs with --inspect on 127.0.0.1).
 * 2. Two server processes on one PostgreSQL: a patient's new request sent to process A reaches the
 *    stream the practitioner holds on process B (and, for comparison, one held on A).
 * 3. End to end in Chromium: the practitioner's /sessions page is open; `npm run patient -- request`
 *    (the patient command, run as a child process) books a session; the time from the session's
 *    insert (its created_at, taken at the start of the inserting transaction) to its row appearing
 *    in the page, 50 times. Target: p95 <= 1 s.
 *
 *   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/push.ts
 *   (or `npm run bench -- push`); BENCH_PUSH_IDLE_SECONDS (60), BENCH_PUSH_STREAMS (1000), BENCH_PUSH_TRIES (50)
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium } from 'playwright-core';
import WebSocket from 'ws';
import { BENCH_PASSWORD, benchPractitionerEmail, seedScale } from '../apps/server/src/cli/seed-scale';
import { openDatabase } from '../apps/server/src/db/client';
import { loadEnv } from '../apps/server/src/env';
import { createAudit } from '../apps/server/src/modules/audit/service';
import { ensureReferenceData } from '../apps/server/src/modules/demo/reference-data';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/modules/demo/seed';
import { runPatientCommand } from '../apps/server/src/test/patient-cli';
import { chromiumArgs, chromiumExecutable } from '../e2e/support/chromium';
import { cannon, cpuMsOf, freePort, startChild, startServer, token as signIn } from './api-load';
import { withPostgres } from './pgx-report';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IDLE_SECONDS = Number(process.env.BENCH_PUSH_IDLE_SECONDS ?? 60);
const STREAMS = Number(process.env.BENCH_PUSH_STREAMS ?? 1_000);
const TRIES = Number(process.env.BENCH_PUSH_TRIES ?? 50);
const PER_USER = 16;
export const PUSH_TARGETS = { pageP95Ms: 1_000 } as const;
const ADA = 'ada.lovelace@demo.test';

/** Resident memory of a process in KiB (Linux /proc). */
function rssKiB(pid: number) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

/**
 * The server's memory after a full garbage collection, through its inspector (the server runs with
 * --inspect on 127.0.0.1 for this bench): what is still held, not what the collector has yet to free.
 */
async function memoryAfterGc(inspectPort: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const ws = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => ws.on('open', resolve).on('error', reject));
  let id = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ result?: { value?: string } }>((resolve, reject) => {
      const mine = ++id;
      const onMessage = (data: unknown) => {
        const m = JSON.parse(String(data)) as { id?: number; result?: { result?: { value?: string } }; error?: { message: string } };
        if (m.id !== mine) return;
        ws.off('message', onMessage);
        if (m.error) reject(new Error(m.error.message));
        else resolve(m.result ?? {});
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const r = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
    return JSON.parse(r.result!.value!) as { rss: number; heapUsed: number; external: number; arrayBuffers: number };
  } finally {
    ws.close();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

interface Stream {
  /** Data events as they arrived: the time and the event. */
  events: Array<{ at: number; kind: string; sessionId: string | null }>;
  heartbeats: number;
  open: boolean;
  close(): void;
}

/** Opens GET /api/portal/events and resolves once `event: ready` has arrived. */
function openStream(base: string, token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/portal/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => reject(new Error(`the stream answered ${res.statusCode}: ${body}`)));
        return;
      }
      const stream: Stream = { events: [], heartbeats: 0, open: true, close: () => req.destroy() };
      let buffer = '';
      let ready = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = Date.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block === ':') stream.heartbeats += 1;
          else if (block.startsWith('event: ready')) {
            ready = true;
            resolve(stream);
          } else if (block.startsWith('data: ')) {
            const e = JSON.parse(block.slice(6)) as { kind: string; sessionId?: string | null };
            stream.events.push({ at, kind: e.kind, sessionId: e.sessionId ?? null });
          }
        }
      });
      res.on('close', () => {
        stream.open = false;
        if (!ready) reject(new Error('the stream closed before it was ready'));
      });
    });
    req.on('error', reject);
  });
}

async function prepare(url: string) {
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    await ensureReferenceData({ database });
    await seedDemo(database.db);
    // Practitioners enough to hold STREAMS streams at 16 each, one session each.
    const users = Math.ceil(STREAMS / PER_USER);
    await seedScale(database.db, createAudit(database.db, { key: loadEnv({}).AUDIT_KEY }), { sessions: users, perPractitioner: 1, auditPerSession: 0 });
    return users;
  } finally {
    await database.close();
  }
}

/** CPU milliseconds of a process over `seconds`. */
async function cpuOver(pid: number, seconds: number) {
  const before = cpuMsOf(pid);
  await sleep(seconds * 1000);
  return cpuMsOf(pid) - before;
}

export interface PushResult {
  hello: { rps: number; cpuMsPerRequest: number };
  idle: {
    streams: number;
    users: number;
    cpuMsWithout: number;
    cpuMsWith: number;
    seconds: number;
    rssWithoutKiB: number;
    rssWithKiB: number;
    heldWithoutKiB: number;
    heldWithKiB: number;
    stillOpen: number;
    heartbeats: number;
  };
  crossProcess: { tries: number; delivered: number; sameProcessMs: number[]; otherProcessMs: number[]; lagMs?: number[] };
  page: { tries: number; latenciesMs: number[]; missed: number };
  loadAverage: number[][];
}

async function hello() {
  const server = await startChild([path.join(ROOT, 'bench/hello-server.mjs')], {}, '/');
  try {
    await cannon(server.base, [{ method: 'GET', path: '/' }], { duration: 2 });
    const before = cpuMsOf(server.pid);
    const r = await cannon(server.base, [{ method: 'GET', path: '/' }], { duration: 5 });
    return { rps: r.requests.average, cpuMsPerRequest: (cpuMsOf(server.pid) - before) / Math.max(1, r.requests.total) };
  } finally {
    await server.stop();
  }
}

async function benchOn(url: string): Promise<PushResult> {
  const loadAverage = [os.loadavg()];
  const users = await prepare(url);
  const reference = await hello();
  const limits = {
    SIGN_IN_RATE_LIMIT: '10000',
    SIGN_IN_ADDRESS_RATE_LIMIT: '10000',
    SESSION_REQUEST_PENDING_LIMIT: '10000',
    SESSION_REQUEST_DAILY_LIMIT: '10000',
  };
  // The sign-in limits are raised for the bench only: it signs in 63 practitioners and, for the page, the patient 50 times in a few minutes.
  const inspectPort = await freePort();
  const a = await startServer({ url }, { ...limits, SERVE_WEB: 'true', PORTAL_URL: 'http://127.0.0.1:{port}' }, [`--inspect=127.0.0.1:${inspectPort}`]);
  const streams: Stream[] = [];
  try {
    // 1. Idle streams.
    await sleep(2_000);
    const cpuMsWithout = await cpuOver(a.pid, IDLE_SECONDS);
    const rssWithoutKiB = rssKiB(a.pid);
    const without = await memoryAfterGc(inspectPort);
    const tokens: string[] = [];
    for (let u = 0; u < users; u++) tokens.push(await signIn(a.base, benchPractitionerEmail(u), BENCH_PASSWORD));
    for (let i = 0; i < STREAMS; i += 50) {
      const batch = Array.from({ length: Math.min(50, STREAMS - i) }, (_, k) => openStream(a.base, tokens[Math.floor((i + k) / PER_USER)]!));
      streams.push(...(await Promise.all(batch)));
    }
    await sleep(2_000);
    const cpuMsWith = await cpuOver(a.pid, IDLE_SECONDS);
    const rssWithKiB = rssKiB(a.pid);
    const withStreams = await memoryAfterGc(inspectPort);
    const idle = {
      streams: STREAMS,
      users,
      cpuMsWithout,
      cpuMsWith,
      seconds: IDLE_SECONDS,
      rssWithoutKiB,
      rssWithKiB,
      // JavaScript heap and memory outside it held by JavaScript objects (sockets' buffers among them), after a collection.
      heldWithoutKiB: (without.heapUsed + without.external) / 1024,
      heldWithKiB: (withStreams.heapUsed + withStreams.external) / 1024,
      stillOpen: streams.filter((s) => s.open).length,
      heartbeats: streams.reduce((n, s) => n + s.heartbeats, 0),
    };
    for (const s of streams) s.close();
    loadAverage.push(os.loadavg());

    // 2. Two processes on one PostgreSQL.
    // One deployment behind one address: B is told A's (the tokens name it as their issuer).
    const b = await startServer({ url }, { ...limits, PORTAL_URL: a.base });
    let crossProcess: PushResult['crossProcess'];
    const patient = { email: `bench.push.${Date.now()}@bench.test`, password: 'Patient-pass-1' };
    try {
      const made = await fetch(`${a.base}/sso/api/patients`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...patient, firstName: 'Push', lastName: 'Bench', phoneNumber: '+27215550000' }),
      });
      if (!made.ok) throw new Error(`the bench patient could not be made: ${made.status}`);
      const patientToken = await signIn(a.base, patient.email, patient.password);
      const ada = await signIn(a.base, ADA, DEMO_PASSWORD);
      const practitioners = (await (
        await fetch(`${a.base}/api/patient/practitioners/?search=Lovelace`, { headers: { authorization: `Bearer ${patientToken}` } })
      ).json()) as {
        results: Array<{ id: string }>;
      };
      const adaId = practitioners.results[0]?.id;
      if (!adaId) throw new Error('Ada is not listed for patients');
      const onA = await openStream(a.base, ada);
      const onB = await openStream(b.base, ada);
      const tries = 20;
      const sent: Array<{ id: string; at: number }> = [];
      for (let t = 0; t < tries; t++) {
        const at = Date.now();
        const res = await fetch(`${a.base}/api/patient/sessions/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${patientToken}` },
          body: JSON.stringify({ practitionerId: adaId, bookingTime: new Date(Date.now() + 2 * 86_400_000).toISOString() }),
        });
        if (res.status !== 201) throw new Error(`the patient's request answered ${res.status}`);
        sent.push({ id: ((await res.json()) as { id: string }).id, at });
        await sleep(200);
      }
      await sleep(1_000);
      const latency = (s: Stream) =>
        sent.flatMap(({ id, at }) => {
          const e = s.events.find((x) => x.kind === 'session' && x.sessionId === id);
          return e ? [e.at - at] : [];
        });
      crossProcess = { tries, delivered: latency(onB).length, sameProcessMs: latency(onA), otherProcessMs: latency(onB) };
      // Both processes hear the same NOTIFY: how much later B's stream had it than A's, per try.
      crossProcess.lagMs = sent.flatMap(({ id }) => {
        const ea = onA.events.find((x) => x.sessionId === id);
        const eb = onB.events.find((x) => x.sessionId === id);
        return ea && eb ? [eb.at - ea.at] : [];
      });
      onA.close();
      onB.close();
      loadAverage.push(os.loadavg());

      // 3. End to end in Chromium: the patient command books, the open /sessions page shows it.
      const page = await pageBench(a.base, url, adaId, patient);
      loadAverage.push(os.loadavg());
      return { hello: reference, idle, crossProcess, page, loadAverage };
    } finally {
      await b.stop();
    }
  } finally {
    for (const s of streams) s.close();
    await a.stop();
  }
}

async function pageBench(base: string, url: string, practitionerId: string, patient: { email: string; password: string }): Promise<PushResult['page']> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // Sign in through the sign-on pages, as a practitioner does, landing on /sessions (the pending tab).
    await page.goto(`${base}/sso/sign-in?redirect=${encodeURIComponent(`${base}/sessions`)}`);
    await page.getByLabel('Email').fill(ADA);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    const streamOpen = page.waitForResponse((r) => r.url().includes('/api/portal/events') && r.status() === 200, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sessions/);
    await streamOpen;
    await page.getByRole('tab', { name: /Pending/ }).waitFor();
    // Each link to a session overview, with the time (the page's clock: the machine's) it first appeared.
    // (As text: tsx would wrap a named function in a helper the page does not have.)
    await page.evaluate(`(() => {
      const seen = {};
      window.seen = seen;
      const scan = () => {
        const now = Date.now();
        for (const a of document.querySelectorAll('a[href*="/sessions/"]')) {
          const id = /\\/sessions\\/([0-9a-f-]{36})/.exec(a.getAttribute('href') || '')?.[1];
          if (id && !(id in seen)) seen[id] = now;
        }
      };
      scan();
      new MutationObserver(scan).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['href'] });
    })()`);
    const latenciesMs: number[] = [];
    let missed = 0;
    for (let t = 0; t < TRIES; t++) {
      const stdout = await runPatientCommand(
        ['request', '--practitioner', practitionerId, '--in-days', '2', '--email', patient.email, '--password', patient.password],
        base,
      );
      const id = /Session ([0-9a-f-]{36}) requested/.exec(stdout)?.[1];
      if (!id) throw new Error(`the patient command said: ${stdout}`);
      const seenAt = await page
        .waitForFunction((sid) => (window as unknown as { seen: Record<string, number> }).seen[sid], id, { timeout: 10_000, polling: 50 })
        .then((h) => h.jsonValue() as Promise<number>)
        .catch(() => null);
      if (seenAt === null) {
        missed += 1;
        continue;
      }
      const { rows } = await db.query<{ ms: string }>('select (extract(epoch from created_at) * 1000)::float8 as ms from sessions where id = $1', [id]);
      latenciesMs.push(seenAt - Number(rows[0]!.ms));
    }
    return { tries: TRIES, latenciesMs, missed };
  } finally {
    await db.end();
    await browser.close();
  }
}

export async function benchPush(): Promise<PushResult | null> {
  if (!process.env.BENCH_DATABASE_URL) return null;
  return withPostgres(process.env.BENCH_DATABASE_URL, benchOn);
}

/** Prints the figures; true when the page target is met and every check holds, null when skipped. */
export function printPush(r: PushResult | null): boolean | null {
  if (!r) {
    console.log('Live updates by push: skipped (set BENCH_DATABASE_URL: LISTEN/NOTIFY across processes needs PostgreSQL)');
    return null;
  }
  const { idle, crossProcess: x, page } = r;
  const fmt = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 1 });
  console.log(`Live updates by push (load average: ${r.loadAverage.map((l) => l.map((v) => v.toFixed(2)).join(' ')).join(' -> ')})`);
  console.log(`  reference: hello-world ${fmt(r.hello.rps)} req/s, server CPU ${r.hello.cpuMsPerRequest.toFixed(4)} ms per request`);
  const extra = idle.cpuMsWith - idle.cpuMsWithout;
  const perStreamKiB = (idle.heldWithKiB - idle.heldWithoutKiB) / idle.streams;
  const rssPerStreamKiB = (idle.rssWithKiB - idle.rssWithoutKiB) / idle.streams;
  const idleOk = idle.stillOpen === idle.streams && idle.heartbeats >= idle.streams * Math.floor(idle.seconds / 25);
  console.log(
    `  ${idle.streams} idle streams (${idle.users} practitioners), ${idle.seconds} s: server CPU ${fmt(idle.cpuMsWith)} ms (${((idle.cpuMsWith / (idle.seconds * 1000)) * 100).toFixed(2)}% of a core) ` +
      `against ${fmt(idle.cpuMsWithout)} ms with none; the streams' share ${fmt(extra)} ms = the CPU of ${fmt(extra / r.hello.cpuMsPerRequest)} hello-world requests ` +
      `(${((extra / r.hello.cpuMsPerRequest / r.hello.rps) * 1000).toFixed(0)} ms of hello-world at full speed)`,
  );
  console.log(
    `  memory after a full collection (heap + external): ${fmt(idle.heldWithoutKiB / 1024)} MiB -> ${fmt(idle.heldWithKiB / 1024)} MiB, ${fmt(perStreamKiB)} KiB per stream ` +
      `(resident ${fmt(idle.rssWithoutKiB / 1024)} -> ${fmt(idle.rssWithKiB / 1024)} MiB, ${fmt(rssPerStreamKiB)} KiB per stream); ${idle.stillOpen} of ${idle.streams} still open after, ${idle.heartbeats} heartbeats received: ${idleOk ? 'OK' : 'MISSED'}`,
  );
  const xOk = x.delivered === x.tries;
  const p = (xs: number[], q: number) => (xs.length ? `${percentile(xs, q).toFixed(0)} ms` : '-');
  console.log(
    `  two processes, one PostgreSQL: ${x.delivered} of ${x.tries} new requests sent to A reached a stream on B (p50 ${p(x.otherProcessMs, 50)}, slowest ${p(x.otherProcessMs, 100)}; ` +
      `on A itself p50 ${p(x.sameProcessMs, 50)}, slowest ${p(x.sameProcessMs, 100)}; B after A by ${x.lagMs?.length ? `${Math.min(...x.lagMs)} to ${Math.max(...x.lagMs)} ms` : '-'}): ${xOk ? 'OK' : 'MISSED'}`,
  );
  const p95 = page.latenciesMs.length ? percentile(page.latenciesMs, 95) : Infinity;
  const pageOk = page.missed === 0 && p95 <= PUSH_TARGETS.pageP95Ms;
  console.log(
    `  Chromium, /sessions open, the patient command books: ${page.latenciesMs.length} of ${page.tries} appeared; from the insert to the row on the page p50 ${p(page.latenciesMs, 50)}, ` +
      `p95 ${p(page.latenciesMs, 95)}, slowest ${p(page.latenciesMs, 100)} (target p95 <= ${PUSH_TARGETS.pageP95Ms} ms): ${pageOk ? 'OK' : 'MISSED'}`,
  );
  return idleOk && xOk && pageOk;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (printPush(await benchPush()) === false) process.exitCode = 1;
}
