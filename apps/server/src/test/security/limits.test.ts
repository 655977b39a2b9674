import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@portal/contract';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { loadEnv } from '../../env';
import { createUser, ssoForm, uniqueEmail, type Harness } from '../harness';
import { ID_ROUTES } from './fixtures';
import { apiRoutes, fillPath, openApi } from './routes';
import { ADMIN_TOKEN, buildPractice, createSecurityApp, tableDigest, type Practice } from './world';

/** Body size, page size, the database statement timeout, and rate limits with 429 and Retry-After. */
let h: Harness;
let A: Practice;

beforeAll(async () => {
  h = await createSecurityApp({ SIGN_IN_RATE_LIMIT: '3', SIGN_IN_ADDRESS_RATE_LIMIT: '6', AI_RATE_LIMIT: '2', FHIR_RATE_LIMIT: '2' });
  A = await buildPractice(h, 'A');
}, 120_000);
afterAll(() => h?.close());

describe('input limits', () => {
  it('a body over 1 MiB answers 413 with the catalogue body and changes nothing', async () => {
    const before = await tableDigest(h);
    for (const [method, url] of [
      ['PUT', '/api/account/me/'],
      ['PUT', `/api/portal/sessions/${A.sessionId}/journal`],
      ['POST', '/api/portal/me/addresses/'],
    ] as const) {
      const res = await h.app.inject({
        method,
        url,
        headers: { ...A.doc.auth, 'content-type': 'application/json' },
        payload: JSON.stringify({ description: 'x'.repeat(1_100_000) }),
      });
      expect(res.statusCode, url).toBe(413);
      expect(res.json(), url).toEqual({
        error: {
          message: 'Bad request',
          params: null,
          fieldErrors: null,
          code: '400400',
          cause: 'FST_ERR_CTP_BODY_TOO_LARGE',
        },
      });
    }
    expect(await tableDigest(h)).toEqual(before);
  });

  it('every paged list refuses limit > 100 (400) and accepts 100', async () => {
    const api = await openApi(h);
    const paged = apiRoutes(h).filter((r) => r.method === 'GET' && api.queryNames(r).includes('limit'));
    expect(paged.length).toBeGreaterThan(3);
    for (const r of paged) {
      const f = ID_ROUTES[r.key];
      const url = fillPath(r.url, f?.params?.(A) ?? {});
      const q = new URLSearchParams(f?.query ?? {});
      const headers = r.url.startsWith('/api/patient/')
        ? A.patient.auth
        : r.url.startsWith('/api/admin/')
          ? { authorization: `Bearer ${ADMIN_TOKEN}` }
          : A.doc.auth;
      q.set('limit', '101');
      const over = await h.app.inject({ url: `${url}?${q}`, headers });
      expect(over.statusCode, `${r.key} limit=101`).toBe(400);
      expect(over.json().error.fieldErrors, r.key).toHaveProperty('limit');
      q.set('limit', '100');
      expect((await h.app.inject({ url: `${url}?${q}`, headers })).statusCode, `${r.key} limit=100`).toBeLessThan(300);
    }
    console.info(`[security:limits] ${JSON.stringify({ pagedRoutes: paged.length })}`);
  });
});

