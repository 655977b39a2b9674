/**
 * Several instances (issue 35): the CPU one request costs with one portal process behind Debian's
 * HAProxy against two behind it, same database, same request mix (the api bench's mixed workload:
 * 70% session-detail reads, 25% lists, 5% accepts), against the BUILT server, on PostgreSQL in a
 * throwaway database (BENCH_DATABASE_URL; skipped without it), with the bare Fastify hello-world
 * measured in the same run as the reference. CPU is read from /proc: the server processes, the
 * PostgreSQL backends serving the database and HAProxy, each divided by the requests answered.
 * Throughput is printed but not held to a ratio: on this 2-core machine the load generator, HAProxy,
 * PostgreSQL and the servers share the same cores, so a second process cannot add a core's worth.
 * The target is that CPU per request of two instances matches one (within 25%).
 *
 * Also the single-node limits: PostgreSQL connections in use against max_connections, and the audit
 * chain's serialisation (audit_append under one advisory lock, migration 0008): its calls, rows and
 * time per call from pg_stat_user_functions (track_functions set on the throwaway database).
 *
 *   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/instances.ts
 *   (or `npm run bench -- instances`); BENCH_INSTANCES_SECONDS (10), BENCH_CONNECTIONS (10)
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startHaproxy } from '../e2e/support/haproxy';
import { cannon, cpuMsOf, freePort, mixedRequests, prepareDatabase, processTree, startChild, startServer, workloadFor, type Tally } from './api-load';
import { withPostgres } from './pgx-report';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_INSTANCES_SECONDS ?? 10);
/** CPU per request of two instances against one: within this factor either way. */
const INSTANCES_TARGET = { cpuPerRequestWithin: 1.25 } as const;

interface InstancesRun {
  instances: number;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  /** Answers other than 200 by kind and status, and autocannon's own errors and timeouts. */
  errorDetail: string;
  cpuMsPerRequest: { servers: number; postgres: number; haproxy: number };
  /** PostgreSQL connections to the database while the instances ran (pg_stat_activity, the bench's own excluded). */
  connections: number;
  audit: { calls: number; rows: number; msPerCall: number };
}

interface InstancesResult {
  hello: { rps: number; cpuMsPerRequest: number };
  runs: InstancesRun[];
  maxConnections: number;
  poolSize: number;
  loadAverage: number[][];
}

const cpuOf = (pids: number[]) => pids.flatMap((p) => processTree(p)).reduce((sum, pid) => sum + cpuMsOf(pid), 0);

async function hello() {
  const server = await startChild([path.join(ROOT, 'bench/hello-server.mjs')], {}, '/');
  try {
    await cannon(server.base, [{ method: 'GET', path: '/' }], { duration: 2 });
    const before = cpuMsOf(server.pid);
    const r = await cannon(server.base, [{ method: 'GET', path: '/' }], { duration: SECONDS });
    return { rps: r.requests.average, cpuMsPerRequest: (cpuMsOf(server.pid) - before) / Math.max(1, r.requests.total) };
  } finally {
    await server.stop();
  }
}

