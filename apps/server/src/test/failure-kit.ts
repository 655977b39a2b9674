/**
 * What the failure checks of issue 9 share (the quick ones in `resilience.test.ts` and the full
 * `bench/failure.ts`): a throwaway PostgreSQL cluster, the built server as a child process, and
 * the portal's practitioner and patient flows over HTTP.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { REPO_ROOT } from '../env';
import { UNAVAILABLE_MESSAGE } from '../plugins/errors';

const run = promisify(execFile);
export const SERVER_FILE = path.join(REPO_ROOT, 'apps/server/dist/server.js');
export const DEMO_PRACTITIONER = {
  email: 'ada.lovelace@demo.test',
  password: 'Demo-portal-1',
};
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The newest PostgreSQL server binaries on this machine (Debian keeps them off PATH), or null. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

export interface Cluster {
  url: string;
  port: number;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and removes its folder; safe to call twice. */
  destroy(): Promise<void>;
}

/**
 * A throwaway cluster in a temporary folder on a free port, trust auth, listening on 127.0.0.1
 * only. initdb refuses to run as root, so as root it runs as the `postgres` user (STACK.md
 * pitfall 17). The machine's own cluster is never touched.
 */
export async function startCluster(): Promise<Cluster> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    fs.chownSync(dir, uid, gid);
  }
  const as = (cmd: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]) : run(path.join(bin, cmd), args);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const pgCtl = (args: string[]) => as('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '30', ...args]);
  let destroyed = false;
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop(mode = 'fast') {
      await pgCtl(['-m', mode, 'stop']);
    },
    async start() {
      // Its own socket folder, so nothing clashes with the machine's cluster in /var/run/postgresql.
      await pgCtl(['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`, 'start']);
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await pgCtl(['-m', 'immediate', 'stop']).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
    await cluster.start();
  } catch (err) {
    await cluster.destroy();
    throw err;
  }
  return cluster;
}

/** A fresh database on a cluster (the admin URL's), and its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(`create database ${name}`);
  } finally {
    await c.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(adminUrl: string, name: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(`drop database if exists ${name} with (force)`);
  } finally {
    await c.end();
  }
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** The last part of its output, for failure messages. */
  output(): string;
  /** The exit code or signal once it has exited, else null. */
  exited(): string | null;
  stop(): Promise<void>;
}

/**
 * The built server (`apps/server/dist/server.js`) as a child process on a free port, demo data
 * seeded on an empty database, waiting until /readyz answers 200.
 */
export async function startServer(opts: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<ServerProcess> {
  if (!fs.existsSync(SERVER_FILE)) throw new Error('The server is not built: run `npm run build -w apps/server` (npm test builds it).');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-failure-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    APP_ENV: 'local',
    HOST: '127.0.0.1',
    PORT: String(port),
    PORTAL_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl ?? '',
    LOG_LEVEL: 'fatal',
    SERVE_WEB: 'false',
    SIGN_IN_RATE_LIMIT: '10000',
    SIGN_IN_ADDRESS_RATE_LIMIT: '10000',
    SESSION_REQUEST_PENDING_LIMIT: '10000',
    SESSION_REQUEST_DAILY_LIMIT: '10000',
    REDIS_URL: '',
    ...opts.env,
  };
  const child = spawn(process.execPath, [SERVER_FILE], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exit: string | null = null;
  child.once('exit', (code, signal) => {
    exit = signal ?? String(code);
  });
  const proc: ServerProcess = {
    baseUrl,
    child,
    output: () => out,
    exited: () => exit,
    async stop() {
      if (exit === null) {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([done, sleep(5_000)]);
        if (exit === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exit !== null) {
      await proc.stop();
      throw new Error(`the server exited early (${exit}):\n${out}`);
    }
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return proc;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await proc.stop();
      throw new Error(`the server did not become ready:\n${out}`);
    }
    await sleep(100);
  }
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  ms: number;
}

/** One JSON call; a network failure or no answer within `timeoutMs` is status 0. */
export async function call<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  pathname: string,
  opts: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const started = performance.now();
  try {
    const res = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: {
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return {
      status: res.status,
      body: body as T,
      headers: res.headers,
      ms: performance.now() - started,
    };
  } catch {
    return {
      status: 0,
      body: null as T,
      headers: new Headers(),
      ms: performance.now() - started,
    };
  }
}

/**
 * The sign-on's sign-in form posted as a browser posts it: the page first (its CSRF token and the
 * token's cookie; drawing it needs no database), then the form from the sign-on's own Origin.
 */
async function postSignInForm(baseUrl: string, values: { email: string; password: string }): Promise<Answer<string>> {
  const started = performance.now();
  try {
    const page = await fetch(`${baseUrl}/sso/sign-in`, { signal: AbortSignal.timeout(10_000) });
    const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const cookie = page.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const res = await fetch(`${baseUrl}/sso/sign-in`, {
      method: 'POST',
      headers: { cookie, origin: new URL(baseUrl).origin },
      body: new URLSearchParams({ ...values, _csrf: token }),
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: await res.text(), headers: res.headers, ms: performance.now() - started };
  } catch {
    return { status: 0, body: '', headers: new Headers(), ms: performance.now() - started };
  }
}

interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export async function signIn(baseUrl: string, email = DEMO_PRACTITIONER.email, password = DEMO_PRACTITIONER.password): Promise<TokenPair> {
  const res = await call<TokenPair>(baseUrl, 'POST', '/sso/api/token', {
    body: { email, password },
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

let patients = 0;
/**
 * A patient of the demo practitioner (Ada), ready to book: signs up through the sign-on's patient
 * API and finds Ada in the list patients see.
 */
export async function newPatient(baseUrl: string) {
  const email = `failure.${process.pid}.${Date.now()}.${patients++}@test.example`;
  const res = await call<TokenPair>(baseUrl, 'POST', '/sso/api/patients', {
    body: {
      email,
      password: 'Patient-pass-1',
      firstName: 'Failure',
      lastName: 'Patient',
      phoneNumber: '+27215550000',
    },
  });
  if (res.status !== 201) throw new Error(`patient sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token = res.body.accessToken;
  const list = await call<{ results: Array<{ id: string; lastName: string }> }>(baseUrl, 'GET', '/api/patient/practitioners/?search=Lovelace', { token });
  const ada = list.body.results?.find((p) => p.lastName === 'Lovelace');
  if (!ada) throw new Error(`the demo practitioner is not listed: ${list.status} ${JSON.stringify(list.body)}`);
  return { token, practitionerId: ada.id };
}

/** A new session request (status 1) from the patient to Ada, booked two days ahead. */
export async function requestSession(baseUrl: string, patient: { token: string; practitionerId: string }): Promise<string> {
  const bookingTime = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const res = await call<{ id: string }>(baseUrl, 'POST', '/api/patient/sessions/', {
    token: patient.token,
    body: { practitionerId: patient.practitionerId, bookingTime },
  });
  if (res.status !== 201) throw new Error(`session request failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export interface RaceResult {
  rounds: number;
  acceptWins: number;
  rejectWins: number;
  /** Rounds where other than exactly one call answered 200. */
  notExactlyOne: number;
  fiveXx: number;
  /** The losers' answers, `status code` → count. */
  losers: Record<string, number>;
  /** Rounds whose final status is not the winner's. */
  inconsistent: number;
}

/**
 * Accept and reject fired at once on a fresh request, `rounds` times. Exactly one may win (200);
 * the loser must get a clean 4xx (400414: already decided) and the session must end in the
 * winner's status.
 */
export async function raceAcceptReject(baseUrl: string, token: string, rounds: number): Promise<RaceResult> {
  const patient = await newPatient(baseUrl);
  const out: RaceResult = {
    rounds,
    acceptWins: 0,
    rejectWins: 0,
    notExactlyOne: 0,
    fiveXx: 0,
    losers: {},
    inconsistent: 0,
  };
  for (let i = 0; i < rounds; i++) {
    const id = await requestSession(baseUrl, patient);
    // Alternate who is sent first, so neither always has the head start.
    const calls = i % 2 === 0 ? (['accept', 'reject'] as const) : (['reject', 'accept'] as const);
    const answers = await Promise.all(calls.map((c) => call<{ error?: { code: string } }>(baseUrl, 'POST', `/api/portal/sessions/${id}/${c}`, { token })));
    const byCall = Object.fromEntries(calls.map((c, k) => [c, answers[k]!])) as Record<'accept' | 'reject', Answer<{ error?: { code: string } }>>;
    const winners = calls.filter((c) => byCall[c].status === 200);
    out.fiveXx += answers.filter((a) => a.status >= 500 || a.status === 0).length;
    if (winners.length !== 1) {
      out.notExactlyOne += 1;
      continue;
    }
    const winner = winners[0]!;
    if (winner === 'accept') out.acceptWins += 1;
    else out.rejectWins += 1;
    const loser = byCall[winner === 'accept' ? 'reject' : 'accept'];
    const key = `${loser.status} ${loser.body?.error?.code ?? ''}`.trim();
    out.losers[key] = (out.losers[key] ?? 0) + 1;
    const detail = await call<{ status: number }>(baseUrl, 'GET', `/api/portal/sessions/${id}`, { token });
    if (detail.body.status !== (winner === 'accept' ? 2 : 3)) out.inconsistent += 1;
  }
  return out;
}

/** Every loser answered a clean 4xx (400414, or 404 where the rules say not found). */
export const raceIsClean = (r: RaceResult) =>
  r.notExactlyOne === 0 &&
  r.fiveXx === 0 &&
  r.inconsistent === 0 &&
  r.acceptWins + r.rejectWins === r.rounds &&
  Object.keys(r.losers).every((k) => /^(400 400414|404 )/.test(k));

export interface InvariantReport {
  /** Completed sessions (4) without a submitted journal entry, and submitted entries on a session that is not completed. */
  completedWithoutSubmitted: number;
  submittedNotCompleted: number;
  /** Data requests without exactly one data-request fee, and fees without their data request. */
  requestsWithoutOneFee: number;
  feesWithoutRequest: number;
  /** Data requests on a session that is not accepted or completed. */
  requestsOnUnacceptedSession: number;
  /** Sessions whose status and decision stamps disagree. */
  stampMismatch: number;
  sessions: number;
}

/** The invariants a half-applied transition would break, checked in SQL. */
export async function checkInvariants(databaseUrl: string): Promise<InvariantReport> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const one = async (q: string) => Number((await c.query<{ n: string }>(q)).rows[0]!.n);
    return {
      completedWithoutSubmitted: await one(`select count(*) n from sessions s where s.status = 4 and not exists (
        select 1 from journal_entries j where j.session_id = s.id and j.parent_id is null and j.status = 'Submitted')`),
      submittedNotCompleted: await one(`select count(*) n from journal_entries j join sessions s on s.id = j.session_id
        where j.parent_id is null and j.status = 'Submitted' and s.status <> 4`),
      requestsWithoutOneFee: await one(`select count(*) n from data_requests d where (
        select count(*) from transactions t where t.data_request_id = d.id and t.kind = 'data_request_fee' and t.session_id = d.session_id) <> 1`),
      feesWithoutRequest: await one(`select count(*) n from transactions t where t.kind = 'data_request_fee'
        and not exists (select 1 from data_requests d where d.id = t.data_request_id)`),
      requestsOnUnacceptedSession: await one(`select count(*) n from data_requests d join sessions s on s.id = d.session_id where s.status not in (2, 4)`),
      stampMismatch: await one(`select count(*) n from sessions where (status = 2 and accepted_at is null) or (status = 3 and declined_at is null)
        or (status = 4 and completed_at is null) or (status = 1 and (accepted_at is not null or declined_at is not null))`),
      sessions: await one('select count(*) n from sessions'),
    };
  } finally {
    await c.end();
  }
}

export const invariantsHold = (r: InvariantReport) =>
  r.completedWithoutSubmitted === 0 &&
  r.submittedNotCompleted === 0 &&
  r.requestsWithoutOneFee === 0 &&
  r.feesWithoutRequest === 0 &&
  r.requestsOnUnacceptedSession === 0 &&
  r.stampMismatch === 0;

/** Redis answers PING at this URL (a bare RESP call, so no client is needed to find out). */
export async function redisReachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({
      host: u.hostname || '127.0.0.1',
      port: Number(u.port || 6379),
    });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write(u.password ? `AUTH ${decodeURIComponent(u.password)}\r\nPING\r\n` : 'PING\r\n'));
    socket.on('data', (d) => done(d.toString().includes('PONG')));
  });
}

const UNAVAILABLE = '503000';
export const pct = (n: number, of: number) => (of ? (100 * n) / of : 0);
const quantile = (xs: number[], q: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

interface Sample {
  op: string;
  start: number;
  end: number;
  status: number;
  code?: string;
  retryAfter?: string | null;
}

export interface RestartResult {
  downtimeMs: number;
  requests: number;
  duringDown: {
    requests: number;
    s503: number;
    s500: number;
    otherErrors: number;
    noAnswer: number;
    maxMs: number;
    messageOk: boolean;
    retryAfterOk: boolean;
  };
  readyzDown: number;
  healthzDown: number;
  firstSuccessMs: number;
  /** Errors (5xx or no answer) among requests started in the first 10 s after the database was back, and after that. */
  errorsFirst10s: { errors: number; of: number };
  errorsAfter10s: { errors: number; of: number };
  transitions: { accepted: number; dataRequests: number; submitted: number };
  serverExited: string | null;
  invariants: InvariantReport;
}

export interface RestartPlan {
  /** Session requests made before the load starts; a third of them are accepted up front (for journal submits). */
  prepared: number;
  workers: number;
  /** Load before the stop, time the database stays down, load after it is back. */
  beforeMs: number;
  downMs: number;
  afterMs: number;
}
export const FULL_RESTART: RestartPlan = { prepared: 300, workers: 8, beforeMs: 3_000, downMs: 3_000, afterMs: 12_000 };

/** Steady mixed load for the whole run; the cluster is stopped (fast shutdown) and started again meanwhile. */
export async function restartUnderLoad(cluster: Cluster, url: string, plan: RestartPlan = FULL_RESTART): Promise<RestartResult> {
  const server = await startServer({ databaseUrl: url });
  try {
    const base = server.baseUrl;
    const { accessToken: token } = await signIn(base);
    const patients = await Promise.all([0, 1, 2, 3].map(() => newPatient(base)));
    const requested: string[] = [];
    for (let i = 0; i < plan.prepared; i++) requested.push(await requestSession(base, patients[i % patients.length]!));
    // Accepted sessions waiting for their journal; reads go to all of them.
    const accepted: string[] = [];
    for (const id of requested.splice(0, Math.floor(plan.prepared / 3)))
      if (
        (
          await call(base, 'POST', `/api/portal/sessions/${id}/accept`, {
            token,
          })
        ).status === 200
      )
        accepted.push(id);
    const readable = [...accepted];
    const transitions = { accepted: 0, dataRequests: 0, submitted: 0 };

    const samples: Sample[] = [];
    let running = true;
    const t0 = performance.now();
    const now = () => performance.now() - t0;
    const record = async (op: string, p: Promise<Awaited<ReturnType<typeof call<{ error?: { code?: string; message?: string } }>>>>) => {
      const start = now();
      const r = await p;
      const s: Sample = {
        op,
        start,
        end: now(),
        status: r.status,
        code: r.body?.error?.code,
        retryAfter: r.headers.get('retry-after'),
      };
      if (r.status === 503 && r.body?.error?.message !== UNAVAILABLE_MESSAGE) s.code = `${s.code} (other message)`;
      samples.push(s);
      return r;
    };
    const worker = async () => {
      while (running) {
        const roll = Math.random();
        if (roll < 0.1 && requested.length) {
          const id = requested.pop()!;
          const r = await record(
            'accept',
            call(base, 'POST', `/api/portal/sessions/${id}/accept`, {
              token,
              timeoutMs: 15_000,
            }),
          );
          if (r.status === 200) {
            transitions.accepted += 1;
            const d = await record(
              'data-request',
              call(base, 'POST', `/api/portal/sessions/${id}/data-request`, {
                token,
                timeoutMs: 15_000,
              }),
            );
            if (d.status === 201) transitions.dataRequests += 1;
          }
        } else if (roll < 0.2 && accepted.length) {
          const id = accepted.pop()!;
          const r = await record(
            'submit',
            call(base, 'POST', `/api/portal/sessions/${id}/journal/submit`, {
              token,
              body: { description: 'Notes from the failure bench.' },
              timeoutMs: 15_000,
            }),
          );
          if (r.status === 200) transitions.submitted += 1;
        } else if (roll < 0.45) {
          await record(
            'list',
            call(base, 'GET', '/api/portal/sessions/?limit=20', {
              token,
              timeoutMs: 15_000,
            }),
          );
        } else {
          const id = readable[Math.floor(Math.random() * readable.length)]!;
          await record(
            'read',
            call(base, 'GET', `/api/portal/sessions/${id}`, {
              token,
              timeoutMs: 15_000,
            }),
          );
        }
      }
    };
    const workers = Array.from({ length: plan.workers }, worker);

    await sleep(plan.beforeMs);
    const downAt = now();
    await cluster.stop('fast');
    await sleep(500);
    const readyzDown = (await call(base, 'GET', '/readyz')).status;
    const healthzDown = (await call(base, 'GET', '/healthz')).status;
    await sleep(Math.max(0, plan.downMs - 500));
    await cluster.start();
    const backAt = now();
    await sleep(plan.afterMs);
    running = false;
    await Promise.all(workers);

    const isError = (s: Sample) => s.status >= 500 || s.status === 0;
    const during = samples.filter((s) => s.start >= downAt && s.start < backAt);
    const firstOk = samples.filter((s) => s.start >= backAt && s.status < 500 && s.status !== 0).sort((a, b) => a.end - b.end)[0];
    const first10 = samples.filter((s) => s.start >= backAt && s.start < backAt + 10_000);
    const after10 = samples.filter((s) => s.start >= backAt + 10_000);
    const s503 = during.filter((s) => s.status === 503);
    return {
      downtimeMs: backAt - downAt,
      requests: samples.length,
      duringDown: {
        requests: during.length,
        s503: s503.length,
        s500: during.filter((s) => s.status === 500).length,
        otherErrors: during.filter((s) => s.status > 500 && s.status !== 503).length,
        noAnswer: during.filter((s) => s.status === 0).length,
        maxMs: Math.max(0, ...during.map((s) => s.end - s.start)),
        messageOk: s503.every((s) => s.code === UNAVAILABLE),
        retryAfterOk: s503.every((s) => s.retryAfter === '5'),
      },
      readyzDown,
      healthzDown,
      firstSuccessMs: firstOk ? firstOk.end - backAt : NaN,
      errorsFirst10s: {
        errors: first10.filter(isError).length,
        of: first10.length,
      },
      errorsAfter10s: {
        errors: after10.filter(isError).length,
        of: after10.length,
      },
      transitions,
      serverExited: server.exited(),
      invariants: await checkInvariants(url),
    };
  } finally {
    await server.stop();
  }
}

export interface ExhaustionResult {
  extra: number;
  s503: number;
  other: Record<string, number>;
  p50Ms: number;
  maxMs: number;
  healthz: { calls: number; ok: number; p50Ms: number; maxMs: number };
  /** The two requests that held the pool, once the locks were released. */
  holders: number[];
  /** The sign-on's sign-in form posted while the pool was exhausted. */
  signInForm: { status: number; keepsEmail: boolean; says: boolean };
}

/**
 * A server with a pool of 2; two accepts wait on row locks another connection holds, so both
 * pool connections are busy. Extra requests must get 503 within 2 s; /healthz needs no connection.
 */
export async function poolExhaustion(url: string, extra = 20): Promise<ExhaustionResult> {
  const server = await startServer({
    databaseUrl: url,
    env: { DATABASE_POOL_SIZE: '2' },
  });
  const locker = new pg.Client({ connectionString: url });
  await locker.connect();
  try {
    const base = server.baseUrl;
    const { accessToken: token } = await signIn(base);
    const patient = await newPatient(base);
    const held = [await requestSession(base, patient), await requestSession(base, patient)];
    const readable = await requestSession(base, patient);
    await locker.query('begin');
    await locker.query('select id from sessions where id = any($1) for update', [held]);
    const holders = held.map((id) =>
      call(base, 'POST', `/api/portal/sessions/${id}/accept`, {
        token,
        timeoutMs: 30_000,
      }),
    );
    // Both pool connections are now in an UPDATE waiting for the lock.
    const deadline = Date.now() + 10_000;
    for (;;) {
      // Inside a transaction the activity view is a snapshot taken at first look: drop it each time.
      await locker.query('select pg_stat_clear_snapshot()');
      const { rows } = await locker.query<{ n: string }>(
        "select count(*) n from pg_stat_activity where application_name = 'portal' and wait_event_type = 'Lock'",
      );
      if (Number(rows[0]!.n) >= 2) break;
      if (Date.now() > deadline) {
        const early = await Promise.race([Promise.all(holders), sleep(100).then(() => null)]);
        throw new Error(
          `the two accepts never waited on the lock: ${early ? early.map((r) => `${r.status} ${JSON.stringify(r.body)}`).join('; ') : 'still pending'}`,
        );
      }
      await sleep(20);
    }
    const healthz: number[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const r = await call(base, 'GET', '/healthz', { timeoutMs: 5_000 });
        healthz.push(r.status === 200 ? r.ms : -1);
        await sleep(25);
      }
    })();
    // Every third extra request is a sign-in through the sign-on API, which needs a connection as well.
    const answers = await Promise.all(
      Array.from({ length: extra }, (_, i) =>
        i % 3 === 2
          ? call<{ error?: { code?: string } }>(base, 'POST', '/sso/api/token', { body: DEMO_PRACTITIONER, timeoutMs: 10_000 })
          : call<{ error?: { code?: string } }>(base, 'GET', `/api/portal/sessions/${readable}`, { token, timeoutMs: 10_000 }),
      ),
    );
    // The sign-in form posted meanwhile: drawn again with the email kept and the reason, as a 503.
    const form = await postSignInForm(base, DEMO_PRACTITIONER);
    const signInForm = {
      status: form.status,
      keepsEmail: typeof form.body === 'string' && form.body.includes(`value="${DEMO_PRACTITIONER.email}"`),
      says: typeof form.body === 'string' && form.body.includes(UNAVAILABLE_MESSAGE),
    };
    probing = false;
    await probe;
    await locker.query('rollback');
    const holderStatuses = (await Promise.all(holders)).map((r) => r.status);
    const other: Record<string, number> = {};
    for (const a of answers.filter((x) => !(x.status === 503 && x.body?.error?.code === UNAVAILABLE)))
      other[`${a.status} ${a.body?.error?.code ?? ''}`] = (other[`${a.status} ${a.body?.error?.code ?? ''}`] ?? 0) + 1;
    const okHealthz = healthz.filter((ms) => ms >= 0);
    return {
      extra,
      s503: answers.length - Object.values(other).reduce((a, b) => a + b, 0),
      other,
      p50Ms: quantile(
        answers.map((a) => a.ms),
        0.5,
      ),
      maxMs: Math.max(...answers.map((a) => a.ms)),
      healthz: {
        calls: healthz.length,
        ok: okHealthz.length,
        p50Ms: quantile(okHealthz, 0.5),
        maxMs: Math.max(...okHealthz),
      },
      holders: holderStatuses,
      signInForm,
    };
  } finally {
    await locker.end().catch(() => {});
    await server.stop();
  }
}

export interface RefreshAcross {
  rotatedAcross: boolean;
  spentRefusedOnOther: number;
  familyRevokedOnA: number;
  familyRevokedOnB: number;
  accessAfterRevoke: number;
}
export interface RateLimitAcross {
  limit: number;
  statuses: number[];
  firstLimitedAt: number;
  retryAfterA: string | null;
  retryAfterB: string | null;
}
export interface TwoProcessResult {
  refresh: RefreshAcross;
  rateLimit: RateLimitAcross | { skipped: string };
}

const refreshOn = (base: string, token: string) =>
  call<{ accessToken: string; refreshToken: string }>(base, 'POST', '/api/account/refresh-token', { body: { token } });

/**
 * Refresh rotation across two processes A and B on one database: a pair rotates A → B → A; a
 * refresh token spent on A and presented on B is refused, and that reuse revokes the family on both.
 */
export async function refreshAcross(A: string, B: string): Promise<RefreshAcross> {
  const p0 = await signIn(A);
  const p1 = await refreshOn(B, p0.refreshToken);
  const p2 = await refreshOn(A, p1.body.refreshToken);
  const q0 = await signIn(A);
  const q1 = await refreshOn(A, q0.refreshToken);
  const reuse = await refreshOn(B, q0.refreshToken);
  const onA = await refreshOn(A, q1.body.refreshToken);
  const onB = await refreshOn(B, q1.body.refreshToken);
  const accessAfter = await call(B, 'GET', '/api/account/me/', { token: q1.body.accessToken });
  return {
    rotatedAcross: p1.status === 200 && p2.status === 200 && q1.status === 200,
    spentRefusedOnOther: reuse.status,
    familyRevokedOnA: onA.status,
    familyRevokedOnB: onB.status,
    accessAfterRevoke: accessAfter.status,
  };
}

export const refreshHolds = (r: RefreshAcross) =>
  r.rotatedAcross && r.spentRefusedOnOther === 401 && r.familyRevokedOnA === 401 && r.familyRevokedOnB === 401 && r.accessAfterRevoke === 401;

/**
 * Sign-in attempts (a wrong password for an address no one has) alternating between A and B: with
 * the counters in Redis the limit counts both, so attempt limit + 1 is refused, by either.
 */
export async function rateLimitAcross(A: string, B: string, limit: number): Promise<RateLimitAcross> {
  const email = `rate.${randomBytes(4).toString('hex')}@test.example`;
  const statuses: number[] = [];
  let retryAfterA: string | null = null;
  let retryAfterB: string | null = null;
  for (let i = 0; i < limit + 2; i++) {
    const onB = i % 2 === 1;
    const r = await call(onB ? B : A, 'POST', '/sso/api/token', { body: { email, password: 'Wrong-password-1' } });
    statuses.push(r.status);
    if (r.status === 429) {
      if (onB) retryAfterB ??= r.headers.get('retry-after');
      else retryAfterA ??= r.headers.get('retry-after');
    }
  }
  return { limit, statuses, firstLimitedAt: statuses.indexOf(429) + 1, retryAfterA, retryAfterB };
}

export const rateLimitHolds = (r: RateLimitAcross) =>
  r.firstLimitedAt === r.limit + 1 &&
  r.statuses.slice(0, r.limit).every((s) => s === 401) &&
  r.statuses.slice(r.limit).every((s) => s === 429) &&
  Boolean(r.retryAfterA) &&
  Boolean(r.retryAfterB);

/** Two server processes on one database (and one Redis when given), started one after the other. */
export async function startPair(url: string, redisUrl: string | null, limit: number): Promise<[ServerProcess, ServerProcess]> {
  const env = { SIGN_IN_RATE_LIMIT: String(limit), ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };
  // One after the other: the first seeds the demo data on the empty database.
  const a = await startServer({ databaseUrl: url, env });
  try {
    return [a, await startServer({ databaseUrl: url, env })];
  } catch (err) {
    await a.stop();
    throw err;
  }
}

export async function twoProcesses(url: string, redisUrl: string | null, limit = 5): Promise<TwoProcessResult> {
  const [a, b] = await startPair(url, redisUrl, limit);
  try {
    const refresh = await refreshAcross(a.baseUrl, b.baseUrl);
    if (!redisUrl) return { refresh, rateLimit: { skipped: 'no Redis reachable (REDIS_URL)' } };
    return { refresh, rateLimit: await rateLimitAcross(a.baseUrl, b.baseUrl, limit) };
  } finally {
    await b.stop();
    await a.stop();
  }
}

export const twoProcessesHold = (r: TwoProcessResult) => refreshHolds(r.refresh) && ('skipped' in r.rateLimit || rateLimitHolds(r.rateLimit));

export const restartHolds = (r: RestartResult) =>
  r.serverExited === null &&
  r.duringDown.s500 === 0 &&
  r.duringDown.otherErrors === 0 &&
  r.duringDown.noAnswer === 0 &&
  r.duringDown.s503 > 0 &&
  r.duringDown.messageOk &&
  r.readyzDown === 503 &&
  r.healthzDown === 200 &&
  pct(r.errorsFirst10s.errors, r.errorsFirst10s.of) < 1 &&
  pct(r.errorsAfter10s.errors, r.errorsAfter10s.of) < 1 &&
  invariantsHold(r.invariants);

export const exhaustionHolds = (r: ExhaustionResult) =>
  r.s503 === r.extra &&
  r.maxMs < 2_000 &&
  r.healthz.ok === r.healthz.calls &&
  r.healthz.calls > 0 &&
  r.holders.every((s) => s === 200) &&
  r.signInForm.status === 503 &&
  r.signInForm.keepsEmail &&
  r.signInForm.says;