describe('database statement timeout', () => {
  // PGlite (the default test database) runs in-process and has no statement timeout: this proof
  // needs PostgreSQL (TEST_DATABASE_URL), where the pool sets statement_timeout on every connection.
  const url = inject('databaseUrl');
  it.skipIf(!url)('a query longer than the timeout is cancelled and answers 503 with the catalogue body, not a hang', async () => {
    const database = await openDatabase({
      url: url!,
      poolSize: 2,
      statementTimeoutMs: 300,
    });
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
    });
    const app = await buildApp({
      env,
      database,
      logger: pino({ level: 'silent' }),
    });
    app.get('/api/test-slow', { config: { auth: 'public' } }, async () => {
      await database.db.execute(sql`select pg_sleep(5)`);
      return { done: true };
    });
    await app.ready();
    try {
      const started = Date.now();
      const res = await app.inject({ url: '/api/test-slow' });
      const ms = Date.now() - started;
      expect(ms).toBeLessThan(2_000);
      expect([500, 503]).toContain(res.statusCode);
      expect(res.json().error.code).toMatch(/^(503000|0)$/);
      expect(res.body).not.toMatch(/pg_sleep|statement timeout|canceling/i);
      console.info(`[security:limits] ${JSON.stringify({ statementTimeoutMs: 300, cancelledAfterMs: ms, status: res.statusCode })}`);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('rate limits: 429 with Retry-After', () => {
  const expect429 = (res: { statusCode: number; headers: Record<string, unknown>; body: string }, what: string) => {
    expect(res.statusCode, what).toBe(429);
    expect(Number(res.headers['retry-after']), `${what} Retry-After`).toBeGreaterThan(0);
  };

  it('sign-in (the form and the token API)', async () => {
    const email = uniqueEmail('limited');
    let res;
    for (let i = 0; i < 4; i++)
      res = await h.app.inject({
        method: 'POST',
        url: '/sso/sign-in',
        ...(await ssoForm(h, '/sso/sign-in', { email, password: 'Wrong-password-1' })),
      });
    expect429(res!, 'sign-in form');
    for (let i = 0; i < 4; i++)
      res = await h.app.inject({
        method: 'POST',
        url: '/sso/api/token',
        payload: { email, password: 'Wrong-password-1' },
      });
    expect429(res!, 'token API');
    expect(res!.json().error.code).toBe('400429');
  });

  it('sign-in: one budget per email, trimmed and lower-cased, shared by the form and the token API, from any address', async () => {
    const email = uniqueEmail('spelled');
    const spellings = [` ${email}`, `${email} `, email.toUpperCase(), `\t${email.replace(/^./, (c) => c.toUpperCase())}`, email];
    const answers: number[] = [];
    let last;
    for (const [i, spelled] of spellings.entries()) {
      const remoteAddress = `203.0.113.${10 + i}`;
      last =
        i % 2 === 0
          ? await h.app.inject({ method: 'POST', url: '/sso/api/token', payload: { email: spelled, password: 'Wrong-password-1' }, remoteAddress })
          : await h.app.inject({
              method: 'POST',
              url: '/sso/sign-in',
              ...(await ssoForm(h, '/sso/sign-in', { email: spelled, password: 'Wrong-password-1' }, remoteAddress)),
            });
      answers.push(last.statusCode);
    }
    // SIGN_IN_RATE_LIMIT is 3 here: three wrong passwords, then the limit, whatever the spelling or the door.
    expect(answers).toEqual([401, 401, 401, 429, 429]);
    expect429(last!, 'token API after the form');
    expect(last!.json().error).toMatchObject({ code: '400429', message: MESSAGES.tooManySignIns });
    const form = await h.app.inject({
      method: 'POST',
      url: '/sso/sign-in',
      ...(await ssoForm(h, '/sso/sign-in', { email, password: 'Wrong-password-1' }, '203.0.113.99')),
    });
    expect429(form, 'form');
    expect(form.body).toContain(MESSAGES.tooManySignIns);
  });

  it('sign-in: a limit per client address across emails (password spraying)', async () => {
    const remoteAddress = '198.51.100.42';
    const answers: number[] = [];
    let last;
    for (let i = 0; i < 8; i++) {
      last = await h.app.inject({
        method: 'POST',
        url: '/sso/api/token',
        payload: { email: uniqueEmail(`spray${i}`), password: 'Summer-2026!' },
        remoteAddress,
      });
      answers.push(last.statusCode);
    }
    // SIGN_IN_ADDRESS_RATE_LIMIT is 6 here.
    expect(answers).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    expect429(last!, 'token API');
    expect(last!.json().error).toMatchObject({ code: '400429', message: MESSAGES.tooManySignIns });
    // Another address is not held back by it.
    const other = await h.app.inject({
      method: 'POST',
      url: '/sso/api/token',
      payload: { email: uniqueEmail('other'), password: 'Summer-2026!' },
      remoteAddress: '198.51.100.43',
    });
    expect(other.statusCode).toBe(401);
  });

  it('refresh (/api/account/refresh-token)', async () => {
    let res;
    for (let i = 0; i < 61; i++)
      res = await h.app.inject({
        method: 'POST',
        url: '/api/account/refresh-token',
        payload: { token: `not-a-token-${i}-xxxxxxxxxxxx` },
        remoteAddress: '198.51.100.7',
      });
    expect429(res!, 'refresh');
    expect(res!.json().error.code).toBe('400429');
  });

  it('Ask AI (per practitioner)', async () => {
    const doc = await createUser(h, { practitionerStatus: 2 });
    let res;
    for (let i = 0; i < 3; i++)
      res = await h.app.inject({
        method: 'POST',
        url: `/api/portal/sessions/${A.sessionId}/ai/ask`,
        headers: doc.auth,
        payload: { preset: 'summary' },
      });
    expect429(res!, 'ask ai');
    expect(res!.json().error.code).toBe('400429');
  });

  it('the FHIR export (per practitioner)', async () => {
    const doc = await createUser(h, { practitionerStatus: 2 });
    let res;
    for (let i = 0; i < 3; i++) res = await h.app.inject({ url: `/api/portal/sessions/${A.sessionId}/fhir`, headers: doc.auth });
    expect429(res!, 'fhir export');
    expect(res!.json().error.code).toBe('400429');
  });
});
