import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { loadEnv } from '../../env';
import { createLogger } from '../../logger';
import { form, type Harness } from '../harness';
import { ADMIN_TOKEN, buildPractice, type Practice } from './world';

/**
 * Database errors and failed requests that carry known patient strings (journal text, names, an
 * email, a phone number, an address, a search) leave none of them in the log: a failed query is
 * logged with its SQL but without its parameters or the database's row detail, and bodies, query
 * strings and headers stay out.
 */
const lines: string[] = [];
let database: Database;
let h: Harness;
let p: Practice;
/** Marks every patient string of this run; the probe constraints refuse rows that hold it. */
const MARK = `LOGPROBE${randomBytes(4).toString('hex')}`;
const secret = {
  journal: `Zanele ${MARK} carries a BRCA2 variant and takes warfarin`,
  firstName: `Zanele${MARK}`,
  lastName: `Mokoena${MARK}`,
  email: `zanele.${MARK.toLowerCase()}@patient.example`,
  phone: `+2782${String(Date.now()).slice(-7)}`,
  street: `17 ${MARK} Jacaranda Street`,
  search: `Thandeka${MARK}`,
};
const probes = [
  ['journal_entries', 'description'],
  ['users', 'first_name'],
  ['practitioner_addresses', 'street_address'],
] as const;
const constraint = (table: string) => `${table}_${MARK.toLowerCase()}_probe`;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const url = inject('databaseUrl');
  database = await openDatabase(url ? { url, poolSize: 2 } : { dataDir: 'memory://' });
  await database.migrate();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'trace',
    ADMIN_TOKEN,
    SERVE_WEB: 'false',
    AI_RATE_LIMIT: '1000',
    FHIR_RATE_LIMIT: '1000',
    SIGN_IN_RATE_LIMIT: '1000',
  });
  const app = await buildApp({ env, database, logger: createLogger(env, sink) });
  await app.ready();
  h = { app, env, database, db: database.db, close: async () => {} };
  p = await buildPractice(h, 'Log');
  // Rows holding this run's mark fail in the database itself (a check violation, whose detail
  // repeats the whole row). NOT VALID: existing rows, and other files' rows, are never checked.
  for (const [table, column] of probes) {
    await h.db.execute(sql.raw(`alter table "${table}" add constraint "${constraint(table)}" check ("${column}" not like '%${MARK}%') not valid`));
  }
}, 120_000);

afterAll(async () => {
  for (const [table] of probes) await h?.db.execute(sql.raw(`alter table "${table}" drop constraint if exists "${constraint(table)}"`));
  await h?.app.close();
  await database?.close();
});

/**
 * Makes the next query drizzle sends fail with `fail` (given the driver, to run a real failing
 * statement): the session's driver is swapped for a proxy whose next `query` is `fail`.
 */
