import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authSessions, signingKeys, users } from '../../db/schema';
import { createUser, type Harness } from '../harness';
import { createSecurityApp } from './world';

/** Token forgeries, refresh rotation, idle and absolute session limits, deactivation. */
let h: Harness;
beforeAll(async () => {
  h = await createSecurityApp();
});
afterAll(() => h?.close());
afterEach(() => {
  vi.useRealTimers();
});

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
/** Practitioner routes a forged token is tried on: reads of the account, the practice and patient data. */
const TARGETS = ['/api/account/me/', '/api/portal/me/', '/api/portal/sessions', '/api/portal/journals', '/api/portal/sessions/counts'];

async function realKey() {
  const [row] = await h.db.select().from(signingKeys).limit(1);
  return {
    kid: row!.kid,
    key: await importJWK(row!.privateJwk as JWK, 'EdDSA'),
    publicJwk: row!.publicJwk as JWK,
  };
}

async function signWith(key: Parameters<SignJWT['sign']>[0], header: Record<string, unknown>, claims: JWTPayload) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', ...header } as {
      alg: string;
    })
    .sign(key);
}

const figures = { forged: 0, accepted: 0, kinds: 0 };

describe('forged tokens: all 401, none accepted', () => {
  it('alg none, a foreign key, wrong issuer or audience, expired, not yet valid, malformed, Basic, a patient token, after logout', async () => {
    const doc = await createUser(h, { practitionerStatus: 2 });
    const patient = await createUser(h, { role: 'patient' });
    const other = await createUser(h, { practitionerStatus: 2 });
    const { kid, key, publicJwk } = await realKey();
    const good = JSON.parse(Buffer.from(doc.tokens.accessToken.split('.')[1]!, 'base64url').toString()) as JWTPayload;
    const claims = (over: JWTPayload = {}): JWTPayload => ({
      ...good,
      iat: now(),
      exp: now() + 600,
      ...over,
    });
    const foreign = await generateKeyPair('EdDSA', {
      crv: 'Ed25519',
      extractable: true,
    });
    const [head, body, sig] = doc.tokens.accessToken.split('.');

    // The logged-out token: sign in, log out, keep the access token.
    const gone = await createUser(h, { practitionerStatus: 2 });
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/account/logout',
          payload: { token: gone.tokens.refreshToken },
        })
      ).statusCode,
    ).toBe(200);

    const forgeries: Record<string, string> = {
      'alg none': `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`,
      'alg none, no dot': `Bearer ${b64({ alg: 'none' })}.${b64(claims())}`,
      'foreign Ed25519 key, same kid': `Bearer ${await signWith(foreign.privateKey, { kid }, claims())}`,
      'foreign key, its own kid': `Bearer ${await signWith(foreign.privateKey, { kid: 'attacker' }, claims())}`,
      'HS256 with the public key as secret': `Bearer ${b64({ alg: 'HS256', typ: 'JWT', kid })}.${b64(claims())}.${createHmac(
        'sha256',
        JSON.stringify(publicJwk),
      )
        .update(`${b64({ alg: 'HS256', typ: 'JWT', kid })}.${b64(claims())}`)
        .digest('base64url')}`,
      'wrong issuer': `Bearer ${await signWith(key, { kid }, claims({ iss: 'https://evil.example/sso' }))}`,
      'wrong audience': `Bearer ${await signWith(key, { kid }, claims({ aud: 'another-app' }))}`,
      'no audience': `Bearer ${await signWith(key, { kid }, claims({ aud: undefined }))}`,
      expired: `Bearer ${await signWith(key, { kid }, claims({ iat: now() - 3600, exp: now() - 60 }))}`,
      'not yet valid (nbf)': `Bearer ${await signWith(key, { kid }, claims({ nbf: now() + 3600 }))}`,
      'issued in the future (iat)': `Bearer ${await signWith(key, { kid }, claims({ iat: now() + 3600, exp: now() + 7200 }))}`,
      'no expiry': `Bearer ${await signWith(key, { kid }, claims({ exp: undefined }))}`,
      'unknown session id': `Bearer ${await signWith(key, { kid }, claims({ sid: '00000000-0000-4000-8000-000000000000' }))}`,
      "another user's session id": `Bearer ${await signWith(key, { kid }, claims({ sid: JSON.parse(Buffer.from(other.tokens.accessToken.split('.')[1]!, 'base64url').toString()).sid }))}`,
      'unknown scope': `Bearer ${await signWith(key, { kid }, claims({ scope: 'admin' }))}`,
      'no subject': `Bearer ${await signWith(key, { kid }, claims({ sub: undefined }))}`,
      'tampered payload': `Bearer ${head}.${b64({ ...good, sub: other.user.id })}.${sig}`,
      'tampered signature': `Bearer ${head}.${body}.${sig!.slice(0, -4)}AAAA`,
      truncated: `Bearer ${doc.tokens.accessToken.slice(0, -10)}`,
      malformed: 'Bearer abc',
      'malformed three parts': 'Bearer aaaaaaaaaa.bbbbbbbbbb.cccccccccc',
      overlong: `Bearer ${'a'.repeat(5000)}`,
      'Basic scheme': `Basic ${Buffer.from(`${doc.user.email}:Test-password-1`).toString('base64')}`,
      'Basic with the token': `Basic ${doc.tokens.accessToken}`,
      'no scheme': doc.tokens.accessToken,
      'lower-case scheme and two spaces': `bearer  ${doc.tokens.accessToken}`,
      empty: '',
      'after logout': gone.auth.authorization!,
    };
    figures.kinds = Object.keys(forgeries).length;
    const accepted: string[] = [];
    for (const [kind, authorization] of Object.entries(forgeries)) {
      for (const url of TARGETS) {
        const res = await h.app.inject({
          url,
          headers: authorization ? { authorization } : {},
        });
        figures.forged += 1;
        if (res.statusCode !== 401 || !['400401', '400410'].includes(res.json().error?.code))
          accepted.push(`${kind} ${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    // A patient token on every practitioner route (everything under /api/portal is practitioner-only).
    for (const r of h.app.routeTable.filter((x) => x.url.startsWith('/api/portal/'))) {
      const url = r.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const payload = r.method === 'GET' ? {} : { payload: {} };
      // Public routes (a certificate's verification) answer without any token: not a practitioner route.
      if ((await h.app.inject({ method: r.method as 'GET', url, ...payload })).statusCode !== 401) continue;
      const res = await h.app.inject({
        method: r.method as 'GET',
        url,
        headers: patient.auth,
        ...payload,
      });
      figures.forged += 1;
      if (res.statusCode !== 401) accepted.push(`patient token ${r.method} ${r.url}: ${res.statusCode}`);
    }
    figures.accepted = accepted.length;
    expect(accepted).toEqual([]);
    // The genuine token still works: the 401s above are the forgeries', not a broken route.
    for (const url of TARGETS) expect((await h.app.inject({ url, headers: doc.auth })).statusCode, url).toBe(200);
  });

  afterAll(() => {
    console.info(`[security:tokens] ${JSON.stringify(figures)}`);
  });
});

const refresh = (token: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/account/refresh-token',
    payload: { token },
  });

/** GET /account/me/ with an access token as it came from sign-in or a refresh. */
const me = (accessToken: string) => h.app.inject({ url: '/api/account/me/', headers: { authorization: `Bearer ${accessToken}` } });

describe('refresh tokens', () => {
  it('are single use; reusing a spent one revokes the whole family', async () => {
    const u = await createUser(h, { practitionerStatus: 2 });
    const first = await refresh(u.tokens.refreshToken);
    expect(first.statusCode).toBe(200);
    const next = first.json() as { accessToken: string; refreshToken: string };
    expect((await me(next.accessToken)).statusCode).toBe(200);
    const reuse = await refresh(u.tokens.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('400410');
    // The family is revoked: the newer refresh token and every access token of the session stop.
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
    expect((await me(next.accessToken)).statusCode).toBe(401);
    expect((await h.app.inject({ url: '/api/account/me/', headers: u.auth })).statusCode).toBe(401);
    const [s] = await h.db.select().from(authSessions).where(eq(authSessions.userId, u.user.id));
    expect(s!.revokedReason).toBe('refresh token reused');
  });
});

describe('session limits (controllable clock)', () => {
  const MIN = 60_000;
  /** Stops the clock at `iso` (afterEach restarts it) and signs a practitioner in then. */
  async function signedInAt(iso: string) {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = new Date(iso).getTime();
    vi.setSystemTime(t0);
    return { t0, u: await createUser(h, { practitionerStatus: 2 }) };
  }

  it('idle 30 minutes: a session unused that long can no longer refresh', async () => {
    const { t0, u } = await signedInAt('2030-01-01T08:00:00Z');
    vi.setSystemTime(t0 + 29 * MIN);
    const ok = await refresh(u.tokens.refreshToken);
    expect(ok.statusCode).toBe(200);
    const pair = ok.json() as { accessToken: string; refreshToken: string };
    vi.setSystemTime(t0 + 29 * MIN + 30 * MIN);
    const late = await refresh(pair.refreshToken);
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('400410');
    const [s] = await h.db.select().from(authSessions).where(eq(authSessions.userId, u.user.id));
    expect(s!.revokedReason).toBe('idle timeout');
  });

  it('idle 30 minutes: a still-valid access token of an idle session is refused', async () => {
    const u = await createUser(h, { practitionerStatus: 2 });
    expect((await h.app.inject({ url: '/api/account/me/', headers: u.auth })).statusCode).toBe(200);
    // The access token is valid for 15 minutes; the session's last use is set 31 minutes back.
    await h.db
      .update(authSessions)
      .set({ lastUsedAt: new Date(Date.now() - 31 * MIN) })
      .where(eq(authSessions.userId, u.user.id));
    const res = await h.app.inject({
      url: '/api/account/me/',
      headers: u.auth,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('400410');
  });

  it('use keeps a session alive: requests touch it (at most once a minute), so 40 minutes of work stay signed in', async () => {
    const { t0, u } = await signedInAt('2030-02-01T08:00:00Z');
    let pair = u.tokens;
    for (let m = 10; m <= 40; m += 10) {
      vi.setSystemTime(t0 + m * MIN);
      if (m % 20 === 0) {
        const r = await refresh(pair.refreshToken);
        expect(r.statusCode, `refresh at ${m} min`).toBe(200);
        pair = r.json();
      }
      expect((await me(pair.accessToken)).statusCode, `at ${m} min`).toBe(200);
    }
  });

  it('absolute 12 hours: no refresh beyond 12 h from sign-in, however active', async () => {
    const { t0, u } = await signedInAt('2030-03-01T06:00:00Z');
    let pair = u.tokens;
    let refreshed = 0;
    for (let m = 14; m < 12 * 60; m += 14) {
      vi.setSystemTime(t0 + m * MIN);
      const r = await refresh(pair.refreshToken);
      expect(r.statusCode, `refresh at ${m} min`).toBe(200);
      pair = r.json();
      refreshed += 1;
    }
    expect(refreshed).toBeGreaterThan(45);
    vi.setSystemTime(t0 + 12 * 60 * MIN);
    const access = await me(pair.accessToken);
    expect(access.statusCode).toBe(401);
    const r = await refresh(pair.refreshToken);
    expect(r.statusCode).toBe(401);
    expect(r.json().error.code).toBe('400410');
  });

  it('the limits come from the environment with 30 minutes and 12 hours as defaults', () => {
    expect(h.env.SESSION_IDLE_MINUTES).toBe(30);
    expect(h.env.SESSION_ABSOLUTE_HOURS).toBe(12);
  });
});

describe('a deactivated account stops at once', () => {
  it('the next request with a still-valid access token answers 400409 User deactivated; refresh is refused', async () => {
    const u = await createUser(h, { practitionerStatus: 2 });
    expect((await h.app.inject({ url: '/api/portal/sessions', headers: u.auth })).statusCode).toBe(200);
    await h.db.update(users).set({ isActive: false }).where(eq(users.id, u.user.id));
    for (const url of ['/api/portal/sessions', '/api/account/me/', '/api/portal/me/']) {
      const res = await h.app.inject({ url, headers: u.auth });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toMatchObject({
        code: '400409',
        message: 'User deactivated',
      });
    }
    expect((await refresh(u.tokens.refreshToken)).statusCode).toBe(401);
  });
});
