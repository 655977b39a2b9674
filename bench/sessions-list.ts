/**
 * The sessions list (GET /api/portal/sessions/) through the whole server — token check,
 * practitioner look-up, filtered and paged query with its count — with 1,000 and then 100,000
 * sessions in the database. The measured practitioner has 100 sessions either way, like every
 * other practitioner: the figure shows that the list does not slow down as the database grows.
 * Embedded PGlite by default; PostgreSQL too when BENCH_DATABASE_URL is set.
 *
 *   npx tsx bench/sessions-list.ts        (or as part of `npm run bench`)
 */
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { loadEnv } from '../apps/server/src/env';
import { rowsOf } from '../apps/server/src/modules/account/repository';
import { withPostgres } from './pgx-report';

const PER_PRACTITIONER = 100;
const SIZES = [1_000, 100_000];
const ITERATIONS = 400;
/** The target: p99 at 100,000 sessions within twice the p99 at 1,000. */
export const MAX_RATIO = 2;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Adds practitioners, each with PER_PRACTITIONER synthetic patients and sessions, up to `total` sessions. */
async function grow(db: Awaited<ReturnType<typeof openDatabase>>['db'], from: number, total: number, passwordHash: string) {
  for (let start = from; start < total; start += 10_000) {
    const end = Math.min(total, start + 10_000);
    await db.execute(sql`
      with p as (
        insert into users (email, first_name, last_name, password_hash, role, synthetic)
        select 'bench.doc.' || g || '@bench.test', 'Doc', 'Bench' || g, ${passwordHash}, 'practitioner', true
        from generate_series(${start / PER_PRACTITIONER}::int, ${end / PER_PRACTITIONER - 1}::int) g
        returning id, (regexp_match(email, 'bench\\.doc\\.(\\d+)@'))[1]::int as n
      ), pr as (
        insert into practitioners (user_id, status, category_id) select id, 2, 2 from p returning id, user_id
      ), pn as (
        select pr.id as practitioner_id, p.n from pr join p on p.id = pr.user_id
      ), pat as (
        insert into users (email, first_name, last_name, password_hash, role, synthetic)
        select 'bench.patient.' || g || '@bench.test', (array['Thandi','Pieter','Aisha','Lerato','Sipho','Emma','Johan','Zanele'])[1 + g % 8], 'Patient' || g, ${passwordHash}, 'patient', true
        from generate_series(${start}::int, ${end - 1}::int) g
        returning id, (regexp_match(email, 'bench\\.patient\\.(\\d+)@'))[1]::int as g
      )
      insert into sessions (patient_id, practitioner_id, status, booking_time, created_at)
      select pat.id, pn.practitioner_id, 1 + pat.g % 4, now() + interval '2 days', now() - (pat.g % 1000) * interval '1 minute'
      from pat join pn on pn.n = pat.g / ${PER_PRACTITIONER}::int`);
  }
  await db.execute(sql`analyze`);
}

export async function benchSessionsList(opts: { url?: string } = {}) {
  const database = await openDatabase(opts.url ? { url: opts.url } : { dataDir: 'memory://' });
  await database.migrate();
  const env = loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SERVE_WEB: 'false', PORT: '3000' });
  const app = await buildApp({ env, database, logger: pino({ level: 'silent' }) });
  await app.ready();
  const passwordHash = await hash('Bench-password-1');
  const out: Array<{ sessions: number; query: string; p50: number; p99: number }> = [];
  try {
    let have = 0;
    for (const size of SIZES) {
      await grow(database.db, have, size, passwordHash);
      have = size;
      // The first practitioner: 100 sessions, whatever the size of the database.
      const [user] = rowsOf<{ id: string; role: string }>(await database.db.execute(sql`select id, role from users where email = 'bench.doc.0@bench.test'`));
      if (!user) throw new Error('the bench practitioner is missing');
      const { accessToken } = await app.ctx.tokens.startSession(user);
      const headers = { authorization: `Bearer ${accessToken}` };
      for (const [query, url] of [['pending, first page', '/api/portal/sessions/?status=1&limit=20'], ['search by name', '/api/portal/sessions/?search=thandi&limit=20'], ['all, page 3', '/api/portal/sessions/?limit=20&offset=40']] as const) {
        for (let i = 0; i < 30; i++) await app.inject({ url, headers });
        const times: number[] = [];
        for (let i = 0; i < ITERATIONS; i++) {
          const t0 = performance.now();
          const res = await app.inject({ url, headers });
          times.push(performance.now() - t0);
          if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
        }
        times.sort((a, b) => a - b);
        out.push({ sessions: size, query, p50: percentile(times, 50), p99: percentile(times, 99) });
      }
    }
  } finally {
    await app.close();
    await database.close();
  }
  return { database: database.kind, results: out };
}

export function printSessionsBench(r: Awaited<ReturnType<typeof benchSessionsList>>) {
  console.log(`Sessions list through the API (${r.database}; the practitioner has ${PER_PRACTITIONER} sessions; ${ITERATIONS} requests each)`);
  let ok = true;
  for (const q of [...new Set(r.results.map((x) => x.query))]) {
    const [small, large] = SIZES.map((n) => r.results.find((x) => x.query === q && x.sessions === n)!);
    const ratio = large!.p99 / small!.p99;
    ok &&= ratio <= MAX_RATIO;
    console.log(`  ${q.padEnd(20)} 1,000: p50 ${small!.p50.toFixed(2)} ms p99 ${small!.p99.toFixed(2)} ms | 100,000: p50 ${large!.p50.toFixed(2)} ms p99 ${large!.p99.toFixed(2)} ms | p99 ratio ${ratio.toFixed(2)} (target <= ${MAX_RATIO}) ${ratio <= MAX_RATIO ? 'OK' : 'OVER'}`);
  }
  return ok;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = [await benchSessionsList()];
  if (process.env.BENCH_DATABASE_URL) results.push(await withPostgres(process.env.BENCH_DATABASE_URL, (url) => benchSessionsList({ url })));
  if (!results.map(printSessionsBench).every(Boolean)) process.exitCode = 1;
}
