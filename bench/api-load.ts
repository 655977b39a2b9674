/**
 * The API under load (autocannon, 10 connections): bare Fastify hello-world as the reference, then
 * the authenticated session-detail read (token check, ownership, one audit row per read) and a mixed
 * workload (70% detail reads, 25% lists, 5% accepts of distinct requested sessions) against the BUILT
 * server (apps/server/dist/server.js as a child process, production settings), on the embedded
 * PGlite and, with BENCH_DATABASE_URL, on PostgreSQL in a throwaway database; on PostgreSQL also the
 * detail read with WEB_CONCURRENCY=2 and again with 1 (shown, with CPU per request; the 1.5x throughput
 * target of issue 21 was dropped in issue 35: see bench/instances.ts), and the mixed workload
 * held to >= 40% of the detail read's req/s with p99 <= 4 x p50. Afterwards it checks that every
 * answered read left exactly one audit row and that the audit chain verifies.
 *
 *   npm run build && npx tsx bench/api-load.ts      (or `npm run bench -- api`)
 *   BENCH_DURATION=10 (seconds per run), BENCH_CONNECTIONS=10
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request, type Result } from 'autocannon';
import { and, count, eq, inArray } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { BENCH_PASSWORD, benchPractitionerEmail, seedScale } from '../apps/server/src/cli/seed-scale';
import { openDatabase, type DatabaseOptions } from '../apps/server/src/db/client';
import { auditEvents, sessions } from '../apps/server/src/db/schema';
import { loadEnv } from '../apps/server/src/env';
import { rowsOf } from '../apps/server/src/db/sql';
import { createAudit } from '../apps/server/src/modules/audit/service';
import { ensureReferenceData } from '../apps/server/src/modules/demo/reference-data';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/modules/demo/seed';
import pg from 'pg';
import { freePort, signIn } from '../apps/server/src/test/failure-kit';
import { withPostgres } from './pgx-report';

export { freePort };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Requested sessions of the bench practitioner: one per accept, enough for 5% of 6,000 req/s. */
const WRITE_POOL = Math.max(2_000, Math.ceil(DURATION * 6_000 * 0.05) * 4);
export const TARGETS = {
  postgres: { rps: 3_000, p99: 20 },
  pglite: { rps: 1_000 },
  /** Issue 21, on PostgreSQL: the mixed workload's req/s as a share of the detail read's in the same run, and its p99 against its p50. */
  mixed: { shareOfDetail: 0.4, p99OverP50: 4 },
} as const;

export interface LoadFigure {
  run: string;
  database: 'none' | 'pglite' | 'postgres';
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  detail?: string;
  /** Server processes (WEB_CONCURRENCY); 1 unless said. */
  workers?: number;
  /** CPU time per request of the server process and of its PostgreSQL backends (not of autocannon): a figure other load on the machine hardly moves. */
  cpuMsPerRequest?: { server: number; postgres: number };
}

/** User + system CPU milliseconds of a process so far (Linux /proc; 0 elsewhere or when it is gone). */
export function cpuMsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** A process and its children (the workers node:cluster forks under WEB_CONCURRENCY), from /proc. */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** CPU milliseconds so far of the server process (with its workers) and, on PostgreSQL, of the backends serving its database. */
export async function cpuSample(serverPid: number, url?: string) {
  let postgres = 0;
  if (url) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    await c.end();
    postgres = rows.reduce((sum, r) => sum + cpuMsOf(r.pid), 0);
  }
  return { server: processTree(serverPid).reduce((sum, pid) => sum + cpuMsOf(pid), 0), postgres };
}

/** Runs `fn` and adds the CPU its requests cost to the figure it returns. */
async function withCpu(serverPid: number, url: string | undefined, fn: () => Promise<LoadFigure>) {
  const before = await cpuSample(serverPid, url);
  const f = await fn();
  const after = await cpuSample(serverPid, url);
  const n = Math.max(1, f.requests);
  f.cpuMsPerRequest = { server: (after.server - before.server) / n, postgres: (after.postgres - before.postgres) / n };
  return f;
}

