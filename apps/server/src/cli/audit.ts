import { openDatabase } from '../db/client';
import { loadDotEnv, loadEnv } from '../env';
import { createAudit } from '../modules/audit/service';

/** `npm run audit -- verify`: walks the audit trail's hash chain and says whether it is intact. */
loadDotEnv();
const env = loadEnv();
const [command] = process.argv.slice(2);
if (command !== 'verify') {
  console.log('Usage: npm run audit -- verify');
  process.exit(command ? 1 : 0);
}
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  const result = await createAudit(database.db, { key: env.AUDIT_KEY }).verify();
  if (result.ok) {
    console.log(`Audit trail intact: ${result.rows} rows verified.`);
  } else {
    console.error(`Audit trail BROKEN at row ${result.brokenAt}: ${result.reason} (${result.rows} rows before it verified).`);
    process.exitCode = 2;
  }
} finally {
  await database.close();
}
