import { openDatabase } from '../db/client';
import { loadDotEnv, loadEnv } from '../env';
import { ensureReferenceData } from '../modules/demo/reference-data';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../modules/demo/seed';

/** `npm run seed`: the reference data and the demo accounts, on an empty or an existing database. */
loadDotEnv();
const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await database.migrate();
  await ensureReferenceData({ database });
  await seedDemo(database.db);
  console.log(`Demo data is in place (password ${DEMO_PASSWORD}):`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email}  ${a.description}`);
} finally {
  await database.close();
}
