import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../apps/server/src/test/failure-kit';
import { startTestSmtp } from '../../apps/server/src/test/smtp';
import { patientCli } from '../support/api';
import { DEMO_PASSWORD } from '../support/browser';
import { createThrowawayDatabase } from '../support/database';

/**
 * Issue 23: a patient's request reaches the practitioner by e-mail exactly once when two server
 * processes (WEB_CONCURRENCY=2) share one PostgreSQL and both drain the outbox. PostgreSQL only: the
 * embedded PGlite is one process by nature (the server refuses WEB_CONCURRENCY there).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const admin = process.env.TEST_DATABASE_URL;

let child: ChildProcess | null = null;
let smtp: Awaited<ReturnType<typeof startTestSmtp>> | null = null;
let base = '';
let database: Awaited<ReturnType<typeof createThrowawayDatabase>> | null = null;
let output = '';

beforeAll(async () => {
  if (!admin) return;
  smtp = await startTestSmtp();

  database = await createThrowawayDatabase(admin, 'portal_e2e_mail');

  const port = await freePort();
  base = `http://localhost:${port}`;
  child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_ENV: 'local',
      PORT: String(port),
      HOST: '127.0.0.1',
      PORTAL_URL: base,
      DATABASE_URL: database.url,
      WEB_CONCURRENCY: '2',
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'info',
      SIGN_IN_ADDRESS_RATE_LIMIT: '1000',
      ADMIN_TOKEN: randomBytes(24).toString('base64url'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  // Ready once both server processes listen (the primary logs it with the count).
  const deadline = Date.now() + 90_000;
  while (!/"workers":2/.test(output)) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`two server processes did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
  }
  await smtp?.close();
  await database?.drop();
});

async function call<T>(method: string, pathname: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

describe.runIf(admin)('e-mail notifications with two server processes on one PostgreSQL', () => {
  it("a patient's requests each reach the practitioner's mailbox once, over SMTP", async () => {
    const token = (await call<{ accessToken: string }>('POST', '/sso/api/token', { email: 'thandi.nkosi@demo.test', password: DEMO_PASSWORD })).accessToken;
    const { results } = await call<{ results: Array<{ id: string; firstName: string; lastName: string }> }>(
      'GET',
      '/api/patient/practitioners/?search=Lovelace',
      undefined,
      token,
    );
    const ada = results.find((p) => p.lastName === 'Lovelace')!;
    expect(ada).toBeDefined();
    // Through the patient command (`npm run patient -- request`), as the issue has it: six patients, one
    // request each (one patient's burst folds into one mail by design, decision 023).
    const patients = ['thandi.nkosi', 'busisiwe.ndlovu', 'pieter.vanwyk', 'aisha.patel', 'johan.smit', 'emma.botha'];
    const ids: string[] = [];
    for (const [i, key] of patients.entries()) {
      const at = new Date(Date.now() + (2 + i / 10) * 86_400_000);
      at.setUTCSeconds(0, 0);
      const stdout = await patientCli(
        ['request', '--email', `${key}@demo.test`, '--password', DEMO_PASSWORD, '--practitioner', ada.id, '--at', at.toISOString()],
        base,
      );
      const id = /^Session ([0-9a-f-]{36}) requested/m.exec(stdout)?.[1];
      expect(id, stdout).toBeDefined();
      ids.push(id!);
    }
    const mine = () => smtp!.received.filter((m) => m.to === 'ada.lovelace@demo.test' && ids.some((id) => m.raw.includes(`/sessions/${id}`)));
    await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(ids.length);
    // Both processes have had rounds of their own since: still one mail per request.
    await new Promise((r) => setTimeout(r, 3_000));
    for (const id of ids)
      expect(
        mine().filter((m) => m.raw.includes(`/sessions/${id}`)),
        id,
      ).toHaveLength(1);
    expect(mine().every((m) => /^Subject: New session request from [A-Z][a-z]+ [A-Z]\.$/m.test(m.raw))).toBe(true);
    expect(output).not.toMatch(/thandi|busisiwe|pieter|aisha|johan|emma/i);
  });
});
