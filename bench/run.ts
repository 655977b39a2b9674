/**
 * `npm run bench` builds everything and runs every benchmark, then prints a summary; `npm run bench --
 * NAME…` runs only those (bundle, start, pgx, scale, api, push, instances, lighthouse, failure). PostgreSQL figures
 * need BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test; each bench makes its own
 * throwaway database). Exits non-zero when a budget or target is missed.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// @ts-expect-error plain ESM build script without types
import { INITIAL_JS_BUDGET_KIB, firstVisitBudgetKiB, measureBundle } from '../apps/web/scripts/bundle-size.mjs';
import { freePort } from '../apps/server/src/test/failure-kit';
import { failureEntry } from './failure';
import { benchPgxReport, pgxBudgetMet, printPgxBench, withPostgres } from './pgx-report';
import { benchApiLoad, printApiLoad } from './api-load';
import { benchInstances, printInstances } from './instances';
import { benchPush, printPush } from './push';
import { routeJs } from './route-js';
import { runScale } from './scale';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

/** What bench/lighthouse/lighthouse.ts exports (typed here: that folder is not part of the project's install or typecheck). */
interface LighthouseBench {
  benchLighthouse(): Promise<{ figures: Array<{ page: string; formFactor: string; score: number }>; loadAverage: number[] }>;
  printLighthouse(r: Awaited<ReturnType<LighthouseBench['benchLighthouse']>>): boolean;
}

/**
 * Lighthouse lives in a package of its own (bench/lighthouse, ~200 packages), installed here from its
 * own lock file the first time this bench runs, never by the project's `npm install`.
 */
async function loadLighthouseBench(): Promise<LighthouseBench> {
  const dir = path.join(ROOT, 'bench/lighthouse');
  if (!fs.existsSync(path.join(dir, 'node_modules/lighthouse/package.json'))) {
    console.log('Installing Lighthouse for this bench (bench/lighthouse, not part of the default install)...');
    execFileSync('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  }
  // Typechecked here, with Lighthouse's own types, since `npm run typecheck` runs without them.
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(dir, 'tsconfig.json')], { stdio: 'inherit' });
  const file = path.join(dir, 'lighthouse.ts');
  return (await import(pathToFileURL(file).href)) as LighthouseBench;
}

