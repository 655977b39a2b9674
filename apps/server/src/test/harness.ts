import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import pino from 'pino';
import { inject } from 'vitest';
import type { TokenPair } from '@portal/contract';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { courseCertificates, courseTestAttempts, practitioners, results, users } from '../db/schema';
import { loadEnv, type Env } from '../env';
import type { computeResults } from '../modules/genetics';

export const TEST_PASSWORD = 'Test-password-1';
/** The admin API's bearer token in the tests that start their app with it (`createTestApp({ ADMIN_TOKEN })`). */
export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
export const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
/** A day in milliseconds, for the tests that book sessions and date fees and transactions ahead or back. */
export const DAY = 86_400_000;
let passwordHash: Promise<string> | null = null;

/**
 * One app per test file on its own database: in-memory PGlite by default, the run's PostgreSQL
 * database when TEST_DATABASE_URL is set. Data is made unique per test, never truncated.
 */
export async function createTestApp(envOverrides: Record<string, string> = {}, opts: { ownDatabase?: boolean } = {}) {
  // `ownDatabase`: an in-memory PGlite of its own, for data whose fixed unique keys (the demo's kit labels) another file may hold.
  const url = opts.ownDatabase ? undefined : inject('databaseUrl');
  const database: Database = await openDatabase(url ? { url, poolSize: 4 } : { dataDir: 'memory://' });
  await database.migrate();
  // Every test signs in from the one loopback address: the per-address limit is proven where it is set.
  const env: Env = loadEnv({ NODE_ENV: 'test', PORT: '3000', LOG_LEVEL: 'silent', SERVE_WEB: 'false', SIGN_IN_ADDRESS_RATE_LIMIT: '1000', ...envOverrides });
  const app = await buildApp({ env, database, logger: pino({ level: 'silent' }) });
  await app.ready();
  return {
    app,
    env,
    database,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export type Harness = Awaited<ReturnType<typeof createTestApp>>;

export const uniqueEmail = (label = 'user') => `${label}.${randomUUID().slice(0, 8)}@test.example`;

/**
 * A user straight in the database, signed in through the token service. An accepted practitioner
 * (status 2) has passed the course's test unless `testPassed: false`, so they are listed for patients.
 * `lastName` lets a test find its own users by name on a shared database (lists there hold every file's users).
 */
export async function createUser(
  h: Harness,
  opts: {
    email?: string;
    lastName?: string;
    role?: 'practitioner' | 'patient';
    practitionerStatus?: 1 | 2 | 3 | null;
    isActive?: boolean;
    testPassed?: boolean;
  } = {},
) {
  passwordHash ??= hash(TEST_PASSWORD);
  const email = opts.email ?? uniqueEmail();
  const [user] = await h.db
    .insert(users)
    .values({
      email,
      firstName: 'Test',
      lastName: opts.lastName ?? 'User',
      phoneNumber: '+27215550000',
      passwordHash: await passwordHash,
      role: opts.role ?? 'practitioner',
      isActive: opts.isActive ?? true,
    })
    .returning();
  if (opts.practitionerStatus) {
    const [p] = await h.db.insert(practitioners).values({ userId: user!.id, status: opts.practitionerStatus, categoryId: 2 }).returning();
    if (opts.testPassed ?? opts.practitionerStatus === 2) {
      const [attempt] = await h.db
        .insert(courseTestAttempts)
        .values({ practitionerId: p!.id, courseVersion: 1, answers: {}, correct: 1, total: 1, percent: 100, passed: true })
        .returning();
      await h.db.insert(courseCertificates).values({ practitionerId: p!.id, attemptId: attempt!.id, courseVersion: 1, percent: 100 });
    }
  }
  const tokens: TokenPair = await h.app.ctx.tokens.startSession(user!);
  return { user: user!, tokens, auth: { authorization: `Bearer ${tokens.accessToken}` } };
}
export type User = Awaited<ReturnType<typeof createUser>>;

/** A practitioner (accepted by default) with their practice id and email. */
export async function practice(h: Harness, status: 1 | 2 | 3 = 2) {
  const u = await createUser(h, { practitionerStatus: status });
  const id = (await h.app.inject({ url: '/api/portal/me/', headers: u.auth })).json().id as string;
  return { ...u, id, email: u.user.email };
}
export type Practice = Awaited<ReturnType<typeof practice>>;

/** A patient's session with the practice, accepted unless `accept: false`. */
export async function session(h: Harness, doc: Practice, opts: { accept?: boolean } = {}) {
  const patient = await createUser(h, { role: 'patient' });
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/patient/sessions/',
    headers: patient.auth,
    payload: {
      practitionerId: doc.id,
      bookingTime: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const id = res.json().id as string;
  if (opts.accept ?? true) {
    const ok = await h.app.inject({
      method: 'POST',
      url: `/api/portal/sessions/${id}/accept`,
      headers: doc.auth,
    });
    if (ok.statusCode !== 200) throw new Error(ok.body);
  }
  return { id, patient };
}

/** A kit's nutrigenomic results as the engine computed them, stored the way the lab's step stores them. */
export async function storeSwab(h: Harness, kitId: string, swab: ReturnType<typeof computeResults>) {
  const [row] = await h.db.insert(results).values({ kitId, title: swab.title, data: { swab }, engineVersion: swab.engineVersion }).returning();
  return row!;
}

/** The cookie the sign-on set, decoded. */
export function authCookie(h: Harness, setCookie: string | string[] | undefined): TokenPair | null {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const mine = all.find((c) => c.startsWith(`${h.env.cookieName}=`));
  if (!mine) return null;
  const value = decodeURIComponent(mine.slice(h.env.cookieName.length + 1).split(';')[0]!);
  return value ? (JSON.parse(value) as TokenPair) : null;
}

export function form(values: Record<string, string>) {
  return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(values).toString() };
}

/**
 * A sign-on form post as a browser sends it: the form page is fetched first (its CSRF token and
 * the cookie holding the token's secret), then posted with the sign-on's own Origin. `page` is
 * the address the form is drawn at (`/sso/sign-in`, `/sso/sign-up`, `/sso/sign-out?redirect=…`).
 */
export async function ssoForm(h: Harness, page: string, values: Record<string, string>, remoteAddress?: string) {
  const drawn = await h.app.inject({ url: page, ...(remoteAddress ? { remoteAddress } : {}) });
  const token = /name="_csrf" value="([^"]+)"/.exec(drawn.body)?.[1];
  const setCookie = [drawn.headers['set-cookie'] ?? []].flat();
  const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
  const posted = form({ ...values, ...(token ? { _csrf: token } : {}) });
  return {
    headers: { ...posted.headers, origin: new URL(h.env.ssoUrl).origin, ...(cookie ? { cookie } : {}) },
    payload: posted.payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  };
}
