/**
 * Lists at scale: the sessions list, the journals list and the transactions list through the whole
 * server (`app.inject`: token check, practitioner look-up, acceptance guard where the route has one,
 * the filtered and paged query with its count), first on a database of 1,000 sessions, then on the
 * same database grown to 100,000 sessions and about 1,000,000 audit rows — both made by the same
 * code as `npm run seed -- --scale N` (synthetic practitioners with 100 sessions each, their
 * journals, fees and sales, ten sealed audit rows per session). The measured practitioner
 * (bench.doc.0) has 100 sessions either way, like every other: the figure shows whether a list slows
 * down as the database grows. Target: p99 at 100,000 within 2x of the p99 at 1,000.
 *
 *   npx tsx bench/scale.ts            (or `npm run bench -- scale`)
 *   BENCH_DATABASE_URL=postgres://…   adds PostgreSQL (a throwaway database)
 *   BENCH_SCALE_SIZES=1000,100000     the two sizes; BENCH_SCALE_PGLITE=0 skips PGlite
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { benchPractitionerEmail, seedScale } from '../apps/server/src/cli/seed-scale';
import { openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { loadEnv } from '../apps/server/src/env';
import { withPostgres } from './pgx-report';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '1000,100000').split(',').map(Number) as [number, number];
const ITERATIONS = 400;
const WARM_UP = 30;
/** The issue's target: p99 at the large size within twice the p99 at the small one. */
export const MAX_RATIO = 2;

export const QUERIES = [
  ['sessions: pending, first page', '/api/portal/sessions/?status=1&limit=20'],
  ['sessions: search by name', '/api/portal/sessions/?search=thandi&limit=20'],
  ['sessions: all, page 3', '/api/portal/sessions/?limit=20&offset=40'],
  ['journals: first page', '/api/portal/journals/?limit=20'],
  ['journals: submitted, searched', '/api/portal/journals/?status=Submitted&search=thandi&limit=20'],
  ['transactions: first page', '/api/portal/transactions/?limit=20'],
  ['transactions: fees, page 2', '/api/portal/transactions/?kind=data_request_fee&limit=20&offset=20'],
] as const;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function benchScale(opts: { url?: string; sizes?: [number, number] } = {}) {
  const sizes = opts.sizes ?? SIZES;
  const database = await openDatabase(opts.url ? { url: opts.url } : { dataDir: 'memory://' });
  await database.migrate();
  const env = loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SERVE_WEB: 'false', PORT: '3000' });
  const app = await buildApp({ env, database, logger: pino({ level: 'silent' }) });
  await app.ready();
  const out: Array<{ sessions: number; auditRows: number; query: string; p50: number; p99: number; seedSeconds: number }> = [];
  try {
    let have = 0;
    let auditRows = 0;
    for (const size of sizes) {
      const started = performance.now();
      const seeded = await seedScale(database.db, app.ctx.audit, { sessions: size - have });
      const seedSeconds = (performance.now() - started) / 1000;
      // Measure the steady state, not the autovacuum the million inserts would start during the runs.
      await database.db.execute(sql`vacuum analyze`);
      auditRows += seeded.auditRows;
      have = size;
      const [user] = await database.db
        .select()
        .from(users)
        .where(eq(users.email, benchPractitionerEmail(0)));
      if (!user) throw new Error('the bench practitioner is missing');
      const { accessToken } = await app.ctx.tokens.startSession(user);
      const headers = { authorization: `Bearer ${accessToken}` };
      for (const [query, url] of QUERIES) {
        for (let i = 0; i < WARM_UP; i++) await app.inject({ url, headers });
        const times: number[] = [];
        for (let i = 0; i < ITERATIONS; i++) {
          const t0 = performance.now();
          const res = await app.inject({ url, headers });
          times.push(performance.now() - t0);
          if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
        }
        times.sort((a, b) => a - b);
        out.push({ sessions: size, auditRows, query, p50: percentile(times, 50), p99: percentile(times, 99), seedSeconds });
      }
    }
    const verified = await app.ctx.audit.verify(10_000);
    return { database: database.kind, sizes, results: out, chainVerified: verified.ok, loadAverage: os.loadavg() };
  } finally {
    await app.close();
    await database.close();
  }
}

/** Prints the table; true when every ratio is within MAX_RATIO and the audit chain verifies. */
export function printScale(r: Awaited<ReturnType<typeof benchScale>>) {
  const [small, large] = r.sizes;
  const at = (q: string, n: number) => r.results.find((x) => x.query === q && x.sessions === n)!;
  const seed = at(QUERIES[0][0], large);
  console.log(
    `Lists at scale through the API (${r.database}; bench.doc.0 has 100 sessions; ${ITERATIONS} requests each; seeding ${small.toLocaleString('en')} -> ${large.toLocaleString('en')} sessions and ${seed.auditRows.toLocaleString('en')} audit rows took ${seed.seedSeconds.toFixed(0)} s; load average after: ${r.loadAverage.map((x) => x.toFixed(2)).join(' ')})`,
  );
  console.log(
    `  ${'query'.padEnd(32)} ${`p50 ${small}`.padStart(12)} ${`p99 ${small}`.padStart(12)} ${`p50 ${large}`.padStart(12)} ${`p99 ${large}`.padStart(12)}  p99 ratio`,
  );
  let ok = r.chainVerified;
  for (const [q] of QUERIES) {
    const s = at(q, small);
    const l = at(q, large);
    const ratio = l.p99 / s.p99;
    ok &&= ratio <= MAX_RATIO;
    console.log(
      `  ${q.padEnd(32)} ${`${s.p50.toFixed(2)} ms`.padStart(12)} ${`${s.p99.toFixed(2)} ms`.padStart(12)} ${`${l.p50.toFixed(2)} ms`.padStart(12)} ${`${l.p99.toFixed(2)} ms`.padStart(12)}  ${ratio.toFixed(2)} (target <= ${MAX_RATIO}) ${ratio <= MAX_RATIO ? 'OK' : 'OVER'}`,
    );
  }
  console.log(`  audit chain after seeding: ${r.chainVerified ? 'verified' : 'BROKEN'}`);
  return ok;
}

export async function runScale() {
  const results = [];
  if (process.env.BENCH_SCALE_PGLITE !== '0') results.push(await benchScale());
  if (process.env.BENCH_DATABASE_URL) results.push(await withPostgres(process.env.BENCH_DATABASE_URL, (url) => benchScale({ url })));
  return results.map(printScale).every(Boolean);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!(await runScale())) process.exitCode = 1;
}
