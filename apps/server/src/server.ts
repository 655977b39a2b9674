import { buildApp } from './app';
import { openDatabase } from './db/client';
import { loadDotEnv, loadEnv } from './env';
import { createLogger } from './logger';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo } from './modules/demo/seed';

const startedAt = performance.now();
loadDotEnv();
const env = loadEnv();
const logger = createLogger(env);

const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE });
await database.migrate();
const app = await buildApp({ env, database, logger });
if (env.demoData && (await isEmpty(database.db))) {
  await seedDemo(database.db);
  logger.info('seeded the demo data (synthetic accounts)');
}

await app.listen({ host: env.HOST, port: env.PORT });
const readyMs = Math.round(performance.now() - startedAt);
logger.info({ readyMs, database: database.kind }, 'ready');
const lines = [
  '',
  `  Practitioner portal: ${env.portalUrl}`,
  `  API docs:            ${env.portalUrl}/api/docs`,
  `  Database:            ${database.kind === 'pglite' ? `embedded PGlite in ${env.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`,
];
if (env.demoData) {
  lines.push(`  Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(26)} ${a.description}`);
  if (!env.production) lines.push(`  Dev mailbox:         ${env.portalUrl}/dev/mailbox`);
}
process.stdout.write(`${lines.join('\n')}\n\n`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  });
}