const SECTIONS = ['bundle', 'start', 'pgx', 'scale', 'api', 'push', 'instances', 'lighthouse', 'failure'] as const;
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const a of asked) if (!(SECTIONS as readonly string[]).includes(a)) throw new Error(`unknown bench ${a}; one of ${SECTIONS.join(', ')}`);
const want = (name: (typeof SECTIONS)[number]) => asked.length === 0 || asked.includes(name);
const summary: Array<{ bench: string; ok: boolean | null; note: string }> = [];
const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load average at start ${os
  .loadavg()
  .map((x) => x.toFixed(2))
  .join(' ')}`;
console.log(`Machine: ${machine}`);
if (!process.env.BENCH_DATABASE_URL) console.log('BENCH_DATABASE_URL is not set: the PostgreSQL figures are skipped.');

if (want('bundle')) {
  const dist = path.join(ROOT, 'apps/web/dist');
  const bundle = measureBundle(dist);
  console.log('Portal bundle (gzip)');
  console.log(
    `  initial JavaScript: ${bundle.initialJsKiB.toFixed(1)} KiB (budget ${INITIAL_JS_BUDGET_KIB} KiB) ${bundle.initialJsKiB <= INITIAL_JS_BUDGET_KIB ? 'OK' : 'OVER BUDGET'}`,
  );
  console.log(`  initial CSS:        ${bundle.initialCssKiB.toFixed(1)} KiB`);
  console.log('  largest lazy chunks:');
  for (const c of bundle.lazyChunks.slice(0, 8)) console.log(`    ${c.file.padEnd(44)} ${c.gzipKiB.toFixed(1)} KiB`);
  console.log('  every route, first visit (entry + preloaded chunks + lazy layouts and page with their static imports):');
  const over: string[] = [];
  for (const r of routeJs(dist, bundle.initialFiles)) {
    const budget = firstVisitBudgetKiB(r.path);
    if (r.totalKiB > budget) over.push(`${r.path} ${r.totalKiB.toFixed(1)} > ${budget}`);
    console.log(
      `    ${r.path.padEnd(58)} ${r.totalKiB.toFixed(1).padStart(6)} KiB (${r.beyondInitialKiB.toFixed(1)} KiB beyond the initial; target ${budget}) ${r.totalKiB <= budget ? 'OK' : 'OVER'}`,
    );
  }
  const ok = bundle.initialJsKiB <= INITIAL_JS_BUDGET_KIB && over.length === 0;
  summary.push({
    bench: 'bundle',
    ok,
    note: `initial JS ${bundle.initialJsKiB.toFixed(1)} KiB of ${INITIAL_JS_BUDGET_KIB}; first visit: / <= 150, every route <= 260 KiB${over.length ? `, over: ${over.join(', ')}` : ', all met'}`,
  });
}

if (want('start')) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  try {
    const first = await startToReady(dataDir);
    const warm = [await startToReady(dataDir), await startToReady(dataDir), await startToReady(dataDir)].sort((a, b) => a - b);
    console.log('Server start to ready (embedded PGlite)');
    console.log(`  first start (migrations + demo data): ${first.toFixed(0)} ms`);
    console.log(`  later starts, median of 3:            ${warm[1]!.toFixed(0)} ms`);
    summary.push({ bench: 'start', ok: null, note: `first ${first.toFixed(0)} ms, later ${warm[1]!.toFixed(0)} ms` });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (want('pgx')) {
  // Pharmaco reports: a filtered report query over 50,000 rows (p99 under 30 ms).
  const pgx = [await benchPgxReport()];
  if (process.env.BENCH_DATABASE_URL) pgx.push(await withPostgres(process.env.BENCH_DATABASE_URL, (url) => benchPgxReport({ url })));
  for (const r of pgx) printPgxBench(r);
  summary.push({ bench: 'pgx', ok: pgx.every(pgxBudgetMet), note: 'report query p99 < 30 ms' });
}

if (want('scale')) {
  // Sessions, journals and transactions lists: p99 at 100,000 sessions / 1,000,000 audit rows within 2x of 1,000.
  summary.push({ bench: 'scale', ok: await runScale(), note: 'list p99 ratio 100,000 / 1,000 sessions <= 2' });
}

if (want('api')) {
  // Hello-world reference, session-detail read, mixed workload; audit rows and chain checked afterwards.
  const r = await benchApiLoad();
  const ok = printApiLoad(r);
  const detail = r.figures.filter((f) => f.run.startsWith('session detail')).map((f) => `${f.database} ${f.rps.toFixed(0)} req/s p99 ${f.p99} ms`);
  summary.push({
    bench: 'api',
    ok,
    note: `${detail.join('; ')} (targets: PostgreSQL >= 3000 req/s p99 <= 20 ms, PGlite >= 1000; mixed on PostgreSQL >= 40% of the detail read, p99 <= 4 x p50, zero errors; WEB_CONCURRENCY=2 without errors, no throughput ratio since issue 35)`,
  });
}

if (want('push')) {
  // Live updates (issue 21): 1,000 idle streams, two processes on one PostgreSQL, the /sessions page in Chromium.
  const ok = printPush(await benchPush());
  summary.push({ bench: 'push', ok, note: ok === null ? 'skipped (needs BENCH_DATABASE_URL)' : 'idle streams, across processes, page p95 <= 1 s' });
}

if (want('instances')) {
  // Several instances (issue 35): one and two portal processes behind HAProxy, CPU per request against hello-world.
  const ok = printInstances(await benchInstances());
  summary.push({
    bench: 'instances',
    ok,
    note: ok === null ? 'skipped (needs BENCH_DATABASE_URL)' : 'server CPU per request, two instances within 1.25 x of one, zero errors',
  });
}

if (want('lighthouse')) {
  const { benchLighthouse, printLighthouse } = await loadLighthouseBench();
  const r = await benchLighthouse();
  const ok = printLighthouse(r);
  summary.push({ bench: 'lighthouse', ok, note: r.figures.map((f) => `${f.page} ${f.formFactor} ${f.score}`).join(', ') });
}

if (want('failure')) {
  // Failure (issue 9 part 4): PostgreSQL restarted under load, pool exhaustion, accept racing reject, two processes; its own throwaway cluster.
  const { ok } = await failureEntry();
  summary.push({ bench: 'failure', ok, note: ok === null ? 'skipped' : 'see above' });
}

console.log(
  `\nSummary (${machine}; load average at the end ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')})`,
);
for (const s of summary) console.log(`  ${s.bench.padEnd(11)} ${s.ok === null ? '--    ' : s.ok ? 'OK    ' : 'MISSED'}  ${s.note}`);
if (summary.some((s) => s.ok === false)) process.exitCode = 1;