/** A child process that answers `readyPath` with 200; `stop` ends it and waits. */
export async function startChild(args: string[], env: Record<string, string>, readyPath: string) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, args, {
    // '{port}' in a value becomes the port chosen here (PORTAL_URL=http://127.0.0.1:{port}).
    env: {
      ...process.env,
      ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v.replaceAll('{port}', String(port))])),
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    if (performance.now() - started > 60_000) throw new Error(`${args.join(' ')} did not get ready`);
    try {
      if ((await fetch(`${base}${readyPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * The built server (or another build of it, `serverJs`: bench/ab.ts) with production settings;
 * `LOG_LEVEL` as production would run it unless BENCH_LOG_LEVEL says otherwise.
 */
export const startServer = (
  db: { url?: string; dataDir?: string },
  extra: Record<string, string> = {},
  nodeArgs: string[] = [],
  serverJs = path.join(ROOT, 'apps/server/dist/server.js'),
) =>
  startChild(
    [...nodeArgs, serverJs],
    {
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      DEMO_DATA: 'false',
      SERVE_WEB: 'false',
      DATABASE_URL: db.url ?? '',
      DATA_DIR: db.dataDir ?? '',
      ...extra,
    },
    '/readyz',
  );

const figure = (run: string, database: LoadFigure['database'], r: Result, errors: number, detail?: string): LoadFigure => ({
  run,
  database,
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  requests: r.requests.total,
  errors,
  detail,
});

/**
 * Demo data, a bench practitioner (bench.doc.0) with WRITE_POOL sessions (a quarter of them
 * requested) for the accepts, and one more with 100 sessions, like every practitioner of the scale
 * bench, whose lists the mixed workload reads.
 */
export async function prepareDatabase(opts: DatabaseOptions, writePool = WRITE_POOL) {
  const database = await openDatabase(opts);
  try {
    await database.migrate();
    await ensureReferenceData({ database });
    await seedDemo(database.db);
    const env = loadEnv({});
    const audit = createAudit(database.db, { key: env.AUDIT_KEY });
    await seedScale(database.db, audit, { sessions: writePool, perPractitioner: writePool, auditPerSession: 2 });
    await seedScale(database.db, audit, { sessions: 100, perPractitioner: 100, auditPerSession: 2 });
    const requested = rowsOf<{ id: string }>(
      await database.db.execute(sql`
        select s.id from sessions s join practitioners p on p.id = s.practitioner_id join users u on u.id = p.user_id
        where u.email = ${benchPractitionerEmail(0)} and s.status = 1 order by s.id`),
    ).map((r) => r.id);
    return { requested, listEmail: benchPractitionerEmail(Math.floor(writePool / 100)) };
  } finally {
    await database.close();
  }
}

/** An access token for `email`, through failure-kit's sign-in (which names the email when it is refused). */
export const token = async (base: string, email: string, password: string) => (await signIn(base, email, password)).accessToken;

export interface Workload {
  /** The demo practitioner (Ada) and the session of Thandi (accepted, data confirmed, results and a pharmacogenomic report). */
  readHeaders: Record<string, string>;
  readPath: string;
  /** The bench practitioner and their requested sessions (each accepted once). */
  writeHeaders: Record<string, string>;
  /** A practitioner with 100 sessions, whose lists are read. */
  listHeaders: Record<string, string>;
  requested: string[];
}

export async function workloadFor(base: string, requested: string[], listEmail: string): Promise<Workload> {
  const ada = await token(base, 'ada.lovelace@demo.test', DEMO_PASSWORD);
  const lister = await token(base, listEmail, BENCH_PASSWORD);
  const bench = await token(base, benchPractitionerEmail(0), BENCH_PASSWORD);
  const readHeaders = { authorization: `Bearer ${ada}` };
  const list = await fetch(`${base}/api/portal/sessions/?search=thandi&limit=1`, { headers: readHeaders });
  const thandi = ((await list.json()) as { results: Array<{ id: string }> }).results[0];
  if (!thandi) throw new Error('the demo session of Thandi is missing');
  return {
    readHeaders,
    readPath: `/api/portal/sessions/${thandi.id}`,
    writeHeaders: { authorization: `Bearer ${bench}` },
    listHeaders: { authorization: `Bearer ${lister}` },
    requested: [...requested],
  };
}

/** Answers per kind; a status other than 200 is an error (no error is expected: each accept has its own session). */
export interface Tally {
  reads: number;
  lists: number;
  accepts: number;
  errors: number;
  byStatus: Record<string, number>;
}
const newTally = (): Tally => ({
  reads: 0,
  lists: 0,
  accepts: 0,
  errors: 0,
  byStatus: {},
});

function counted(req: Request, kind: 'reads' | 'lists' | 'accepts', tally: Tally): Request {
  return {
    ...req,
    onResponse: (status) => {
      if (status === 200) tally[kind] += 1;
      else {
        tally.errors += 1;
        tally.byStatus[`${kind} ${status}`] = (tally.byStatus[`${kind} ${status}`] ?? 0) + 1;
      }
    },
  };
}

export const readRequests = (w: Workload, tally: Tally): Request[] => [counted({ method: 'GET', path: w.readPath, headers: w.readHeaders }, 'reads', tally)];

/** 20 requests per cycle: 14 detail reads, 5 lists (pending first page, all page 2, a name search), 1 accept of a fresh session. */
export function mixedRequests(w: Workload, tally: Tally): Request[] {
  const read = counted({ method: 'GET', path: w.readPath, headers: w.readHeaders }, 'reads', tally);
  const lists = ['/api/portal/sessions/?status=1&limit=20', '/api/portal/sessions/?limit=20&offset=20', '/api/portal/sessions/?search=sipho&limit=20'].map(
    (p) => counted({ method: 'GET', path: p, headers: w.listHeaders }, 'lists', tally),
  );
  const accept = counted(
    {
      method: 'POST',
      path: '/',
      headers: w.writeHeaders,
      setupRequest: (req) => {
        const id = w.requested.pop();
        // Out of fresh sessions: read instead of accepting one twice (the summary says so).
        if (!id)
          return {
            ...req,
            method: 'GET',
            path: w.readPath,
            headers: w.readHeaders,
          };
        return { ...req, path: `/api/portal/sessions/${id}/accept` };
      },
    },
    'accepts',
    tally,
  );
  return [read, read, read, lists[0]!, read, read, read, lists[1]!, read, read, accept, read, lists[2]!, read, read, read, lists[0]!, read, read, lists[1]!];
}

export const cannon = (base: string, requests: Request[], opts: { duration?: number; amount?: number; connections?: number } = {}) =>
  autocannon({
    url: base,
    connections: opts.connections ?? CONNECTIONS,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.duration ?? DURATION }),
    requests,
  });

/** After the runs: audit rows of the read session against the answered reads, and the chain. */
export async function checkAudit(opts: DatabaseOptions, sessionId: string) {
  const database = await openDatabase(opts);
  try {
    const [row] = await database.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.sessionId, sessionId), eq(auditEvents.action, 'read'), eq(auditEvents.category, 'session')));
    const verified = await createAudit(database.db, {
      key: loadEnv({}).AUDIT_KEY,
    }).verify(5_000);
    return { readRows: Number(row?.n ?? 0), verified };
  } finally {
    await database.close();
  }
}

export async function acceptedCount(opts: DatabaseOptions, ids: string[]) {
  if (!ids.length) return 0;
  const database = await openDatabase(opts);
  try {
    const [row] = await database.db
      .select({ n: count() })
      .from(sessions)
      .where(and(inArray(sessions.id, ids), eq(sessions.status, 2)));
    return Number(row?.n ?? 0);
  } finally {
    await database.close();
  }
}

/** Waits until a server started with WEB_CONCURRENCY=n has its n workers (node:cluster forks them after /readyz first answers). */
async function waitForWorkers(pid: number, n: number) {
  const started = performance.now();
  while (processTree(pid).length - 1 < n) {
    if (performance.now() - started > 30_000) throw new Error(`${n} workers did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // Each worker migrates nothing (the primary did) but opens its pool and listens: give them a moment, then warm up.
  await new Promise((r) => setTimeout(r, 1_000));
}

/** The detail read against a server of `workers` processes (PostgreSQL only above 1), after a warm-up. */
async function detailRun(db: { url?: string }, workers: number, requested: string[], listEmail: string) {
  const server = await startServer(db, workers > 1 ? { WEB_CONCURRENCY: String(workers) } : {});
  try {
    if (workers > 1) await waitForWorkers(server.pid, workers);
    const w = await workloadFor(server.base, requested, listEmail);
    const tally = newTally();
    await cannon(server.base, readRequests(w, tally), { duration: 2 });
    const detailTally = newTally();
    const figure_ = await withCpu(server.pid, db.url, async () => {
      const r = await cannon(server.base, readRequests(w, detailTally));
      return figure(`session detail, WEB_CONCURRENCY=${workers}`, 'postgres', r, detailTally.errors + r.errors + r.timeouts);
    });
    figure_.workers = workers;
    return { figure: figure_, reads: tally.reads + detailTally.reads };
  } finally {
    await server.stop();
  }
}

async function benchDatabase(kind: 'pglite' | 'postgres', db: { url?: string; dataDir?: string }) {
  const opts: DatabaseOptions = db.url ? { url: db.url } : { dataDir: db.dataDir };
  const { requested, listEmail } = await prepareDatabase(opts);
  const server = await startServer(db);
  const out: LoadFigure[] = [];
  const tally = newTally();
  let w: Workload;
  try {
    w = await workloadFor(server.base, requested, listEmail);
    // Warm-up (JIT, caches, pool), counted for the audit check only.
    await cannon(server.base, readRequests(w, tally), { duration: 2 });
    const detailTally = newTally();
    out.push(
      await withCpu(server.pid, db.url, async () => {
        const detail = await cannon(server.base, readRequests(w, detailTally));
        return figure('session detail (read + audit row)', kind, detail, detailTally.errors + detail.errors + detail.timeouts);
      }),
    );
    tally.reads += detailTally.reads;
    const mixedTally = newTally();
    const before = w.requested.length;
    let attempted = 0;
    out.push(
      await withCpu(server.pid, db.url, async () => {
        const mixed = await cannon(server.base, mixedRequests(w, mixedTally));
        attempted = before - w.requested.length;
        const statuses = Object.entries(mixedTally.byStatus).map(([k, v]) => `${k}: ${v}`);
        return figure(
          'mixed 70% read / 25% list / 5% accept',
          kind,
          mixed,
          mixedTally.errors + mixed.errors + mixed.timeouts,
          `${mixedTally.reads} reads, ${mixedTally.lists} lists, ${mixedTally.accepts} accepts${w.requested.length ? '' : ' (ran out of fresh sessions)'}${statuses.length ? `; ${statuses.join(', ')}` : ''}`,
        );
      }),
    );
    tally.reads += mixedTally.reads;
    await server.stop();
    if (kind === 'postgres') {
      // WEB_CONCURRENCY=2 against 1 on the same database: 1, 2, then 1 again, so drift in the machine's load falls on both.
      for (const workers of [2, 1]) {
        const f = await detailRun(db, workers, requested, listEmail);
        out.push(f.figure);
        tally.reads += f.reads;
      }
    }
    const acceptIds = requested.slice(requested.length - attempted);
    const accepted = await acceptedCount(opts, acceptIds);
    const audit = await checkAudit(opts, w.readPath.split('/').at(-1)!);
    // autocannon stops with up to one request per connection in flight: the server may finish and audit those.
    const extra = audit.readRows - tally.reads;
    // Each autocannon run that reads (warm-ups included) may stop with one request per connection in flight.
    const readRuns = kind === 'postgres' ? 7 : 3;
    const auditOk =
      extra >= 0 && extra <= readRuns * CONNECTIONS && audit.verified.ok && accepted >= mixedTally.accepts && accepted - mixedTally.accepts <= CONNECTIONS;
    return {
      figures: out,
      audit: {
        ...audit,
        answeredReads: tally.reads,
        accepted,
        acceptsAnswered: mixedTally.accepts,
        ok: auditOk,
      },
    };
  } finally {
    await server.stop();
  }
}

export async function benchApiLoad() {
  const hello = await startChild([path.join(ROOT, 'bench/hello-server.mjs')], {}, '/');
  const figures: LoadFigure[] = [];
  try {
    await cannon(hello.base, [{ method: 'GET', path: '/' }], { duration: 2 });
    const r = await cannon(hello.base, [{ method: 'GET', path: '/' }]);
    figures.push(figure('bare Fastify hello-world (reference)', 'none', r, r.errors + r.non2xx + r.timeouts));
  } finally {
    await hello.stop();
  }
  const audits: Array<{ database: string } & Awaited<ReturnType<typeof benchDatabase>>['audit']> = [];
  // BENCH_API_ONLY=pglite or postgres runs one of the two (when profiling one).
  const only = process.env.BENCH_API_ONLY;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-load-'));
  try {
    if (only !== 'postgres') {
      const r = await benchDatabase('pglite', { dataDir });
      figures.push(...r.figures);
      audits.push({ database: 'pglite', ...r.audit });
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.BENCH_DATABASE_URL && only !== 'pglite') {
    const r = await withPostgres(process.env.BENCH_DATABASE_URL, (url) => benchDatabase('postgres', { url }));
    figures.push(...r.figures);
    audits.push({ database: 'postgres', ...r.audit });
  }
  return {
    figures,
    audits,
    connections: CONNECTIONS,
    duration: DURATION,
    loadAverage: os.loadavg(),
  };
}

/** Prints the table; true when every target is met and the audit checks hold. */
export function printApiLoad(r: Awaited<ReturnType<typeof benchApiLoad>>) {
  const hello = r.figures.find((f) => f.database === 'none')!;
  console.log(
    `API under load (autocannon, ${r.connections} connections, ${r.duration} s each; load average after: ${r.loadAverage.map((x) => x.toFixed(2)).join(' ')})`,
  );
  console.log(
    `  ${'run'.padEnd(40)} ${'db'.padEnd(9)} ${'req/s'.padStart(8)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'errors'.padStart(7)} ${'vs hello'.padStart(9)}  target`,
  );
  let ok = true;
  const detailOf = (db: LoadFigure['database']) => r.figures.find((f) => f.run.startsWith('session detail') && f.database === db && !f.workers);
  for (const f of r.figures) {
    let target = '';
    if (f.workers) {
      target = '(see the workers line below)';
    } else if (f.run.startsWith('session detail') && f.database === 'postgres') {
      const met = f.rps >= TARGETS.postgres.rps && f.p99 <= TARGETS.postgres.p99 && f.errors === 0;
      ok &&= met;
      target = `>= ${TARGETS.postgres.rps} req/s, p99 <= ${TARGETS.postgres.p99} ms: ${met ? 'OK' : 'MISSED'}`;
    } else if (f.run.startsWith('session detail') && f.database === 'pglite') {
      const met = f.rps >= TARGETS.pglite.rps && f.errors === 0;
      ok &&= met;
      target = `>= ${TARGETS.pglite.rps} req/s: ${met ? 'OK' : 'MISSED'}`;
    } else if (f.run.startsWith('mixed')) {
      const share = f.rps / (detailOf(f.database)?.rps ?? Infinity);
      const spread = f.p99 / Math.max(f.p50, 1);
      const t = TARGETS.mixed;
      // The issue's measure was taken on PostgreSQL; on PGlite (one thread for the server and the database) the shares are shown, not held to it.
      const met = f.errors === 0 && (f.database !== 'postgres' || (share >= t.shareOfDetail && spread <= t.p99OverP50));
      ok &&= met;
      target =
        `${(share * 100).toFixed(0)}% of the detail read's req/s, p99 ${spread.toFixed(1)} x p50, ${f.errors} errors` +
        (f.database === 'postgres'
          ? ` (targets >= ${t.shareOfDetail * 100}%, <= ${t.p99OverP50} x, 0): ${met ? 'OK' : 'MISSED'}`
          : `: ${met ? 'OK' : 'MISSED'} (zero errors)`);
    }
    const ratio = f.database === 'none' ? '' : `${((f.rps / hello.rps) * 100).toFixed(1)}%`;
    console.log(
      `  ${f.run.padEnd(40)} ${f.database.padEnd(9)} ${f.rps.toFixed(0).padStart(8)} ${`${f.p50}ms`.padStart(6)} ${`${f.p99}ms`.padStart(6)} ${String(f.errors).padStart(7)} ${ratio.padStart(9)}  ${target}`,
    );
    if (f.detail) console.log(`  ${''.padEnd(40)} ${f.detail}`);
    if (f.cpuMsPerRequest) {
      const c = f.cpuMsPerRequest;
      // 2 cores' worth of CPU divided by the CPU one request costs: the ceiling on a machine with nothing else running (autocannon excluded).
      const ceiling = (os.cpus().length * 1000) / (c.server + c.postgres);
      console.log(
        `  ${''.padEnd(40)} CPU per request: server ${c.server.toFixed(2)} ms${f.database === 'postgres' ? `, PostgreSQL ${c.postgres.toFixed(2)} ms` : ''} (at most ${ceiling.toFixed(0)} req/s on ${os.cpus().length} idle cores)`,
      );
    }
  }
  const two = r.figures.find((f) => f.workers === 2);
  const ones = r.figures.filter((f) => f.database === 'postgres' && f.run.startsWith('session detail') && (f.workers ?? 1) === 1);
  if (two && ones.length) {
    const one = ones.reduce((sum, f) => sum + f.rps, 0) / ones.length;
    const ratio = two.rps / one;
    // No throughput target (issue 35): on a 2-core machine that also runs autocannon and PostgreSQL a
    // second process cannot add a core; two processes are held to one's CPU per request instead (bench/instances.ts).
    const met = two.errors === 0;
    ok &&= met;
    const cpu = (f: LoadFigure) => (f.cpuMsPerRequest ? `${f.cpuMsPerRequest.server.toFixed(2)} ms` : '-');
    console.log(
      `  workers: WEB_CONCURRENCY=2 ${two.rps.toFixed(0)} req/s against 1 process ${ones.map((f) => f.rps.toFixed(0)).join(' and ')} (mean ${one.toFixed(0)}): ${ratio.toFixed(2)}x; ` +
        `server CPU per request ${cpu(two)} against ${ones.map(cpu).join(' and ')} (no throughput target since issue 35; zero errors): ${met ? 'OK' : 'MISSED'}`,
    );
  }
  for (const a of r.audits) {
    ok &&= a.ok;
    console.log(
      `  audit (${a.database}): ${a.readRows} read rows for ${a.answeredReads} answered reads (in flight at the stops: ${a.readRows - a.answeredReads}); ${a.accepted} of ${a.acceptsAnswered} answered accepts applied; chain ${a.verified.ok ? `verified (${a.verified.rows} rows)` : 'BROKEN'}: ${a.ok ? 'OK' : 'MISSED'}`,
    );
  }
  if (!process.env.BENCH_DATABASE_URL) console.log('  (PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)');
  return ok;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!printApiLoad(await benchApiLoad())) process.exitCode = 1;
}
