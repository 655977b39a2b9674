import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../apps/server/src/test/failure-kit';
import { createThrowawayDatabase } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The admin API's token of this server (npm run admin). */
    adminToken: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts the built portal exactly as `npm start` does (demo data on an empty database), on a free
 * port with a database of its own: a fresh PGlite folder, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const serverFile = path.join(ROOT, 'apps/server/dist/server.js');
  if (!fs.existsSync(serverFile) || !fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('The portal is not built: run `npm run build` first (npm test does).');
  }
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const adminToken = randomBytes(24).toString('base64url');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    APP_ENV: 'local',
    PORT: String(port),
    HOST: '127.0.0.1',
    PORTAL_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SIGN_IN_RATE_LIMIT: '100',
    // Every journey signs in from this one address.
    SIGN_IN_ADDRESS_RATE_LIMIT: '1000',
    // Journeys make many session requests as a few patients (decision 023).
    SESSION_REQUEST_PENDING_LIMIT: '1000',
    SESSION_REQUEST_DAILY_LIMIT: '1000',
    ADMIN_TOKEN: adminToken,
  };
  let dropDb: (() => Promise<void>) | null = null;
  if (process.env.TEST_DATABASE_URL) {
    const database = await createThrowawayDatabase(process.env.TEST_DATABASE_URL, 'portal_e2e');
    env.DATABASE_URL = database.url;
    dropDb = database.drop;
  }

  const child: ChildProcess = spawn(process.execPath, [serverFile], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('adminToken', adminToken);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    if (dropDb) await dropDb();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
