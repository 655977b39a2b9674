/**
 * Filtered pharmaco-report queries over 50,000 report rows in the database: the repository query
 * the API runs (quick and custom views), timed directly over many iterations. Embedded PGlite by
 * default; PostgreSQL too when BENCH_DATABASE_URL is set (a throwaway database is created there).
 *
 *   npx tsx bench/pgx-report.ts            (or as part of `npm run bench`)
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { kits, pgxCallSets, pgxKnowledgeBases } from '../apps/server/src/db/schema';
import { parseCalls } from '../apps/server/src/modules/pharmacogenomics/calls';
import { loadCatalogue, readPgxFile } from '../apps/server/src/modules/pharmacogenomics/catalogue';
import { shippedKnowledgeBase } from '../apps/server/src/modules/pharmacogenomics/knowledge-base';
import { buildReportRows } from '../apps/server/src/modules/pharmacogenomics/mapping';
import * as repo from '../apps/server/src/modules/pharmacogenomics/repository';

export const TARGET_ROWS = 50_000;
export const P99_BUDGET_MS = 30;

export interface PgxBenchResult {
  database: 'pglite' | 'postgres';
  rows: number;
  kits: number;
  seedMs: number;
  /** Wall-clock p50/p99 of each query; cpuP99 is the process's CPU time, which other load on the machine does not inflate. */
  queries: Array<{ name: string; iterations: number; p50: number; p99: number; max: number; cpuP99: number; meanRows: number }>;
  /** `select 1` through the same client, timed the same way: the reference the other figures are read against (this machine's speed moves several-fold between runs). */
  reference: { name: string; iterations: number; p50: number; p99: number; max: number; cpuP99: number; meanRows: number };
  /** One patient's report built from their calls with the whole knowledge base (in process, no database). */
  build: { name: string; iterations: number; p50: number; p99: number; max: number; cpuP99: number; meanRows: number };
  loadAverage: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function seed(database: Database) {
  const { db } = database;
  const catalogue = loadCatalogue();
  const kb = shippedKnowledgeBase();
  const { version, label, ...content } = kb;
  await db
    .insert(pgxKnowledgeBases)
    .values({ version, label, source: 'shipped', content, recommendationCount: kb.recommendations.length })
    .onConflictDoNothing();
  // The demo call sets in turn: four different reports of about 155 rows each.
  const sets = demoCallSets().map((calls) => ({ calls, rows: buildReportRows(kb, calls, catalogue) }));
  const kitIds: string[] = [];
  let total = 0;
  const run = randomBytes(3).toString('hex');
  for (let i = 0; total < TARGET_ROWS; i++) {
    const set = sets[i % sets.length]!;
    const [kit] = await db
      .insert(kits)
      .values({ sampleLabel: `BENCH-${run}-${i}`, status: 'results_available' })
      .returning({ id: kits.id });
    const [callSet] = await db
      .insert(pgxCallSets)
      .values({ kitId: kit!.id, calls: set.calls, callsTsv: '', synthetic: true })
      .returning({ id: pgxCallSets.id });
    const rows = set.rows.slice(0, TARGET_ROWS - total);
    await repo.insertReport(db, { kitId: kit!.id, kbVersion: version, callSetId: callSet!.id, status: 'current', digest: 'bench' }, rows);
    kitIds.push(kit!.id);
    total += rows.length;
  }
  return { kitIds, version, total };
}

function demoCallSets() {
  const catalogue = loadCatalogue();
  return [
    parseCalls(catalogue, readPgxFile('pharmcat/pharmcat.example.report.tsv'), readPgxFile('pharmcat/pharmcat.example.outsideCall.tsv')),
    parseCalls(catalogue, readPgxFile('pharmcat/pharmcat.example2.report.tsv')),
    parseCalls(catalogue, readPgxFile('demo/variation.calls.tsv'), readPgxFile('demo/variation.outsideCall.tsv')),
    parseCalls(catalogue, readPgxFile('demo/phenoconversion.calls.tsv'), readPgxFile('demo/phenoconversion.outsideCall.tsv')),
  ].map((s) => s.calls);
}

async function time(name: string, iterations: number, fn: (i: number) => Promise<number> | number, warmUp = 200) {
  for (let i = 0; i < warmUp; i++) await fn(i); // warm-up: caches, JIT, and the garbage of seeding collected
  const times: number[] = [];
  const cpu: number[] = [];
  let rows = 0;
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    rows += await fn(i);
    const used = process.cpuUsage(startCpu);
    times.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    name,
    iterations,
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    max: round(times[times.length - 1]!),
    cpuP99: round(percentile(cpu, 99)),
    meanRows: Math.round(rows / iterations),
  };
}