async function run(url: string, instances: number, requested: string[], listEmail: string): Promise<InstancesRun> {
  const proxyPort = await freePort();
  const proxyBase = `http://127.0.0.1:${proxyPort}`;
  // One deployment behind one address: every instance is told the proxy's (the tokens name it as their issuer).
  const env = {
    PORTAL_URL: proxyBase,
    SIGN_IN_RATE_LIMIT: '10000',
    SIGN_IN_ADDRESS_RATE_LIMIT: '10000',
    REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14',
  };
  const servers = [];
  try {
    for (let i = 0; i < instances; i++) servers.push(await startServer({ url }, env));
    const proxy = await startHaproxy(
      proxyPort,
      servers.map((s, i) => ({ name: String.fromCharCode(97 + i), port: Number(new URL(s.base).port) })),
    );
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const w = await workloadFor(proxy.base, requested, listEmail);
      const tally: Tally = { reads: 0, lists: 0, accepts: 0, errors: 0, byStatus: {} };
      await cannon(proxy.base, mixedRequests(w, tally), { duration: 2 });
      const backends = async () =>
        (await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map(
          (r) => r.pid,
        );
      const auditStats = async () => {
        const f = await db.query<{ calls: string; self_time: number }>(`select calls, self_time from pg_stat_user_functions where funcname = 'audit_append'`);
        const rows = await db.query<{ n: string }>('select count(*) as n from audit_events');
        return { calls: Number(f.rows[0]?.calls ?? 0), ms: Number(f.rows[0]?.self_time ?? 0), rows: Number(rows.rows[0]!.n) };
      };
      const pgBefore = await backends();
      const before = { servers: cpuOf(servers.map((s) => s.pid)), postgres: pgBefore.reduce((s, p) => s + cpuMsOf(p), 0), haproxy: cpuOf([proxy.pid]) };
      // Function statistics reach the view when a backend reports them (at most every second or so).
      await new Promise((r) => setTimeout(r, 1_200));
      const auditBefore = await auditStats();
      const mixTally: Tally = { reads: 0, lists: 0, accepts: 0, errors: 0, byStatus: {} };
      const r = await cannon(proxy.base, mixedRequests(w, mixTally), { duration: SECONDS });
      const pgAfter = await backends();
      const connections = pgAfter.length;
      const after = {
        servers: cpuOf(servers.map((s) => s.pid)),
        // Backends present before or after (a pool may open one during the run: its CPU counts from 0).
        postgres: [...new Set([...pgBefore, ...pgAfter])].reduce((s, p) => s + cpuMsOf(p), 0),
        haproxy: cpuOf([proxy.pid]),
      };
      await new Promise((res) => setTimeout(res, 1_500));
      const auditAfter = await auditStats();
      const n = Math.max(1, r.requests.total);
      const calls = auditAfter.calls - auditBefore.calls;
      await proxy.stop();
      return {
        instances,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        requests: r.requests.total,
        errors: mixTally.errors + r.errors + r.timeouts,
        errorDetail: JSON.stringify({ ...mixTally.byStatus, ...(r.errors ? { connection: r.errors } : {}), ...(r.timeouts ? { timeouts: r.timeouts } : {}) }),
        cpuMsPerRequest: {
          servers: (after.servers - before.servers) / n,
          postgres: (after.postgres - before.postgres) / n,
          haproxy: (after.haproxy - before.haproxy) / n,
        },
        connections,
        audit: { calls, rows: auditAfter.rows - auditBefore.rows, msPerCall: calls ? (auditAfter.ms - auditBefore.ms) / calls : 0 },
      };
    } finally {
      await db.end();
    }
  } finally {
    for (const s of servers) await s.stop();
  }
}

async function benchOn(url: string): Promise<InstancesResult> {
  const loadAverage = [os.loadavg()];
  // Accepts need fresh requested sessions: a pool for three runs of SECONDS at up to ~1,500 req/s, 5% of them accepts.
  const { requested, listEmail } = await prepareDatabase({ url }, Math.max(2_000, SECONDS * 1_500 * 0.05 * 3 * 4));
  const name = new URL(url).pathname.slice(1);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  let maxConnections = 0;
  try {
    // Counts calls and time of plpgsql functions (audit_append) for the servers' connections opened after this.
    await db.query(`alter database ${name} set track_functions = 'pl'`);
    maxConnections = Number((await db.query<{ max_connections: string }>('show max_connections')).rows[0]!.max_connections);
  } finally {
    await db.end();
  }
  const reference = await hello();
  loadAverage.push(os.loadavg());
  const third = Math.floor(requested.length / 3);
  const runs: InstancesRun[] = [];
  // 1, 2, then 1 again, so drift in the machine's load falls on both.
  for (const [i, instances] of [1, 2, 1].entries()) {
    runs.push(await run(url, instances, requested.slice(i * third, (i + 1) * third), listEmail));
    loadAverage.push(os.loadavg());
  }
  const { loadEnv } = await import('../apps/server/src/env');
  return { hello: reference, runs, maxConnections, poolSize: loadEnv({}).DATABASE_POOL_SIZE, loadAverage };
}

