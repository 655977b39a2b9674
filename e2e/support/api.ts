import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { baseUrl, DEMO_PASSWORD } from './browser';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/** JSON call to the running portal, as the mobile app or a script would make it. */
export async function api<T = unknown>(method: string, pathname: string, opts: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}${pathname}`, {
    method,
    headers: { ...(opts.body ? { 'content-type': 'application/json' } : {}), ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

export async function tokenFor(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await api<{ accessToken: string }>('POST', '/sso/api/token', { body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return res.body.accessToken;
}

/** `npm run patient -- …` against the running portal; resolves with stdout, rejects with the CLI's message. */
export async function patientCli(args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/cli/patient.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, PORTAL_URL: baseUrl() },
  });
  return stdout;
}

let counter = 0;
/** A new synthetic patient account, made through the sign-on's patient API. */
export async function newPatient(firstName = 'Test') {
  const email = `e2e.patient.${Date.now()}.${counter++}@test.example`;
  const password = 'Patient-pass-1';
  await patientCli(['sign-up', '--email', email, '--password', password, '--first-name', firstName, '--last-name', 'Patient', '--phone', '+27215550000']);
  return { email, password };
}
