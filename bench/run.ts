import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ESM build script without types
import { INITIAL_JS_BUDGET_KIB, measureBundle } from '../apps/web/scripts/bundle-size.mjs';
import { failureEntry } from './failure';
import { benchPgxReport, pgxBudgetMet, printPgxBench, withPostgres } from './pgx-report';
import { benchSessionsList, printSessionsBench } from './sessions-list';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Milliseconds from spawning `node apps/server/dist/server.js` until /readyz answers 200. */
async function startToReady(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('server exited');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return performance.now() - started;
      } catch {
        // not yet listening
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const bundle = measureBundle(path.join(ROOT, 'apps/web/dist'));
console.log('Portal bundle (gzip)');
console.log(`  initial JavaScript: ${bundle.initialJsKiB.toFixed(1)} KiB (budget ${INITIAL_JS_BUDGET_KIB} KiB) ${bundle.initialJsKiB <= INITIAL_JS_BUDGET_KIB ? 'OK' : 'OVER BUDGET'}`);
console.log(`  initial CSS:        ${bundle.initialCssKiB.toFixed(1)} KiB`);
console.log('  largest lazy chunks:');
for (const c of bundle.lazyChunks.slice(0, 8)) console.log(`    ${c.file.padEnd(44)} ${c.gzipKiB.toFixed(1)} KiB`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
try {
  const first = await startToReady(dataDir);
  const warm = [await startToReady(dataDir), await startToReady(dataDir), await startToReady(dataDir)].sort((a, b) => a - b);
  console.log('Server start to ready (embedded PGlite)');
  console.log(`  first start (migrations + demo data): ${first.toFixed(0)} ms`);
  console.log(`  later starts, median of 3:            ${warm[1]!.toFixed(0)} ms`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
// Pharmaco reports: a filtered report query over 50,000 rows (p99 under 30 ms); PostgreSQL too with BENCH_DATABASE_URL.
const pgx = [await benchPgxReport()];
if (process.env.BENCH_DATABASE_URL) pgx.push(await withPostgres(process.env.BENCH_DATABASE_URL, (url) => benchPgxReport({ url })));
for (const r of pgx) printPgxBench(r);
if (!pgx.every(pgxBudgetMet)) process.exitCode = 1;
// Sessions list: p99 with 100,000 sessions within 2x of 1,000; PostgreSQL too with BENCH_DATABASE_URL.
const sessionsLists = [await benchSessionsList()];
if (process.env.BENCH_DATABASE_URL) sessionsLists.push(await withPostgres(process.env.BENCH_DATABASE_URL, (url) => benchSessionsList({ url })));
if (!sessionsLists.map(printSessionsBench).every(Boolean)) process.exitCode = 1;
if (bundle.initialJsKiB > INITIAL_JS_BUDGET_KIB) process.exitCode = 1;
// Failure (issue 9 part 4): PostgreSQL restarted under load, pool exhaustion, accept racing reject, two processes; its own throwaway cluster.
if ((await failureEntry()).ok === false) process.exitCode = 1;