export async function benchInstances(): Promise<InstancesResult | null> {
  if (!process.env.BENCH_DATABASE_URL) return null;
  return withPostgres(process.env.BENCH_DATABASE_URL, benchOn);
}

/** Prints the figures; true when two instances' CPU per request matches one's and no request failed, null when skipped. */
export function printInstances(r: InstancesResult | null): boolean | null {
  if (!r) {
    console.log('Several instances: skipped (set BENCH_DATABASE_URL: two processes need one PostgreSQL)');
    return null;
  }
  const h = r.hello.cpuMsPerRequest;
  console.log(
    `Several instances behind HAProxy, mixed workload, ${SECONDS} s each (load average: ${r.loadAverage.map((l) => l.map((v) => v.toFixed(2)).join(' ')).join(' -> ')})`,
  );
  console.log(`  reference: hello-world ${r.hello.rps.toFixed(0)} req/s, server CPU ${h.toFixed(4)} ms per request`);
  for (const x of r.runs) {
    const c = x.cpuMsPerRequest;
    console.log(
      `  ${x.instances} instance${x.instances > 1 ? 's' : ' '}: ${x.rps.toFixed(0)} req/s, p50 ${x.p50} ms, p99 ${x.p99} ms, ${x.errors} errors${x.errors ? ` ${x.errorDetail}` : ''}; CPU per request: servers ${c.servers.toFixed(3)} ms (${(c.servers / h).toFixed(1)} x hello-world), ` +
        `PostgreSQL ${c.postgres.toFixed(3)} ms (${(c.postgres / h).toFixed(1)} x), HAProxy ${c.haproxy.toFixed(3)} ms (${(c.haproxy / h).toFixed(1)} x); ` +
        `${x.connections} PostgreSQL connections; audit_append ${x.audit.calls} calls, ${x.audit.rows} rows (${(x.audit.rows / Math.max(1, x.audit.calls)).toFixed(1)} per call), ${x.audit.msPerCall.toFixed(3)} ms per call`,
    );
  }
  const ones = r.runs.filter((x) => x.instances === 1);
  const two = r.runs.find((x) => x.instances === 2)!;
  const one = ones.reduce((s, x) => s + x.cpuMsPerRequest.servers, 0) / ones.length;
  const ratio = two.cpuMsPerRequest.servers / one;
  const t = INSTANCES_TARGET.cpuPerRequestWithin;
  const ok = ratio <= t && ratio >= 1 / t && r.runs.every((x) => x.errors === 0);
  console.log(
    `  server CPU per request, two instances against one (mean of ${ones.length}): ${ratio.toFixed(2)} x (target within ${t} x either way, zero errors): ${ok ? 'OK' : 'MISSED'}; ` +
      `throughput ${(two.rps / (ones.reduce((s, x) => s + x.rps, 0) / ones.length)).toFixed(2)} x (no target: the machine's 2 cores also run the load, HAProxy and PostgreSQL)`,
  );
  console.log(
    `  PostgreSQL connections: pool ${r.poolSize} per process (DATABASE_POOL_SIZE) + 1 listening, x processes; max_connections ${r.maxConnections} ` +
      `(superuser reserve 3): at most ${Math.floor((r.maxConnections - 3) / (r.poolSize + 1))} processes (instances x WEB_CONCURRENCY) at the default pool`,
  );
  return ok;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (printInstances(await benchInstances()) === false) process.exitCode = 1;
}
