import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { unauthenticated } from '../../lib/errors';

/**
 * The provider's staff authenticate apart from practitioners: a long random token, sent as
 * `Authorization: Bearer`, compared in constant time. It is not a JWT, so it opens no practitioner
 * route, and no practitioner token opens an admin route.
 *
 * ADMIN_TOKEN sets it. Without it, outside production, the token is generated once and kept in
 * DATA_DIR/admin-token (readable by the owner only), where `npm run admin` finds it too; in
 * production without ADMIN_TOKEN the admin API refuses every call.
 */
export const ADMIN_TOKEN_FILE = 'admin-token';

export function adminTokenPath(dataDir: string) {
  return path.join(dataDir, ADMIN_TOKEN_FILE);
}

/** Reads the stored local token, creating it first if there is none (whoever creates it first wins). */
export function readOrCreateLocalToken(dataDir: string): string {
  const file = adminTokenPath(dataDir);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 24) return existing;
  } catch {
    // not there yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  try {
    fs.writeFileSync(file, `${token}\n`, { flag: 'wx', mode: 0o600 });
    return token;
  } catch {
    // Another process wrote it meanwhile: use theirs.
    return fs.readFileSync(file, 'utf8').trim();
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export function createAdminCheck(opts: { token?: string; production: boolean; dataDir: string; log: FastifyBaseLogger }) {
  let expected: Buffer | null | undefined;
  const resolve = () => {
    if (expected !== undefined) return expected;
    if (opts.token) expected = digest(opts.token);
    else if (opts.production) {
      opts.log.warn('ADMIN_TOKEN is not set: the admin API refuses every call');
      expected = null;
    } else {
      expected = digest(readOrCreateLocalToken(opts.dataDir));
      opts.log.info({ file: adminTokenPath(opts.dataDir) }, 'admin token for local use is kept in this file');
    }
    return expected;
  };

  return async function checkAdmin(request: FastifyRequest) {
    const match = request.headers.authorization?.match(/^Bearer ([\x21-\x7e]{1,512})$/);
    if (!match) throw unauthenticated();
    const want = resolve();
    // Digests of equal length, so the comparison takes the same time whatever was sent.
    if (!want || !timingSafeEqual(digest(match[1]!), want)) throw unauthenticated('The admin token is not valid');
  };
}

const checks = new WeakMap<AppContext, ReturnType<typeof createAdminCheck>>();

/**
 * The admin check as the app is configured, for the admin routes of every module: one per app, so
 * the token is read (and where it is kept, or that it is missing, logged) once, not once per module.
 */
export function adminCheckFor(ctx: AppContext) {
  let check = checks.get(ctx);
  if (!check) {
    check = createAdminCheck({ token: ctx.env.ADMIN_TOKEN, production: ctx.env.production, dataDir: ctx.env.DATA_DIR, log: ctx.log });
    checks.set(ctx, check);
  }
  return check;
}