export async function benchPgxReport(opts: { url?: string; iterations?: number } = {}): Promise<PgxBenchResult> {
  const iterations = opts.iterations ?? 1000;
  const database = await openDatabase(opts.url ? { url: opts.url, poolSize: 4 } : { dataDir: 'memory://' });
  try {
    await database.migrate();
    const seedStart = performance.now();
    const { kitIds, version, total } = await seed(database);
    const seedMs = Math.round(performance.now() - seedStart);
    const db = database.db;
    const kit = (i: number) => kitIds[(i * 7919) % kitIds.length]!;
    const page = { limit: 100, offset: 0 };
    const none = { phenotypeCategory: [], specialtyPopulation: [], levelOfEvidence: [], diseasePhenotype: [], cpicGradedOnly: false };
    const reference = await time('reference: select 1', iterations, async () => (await db.execute(sql`select 1`), 1));
    /** One page of a report view's rows for a different patient each time. */
    const rows = (label: string, filters: Parameters<typeof repo.queryRows>[3]) =>
      time(label, iterations, async (i) => (await repo.queryRows(db, kit(i), version, filters, page)).rows.length);
    const quick = { category: [], class: [], name: '', taking: false, notCovered: false };
    const queries = [
      await rows('quick view: name CYP2C19', { quick: { ...quick, name: 'CYP2C19' } }),
      await rows('quick view: category and class', {
        quick: { ...quick, category: ['Nervous system'], class: ['Tricyclic antidepressant', 'Selective serotonin reuptake inhibitor (SSRI)'] },
      }),
      await rows('quick view: medicines taken', { quick: { ...quick, taking: true }, takingDrugs: ['clopidogrel', 'paroxetine', 'simvastatin'] }),
      await rows('custom: 3 variables', {
        custom: { ...none, phenotypeCategory: ['Toxicity', 'Dosage'], specialtyPopulation: ['General'], levelOfEvidence: [1, 2] },
      }),
      await time(
        'custom: diseases',
        iterations,
        async (i) =>
          (
            await repo.diseases(db, kit(i), version, {
              ...none,
              phenotypeCategory: ['Toxicity'],
              specialtyPopulation: ['General', 'not stated'],
              levelOfEvidence: [1],
            })
          ).length,
      ),
    ];
    const kb = shippedKnowledgeBase();
    const calls = demoCallSets();
    const build = await time('report build, one patient', 200, (i) => buildReportRows(kb, calls[i % calls.length]!, loadCatalogue()).length, 20);
    return {
      database: database.kind,
      rows: total,
      kits: kitIds.length,
      seedMs,
      reference,
      queries,
      build,
      loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
    };
  } finally {
    await database.close();
  }
}

export function printPgxBench(r: PgxBenchResult) {
  console.log(
    `Pharmaco report query (${r.database}, ${r.rows.toLocaleString('en')} report rows over ${r.kits} kits, seeded in ${r.seedMs} ms; load average ${r.loadAverage} on ${os.cpus().length} cores)`,
  );
  const ref = r.reference;
  const times = (p50: number) => `${(p50 / ref.p50).toFixed(1).padStart(5)}× ref`;
  console.log(
    `  ${ref.name.padEnd(32)} p50 ${ref.p50.toFixed(2).padStart(6)} ms  p99 ${ref.p99.toFixed(2).padStart(6)} ms  cpu p99 ${ref.cpuP99.toFixed(2)} ms`,
  );
  for (const q of r.queries) {
    const ok = q.p99 < P99_BUDGET_MS ? 'OK' : 'OVER BUDGET';
    console.log(
      `  ${q.name.padEnd(32)} p50 ${q.p50.toFixed(2).padStart(6)} ms (${times(q.p50)})  p99 ${q.p99.toFixed(2).padStart(6)} ms  (budget ${P99_BUDGET_MS} ms) ${ok}  cpu p99 ${q.cpuP99.toFixed(2)} ms  ${q.iterations} runs, ${q.meanRows} rows each`,
    );
  }
  const b = r.build;
  console.log(
    `  ${b.name.padEnd(32)} p50 ${b.p50.toFixed(2).padStart(6)} ms (${times(b.p50)})  p99 ${b.p99.toFixed(2).padStart(6)} ms  cpu p99 ${b.cpuP99.toFixed(2)} ms  ${b.iterations} builds, ${b.meanRows} rows each (${shippedKnowledgeBase().recommendations.length} CPIC rows)`,
  );
  if (r.loadAverage > os.cpus().length) console.log('  (the machine was busy with other work: wall-clock p99 includes waiting for a core)');
}

/** A throwaway PostgreSQL database for the run, dropped afterwards. */
export async function withPostgres<T>(adminUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `portal_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
}

export const pgxBudgetMet = (r: PgxBenchResult) => r.queries.every((q) => q.p99 < P99_BUDGET_MS);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = [await benchPgxReport()];
  if (process.env.BENCH_DATABASE_URL) results.push(await withPostgres(process.env.BENCH_DATABASE_URL, (url) => benchPgxReport({ url })));
  for (const r of results) printPgxBench(r);
  if (!results.every(pgxBudgetMet)) process.exitCode = 1;
}
