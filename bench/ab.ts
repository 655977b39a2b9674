/**
 * A/B of two builds of the server under the session-detail read: same database, same token, runs
 * alternated (A B A B …) so drift of the machine's load falls on both. Reports req/s, p99 and the
 * server's CPU per request (and its PostgreSQL backends'), which other load hardly moves.
 *
 *   cp apps/server/dist/server.js apps/server/dist/base/server.js   # the "before" build
 *   (change, npm run build -w apps/server)
 *   npx tsx bench/ab.ts apps/server/dist/base/server.js apps/server/dist/server.js
 *   BENCH_DATABASE_URL for PostgreSQL, else PGlite; BENCH_DURATION (s per run, default 5), BENCH_ROUNDS (default 2)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cannon, cpuSample, prepareDatabase, readRequests, startServer, workloadFor } from './api-load';
import { withPostgres } from './pgx-report';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

async function run(builds: string[], db: { url?: string; dataDir?: string }) {
  const { requested, listEmail } = await prepareDatabase(db.url ? { url: db.url } : { dataDir: db.dataDir }, 200);
  const rows: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const build of builds) {
      const server = await startServer(db, {}, [], build);
      try {
        const w = await workloadFor(server.base, requested, listEmail);
        const tally = { reads: 0, lists: 0, accepts: 0, errors: 0, byStatus: {} };
        await cannon(server.base, readRequests(w, tally), { duration: 2 });
        const c0 = await cpuSample(server.pid, db.url);
        const before = tally.reads;
        const r = await cannon(server.base, readRequests(w, tally), { duration: DURATION });
        const n = Math.max(1, r.requests.total);
        const c1 = await cpuSample(server.pid, db.url);
        const server_ = (c1.server - c0.server) / n;
        const pgc = (c1.postgres - c0.postgres) / n;
        rows.push(
          `${path.relative(process.cwd(), build).padEnd(36)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ` +
            `server ${server_.toFixed(3)} ms/req${db.url ? `  postgres ${pgc.toFixed(3)} ms/req` : ''}  errors ${tally.errors + r.errors + r.non2xx}  ok ${tally.reads - before}  load ${os.loadavg()[0]!.toFixed(2)}`,
        );
        console.log(rows.at(-1));
      } finally {
        await server.stop();
      }
    }
  }
}

const builds = process.argv.slice(2).map((b) => path.resolve(b));
if (!builds.length) throw new Error('usage: npx tsx bench/ab.ts A/server.js B/server.js …');
console.log(
  `load average at start ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
if (process.env.BENCH_DATABASE_URL) await withPostgres(process.env.BENCH_DATABASE_URL, (url) => run(builds, { url }));
else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ab-'));
  try {
    await run(builds, { dataDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
