import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { createTestApp, uniqueEmail, type Harness } from '../harness';

/**
 * TRUST_PROXY: which X-Forwarded-For entries the server believes. The client address counts for the
 * per-address sign-in limit and is written into the audit trail, so a client must not choose it by
 * sending the header itself: behind a proxy that appends (HAProxy's `option forwardfor`, nginx's
 * `$proxy_add_x_forwarded_for`), the address is the entry the trusted proxy added, not the leftmost.
 */
let h: Harness;

beforeAll(async () => {
  h = await createTestApp({ TRUST_PROXY: 'loopback', SIGN_IN_ADDRESS_RATE_LIMIT: '3' });
}, 60_000);
afterAll(() => h?.close());

const signIn = (remoteAddress: string, forwardedFor: string) =>
  h.app.inject({
    method: 'POST',
    url: '/sso/api/token',
    payload: { email: uniqueEmail('spray'), password: 'Summer-2026!' },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('the client address behind a proxy', () => {
  it('is the address the trusted proxy appended, whatever the client wrote before it', async () => {
    const answers: number[] = [];
    // Each attempt claims another address; the proxy on 127.0.0.1 appended the one it saw.
    for (let i = 1; i <= 4; i++) answers.push((await signIn('127.0.0.1', `203.0.113.${i}, 198.51.100.9`)).statusCode);
    expect(answers).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy is not held back.
    expect((await signIn('127.0.0.1', '203.0.113.1, 198.51.100.10')).statusCode).toBe(401);
  });

  it('is the connection’s own address when the header does not come from a trusted proxy', async () => {
    const answers: number[] = [];
    for (let i = 1; i <= 4; i++) answers.push((await signIn('198.51.100.50', `10.0.0.${i}`)).statusCode);
    expect(answers).toEqual([401, 401, 401, 429]);
  });
});

describe('TRUST_PROXY', () => {
  const production = {
    APP_ENV: 'production',
    DATABASE_URL: 'postgres://db/portal',
    AUDIT_KEY: 'a'.repeat(32),
    SMTP_URL: 'smtp://relay:25',
    MAIL_FROM: 'Portal <no-reply@provider.co.za>',
  };

  it('believes a proxy on the machine or a private network in production, none elsewhere, never every one', () => {
    expect(loadEnv(production).trustProxy).toEqual(['loopback', 'uniquelocal']);
    expect(loadEnv({}).trustProxy).toBe(false);
    expect(loadEnv({ ...production, TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,fd00::/8' }).trustProxy).toEqual(['10.0.0.5', '192.168.0.0/16', 'fd00::/8']);
    expect(loadEnv({ ...production, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('refuses what is not an address, a range or a name, saying so', () => {
    for (const value of ['true', '*', '10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/1', ' , ']) {
      expect(() => loadEnv({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: addresses, CIDR ranges or loopback, linklocal, uniquelocal, comma-separated, or false/,
      );
    }
  });
});
