import { openDatabase } from '../db/client';
import { loadDotEnv, loadEnv } from '../env';
import { createAudit } from '../modules/audit/service';
import { ensureReferenceData } from '../modules/demo/reference-data';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../modules/demo/seed';
import { BENCH_PASSWORD, benchPractitionerEmail, seedScale } from './seed-scale';

/**
 * `npm run seed`: the reference data and the demo accounts, on an empty or an existing database.
 * `npm run seed -- --scale N [--per-practitioner P]`: N synthetic sessions more, for benchmarks
 * (see seed-scale.ts).
 */
loadDotEnv();
const env = loadEnv();
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const n = Number(args[i + 1]);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`${name} needs a whole number above 0`);
    process.exit(1);
  }
  return n;
};
const scale = option('--scale');
const perPractitioner = option('--per-practitioner');

const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
});
try {
  await database.migrate();
  await ensureReferenceData({ database });
  if (scale) {
    const started = performance.now();
    const audit = createAudit(database.db, { key: env.AUDIT_KEY });
    const out = await seedScale(database.db, audit, {
      sessions: scale,
      perPractitioner,
      onProgress: (done) => process.stdout.write(`\r  ${done.toLocaleString('en')} of ${scale.toLocaleString('en')} sessions`),
    });
    process.stdout.write('\n');
    console.log(
      `Added ${out.sessions.toLocaleString('en')} synthetic sessions and ${out.auditRows.toLocaleString('en')} audit rows in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    console.log(`Bench practitioners ${benchPractitionerEmail(0)} and on, password ${BENCH_PASSWORD}.`);
  } else {
    await seedDemo(database.db);
    console.log(`Demo data is in place (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email}  ${a.description}`);
  }
} finally {
  await database.close();
}