function failNextQuery(fail: (driver: { query: (...args: unknown[]) => Promise<unknown> }) => Promise<unknown>) {
  const session = (h.db as unknown as { session: { client: object } }).session;
  const real = session.client as { query: (...args: unknown[]) => Promise<unknown> };
  let armed = true;
  session.client = new Proxy(real, {
    get(target, prop) {
      if (prop === 'query' && armed) {
        armed = false;
        return () => fail(target);
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return () => void (session.client = real);
}

describe('no patient data in the log', () => {
  it('failing queries (500 and 503) and refused requests log the SQL and the request id, never a parameter, a row or what was typed', async () => {
    const auth = { ...p.doc.auth };
    const json = { ...auth, 'content-type': 'application/json' };
    const statuses: Record<string, number> = {};
    const send = async (what: string, opts: InjectOptions) => {
      statuses[what] = (await h.app.inject(opts)).statusCode;
    };

    // Writes the database refuses (check violations): the parameters and the failing row hold the secrets.
    await send('journal', { method: 'PUT', url: `/api/portal/sessions/${p.sessionId}/journal`, headers: json, payload: { description: secret.journal } });
    await send('account', {
      method: 'PUT',
      url: '/api/account/me/',
      headers: json,
      payload: { firstName: secret.firstName, lastName: secret.lastName, phoneNumber: secret.phone },
    });
    await send('address', {
      method: 'POST',
      url: '/api/portal/me/addresses/',
      headers: json,
      payload: { streetAddress: secret.street, suburb: 'Gardens', city: 'Cape Town', state: 'Western Cape', postalCode: '8001', countryCode: 'ZA' },
    });

    // A search whose query fails in the database: the error the database really gives for the
    // search term (its message quotes the value), wrapped by drizzle with the real SQL and parameters.
    let restore = failNextQuery((driver) => driver.query('select $1::uuid as id', [`%${secret.search}%`]));
    await send('search', { url: `/api/portal/sessions?search=${encodeURIComponent(secret.search)}`, headers: auth });
    restore();
    // The same search while the database cancels statements: a 503, logged as a warning.
    restore = failNextQuery(() => Promise.reject(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })));
    await send('search-timeout', { url: `/api/portal/sessions?search=${encodeURIComponent(secret.search)}`, headers: auth });
    restore();

    // Refused requests carrying the secrets in the body, the query and headers.
    await send('unknown field', {
      method: 'PUT',
      url: '/api/account/me/',
      headers: json,
      payload: { firstName: secret.firstName, email: secret.email, bogus: 1 },
    });
    await send('bad json', { method: 'PUT', url: `/api/portal/sessions/${p.sessionId}/journal`, headers: json, payload: `{"description": "${secret.journal}` });
    await send('nul', {
      method: 'PUT',
      url: `/api/portal/sessions/${p.sessionId}/journal`,
      headers: json,
      payload: { description: `${secret.journal}\u0000` },
    });
    await send('bad query', {
      url: `/api/portal/sessions?search=${encodeURIComponent(secret.search)}&bogus=${encodeURIComponent(secret.email)}`,
      headers: auth,
    });
    await send('too large', {
      method: 'PUT',
      url: '/api/account/me/',
      headers: json,
      payload: JSON.stringify({ firstName: secret.firstName, lastName: 'x'.repeat(1_100_000) }),
    });
    await send('no token', {
      url: `/api/portal/sessions?search=${encodeURIComponent(secret.search)}`,
      headers: { 'x-patient': secret.firstName, referer: `https://portal.example/sessions?search=${secret.search}`, cookie: `note=${secret.lastName}` },
    });
    await send('sign-in', { method: 'POST', url: '/sso/api/token', payload: { email: secret.email, password: `${secret.lastName}-Aa1` } });
    await send('sign-in form', { method: 'POST', url: '/sso/sign-in', ...form({ email: secret.email, password: `${secret.lastName}-Aa1` }) });

    expect(statuses).toMatchObject({ journal: 500, account: 500, address: 500, search: 500, 'search-timeout': 503 });
    for (const what of ['unknown field', 'bad json', 'nul', 'bad query', 'too large', 'no token', 'sign-in', 'sign-in form']) {
      expect(statuses[what], what).toBeGreaterThanOrEqual(400);
      expect(statuses[what], what).toBeLessThan(500);
    }

    const text = lines.join('');
    // Nothing the patient or practitioner typed, nor the row the database quoted back …
    const found = Object.entries(secret).filter(([, v]) => text.includes(v) || text.includes(encodeURIComponent(v)));
    expect(found.map(([k]) => k)).toEqual([]);
    expect(text).not.toContain(MARK);
    expect(text).not.toMatch(/Failing row contains|params: /);
    // … yet the errors were logged, with what a developer needs: the SQL and the database's code.
    expect(text.match(/"msg":"unhandled error"/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
    expect(text).toContain('"msg":"database unavailable"');
    expect(text).toContain('journal_entries');
    expect(text).toContain('update \\"users\\"');
    expect(text).toContain('23514');
    expect(text).toContain('22P02');
    console.info(`[security:logs] ${JSON.stringify({ lines: lines.length, requests: Object.keys(statuses).length, statuses })}`);
  }, 120_000);
});
