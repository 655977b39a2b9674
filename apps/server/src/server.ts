import cluster from 'node:cluster';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { loadDotEnv, loadEnv } from './env';
import { createLogger } from './logger';
import { startNotificationWorker } from './modules/notifications/worker';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo } from './modules/demo/seed';

const startedAt = performance.now();
loadDotEnv();
let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (err) {
  // A configuration the server cannot run with (WEB_CONCURRENCY above 1 on PGlite, say): said plainly.
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
const logger = createLogger(env);

/** Migrations, the reference data (made by buildApp) and the demo data, before anything listens. */
async function prepare() {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE });
  await database.migrate();
  const app = await buildApp({ env, database, logger });
  if (env.demoData && (await isEmpty(database.db))) {
    await seedDemo(database.db);
    logger.info('seeded the demo data (synthetic accounts)');
  }
  return { database, app };
}

if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) await runPrimary();
else await runServer();

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only: loadEnv refuses it without DATABASE_URL): this process
 * prepares the database, then starts that many server processes sharing the port (node:cluster hands
 * connections out in turn), starts another when one dies, and stops them all on SIGINT / SIGTERM.
 * They share the database (the audit chain's lock, live updates by LISTEN/NOTIFY) and, with REDIS_URL,
 * the rate-limit counters.
 */
async function runPrimary() {
  const prepared = await prepare();
  await prepared.app.close();
  await prepared.database.close();
  let stopping = false;
  let listening = 0;
  const fork = () => cluster.fork({ PORTAL_WORKER: '1' });
  cluster.on('listening', () => {
    listening += 1;
    if (listening === env.WEB_CONCURRENCY) {
      logger.info({ readyMs: Math.round(performance.now() - startedAt), workers: env.WEB_CONCURRENCY, node: process.version }, 'ready');
      printBanner(`${env.WEB_CONCURRENCY} server processes`);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    logger.error({ worker: worker.id, code, signal }, 'a server process ended; starting another');
    setTimeout(fork, 1_000);
  });
  for (let i = 0; i < env.WEB_CONCURRENCY; i++) fork();
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal: sig }, 'shutting down the server processes');
      const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      let left = workers.length;
      if (left === 0) process.exit(0);
      for (const w of workers) {
        w.once('exit', () => {
          if (--left === 0) process.exit(0);
        });
        w.process.kill('SIGTERM');
      }
    });
  }
}

async function runServer() {
  // A worker's database was prepared by the primary.
  const { database, app } = cluster.isWorker ? await openApp() : await prepare();
  await app.listen({ host: env.HOST, port: env.PORT });
  // Every server process drains the outbox; the database decides which process sends what (decision 013).
  const worker = startNotificationWorker(app.ctx);
  if (!cluster.isWorker) {
    logger.info({ readyMs: Math.round(performance.now() - startedAt), database: database.kind, node: process.version }, 'ready');
    printBanner(database.kind === 'pglite' ? `embedded PGlite in ${env.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)');
  }

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      logger.info({ signal, drainMs: env.SHUTDOWN_DRAIN_MS }, 'shutting down');
      // /readyz answers 503 from now; requests are served as before until the proxy has taken this process out.
      app.ctx.lifecycle.draining = true;
      if (env.SHUTDOWN_DRAIN_MS > 0) await new Promise((r) => setTimeout(r, env.SHUTDOWN_DRAIN_MS));
      await worker.stop();
      // A connection busy when the listener closes (a request in flight, a live stream being ended) is kept
      // alive after its answer; closed as soon as it is idle rather than after the keep-alive timeout (72 s).
      const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
      await app.close();
      clearInterval(sweep);
      await database.close();
      process.exit(0);
    });
  }
}

async function openApp() {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE });
  return { database, app: await buildApp({ env, database, logger }) };
}

function printBanner(databaseText: string) {
  const lines = ['', `  Practitioner portal: ${env.portalUrl}`, `  API docs:            ${env.portalUrl}/api/docs`, `  Database:            ${databaseText}`];
  if (env.demoData) {
    lines.push(`  Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(26)} ${a.description}`);
    if (!env.production) lines.push(`  Dev mailbox:         ${env.portalUrl}/dev/mailbox`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}
