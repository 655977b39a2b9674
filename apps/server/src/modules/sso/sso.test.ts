import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { authCookie, createTestApp, createUser, ssoForm, TEST_PASSWORD, uniqueEmail, type Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp({ SIGN_IN_RATE_LIMIT: '5' });
});
afterAll(() => h.close());

const signUpValues = (email: string) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  phoneNumber: '+27 21 555 0199',
  password: 'Sup3r-secret',
  confirmPassword: 'Sup3r-secret',
});

describe('sign in', () => {
  it('sets the token cookie and redirects to an allowed portal address', async () => {
    const { user } = await createUser(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/sso/sign-in',
      ...(await ssoForm(h, '/sso/sign-in', { email: user.email, password: TEST_PASSWORD, redirect: 'http://localhost:3000/sessions' })),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://localhost:3000/sessions');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^portal_auth_local=/);
    expect(setCookie).toContain('Max-Age=2592000');
    expect(setCookie).toContain('SameSite=Lax');
    const pair = authCookie(h, res.headers['set-cookie']);
    const me = await h.app.inject({ url: '/api/account/me/', headers: { authorization: `Bearer ${pair!.accessToken}` } });
    expect(me.json().email).toBe(user.email);
  });

  it('signs in with the email in any case', async () => {
    const { user } = await createUser(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/sso/sign-in',
      ...(await ssoForm(h, '/sso/sign-in', { email: user.email.toUpperCase(), password: TEST_PASSWORD })),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://localhost:3000/');
  });

  it('answers a wrong password and an unknown email with the same message', async () => {
    const { user } = await createUser(h);
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/sso/sign-in',
      ...(await ssoForm(h, '/sso/sign-in', { email: user.email, password: 'Nope-nope-1' })),
    });
    const unknown = await h.app.inject({
      method: 'POST',
      url: '/sso/sign-in',
      ...(await ssoForm(h, '/sso/sign-in', { email: uniqueEmail('ghost'), password: 'Nope-nope-1' })),
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toContain('The email or password is not correct');
    expect(unknown.body).toContain('The email or password is not correct');
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an open redirect and signs nobody in', async () => {
    const { user } = await createUser(h);
    for (const redirect of ['https://evil.example/x', '//evil.example', 'javascript:alert(1)', 'http://localhost:3001/']) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/sso/sign-in',
        ...(await ssoForm(h, '/sso/sign-in', { email: user.email, password: TEST_PASSWORD, redirect })),
      });
      expect(res.statusCode, redirect).toBe(400);
      expect(res.body).toContain('This redirect address is not allowed');
      expect(res.headers['set-cookie']).toBeUndefined();
      const page = await h.app.inject({ url: `/sso/sign-in?redirect=${encodeURIComponent(redirect)}` });
      expect(page.statusCode).toBe(400);
    }
  });

  it('stops a deactivated account', async () => {
    const { user } = await createUser(h, { isActive: false });
    const res = await h.app.inject({
      method: 'POST',
      url: '/sso/sign-in',
      ...(await ssoForm(h, '/sso/sign-in', { email: user.email, password: TEST_PASSWORD })),
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('User deactivated');
  });

  it('is rate-limited per address and email', async () => {
    const email = uniqueEmail('brute');
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await h.app.inject({ method: 'POST', url: '/sso/sign-in', ...(await ssoForm(h, '/sso/sign-in', { email, password: `Wrong-${i}aA` })) });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes[5]).toBe(429);
    const limited = await h.app.inject({ method: 'POST', url: '/sso/sign-in', ...(await ssoForm(h, '/sso/sign-in', { email, password: 'x' })) });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body).toContain('Too many sign-in attempts');
  });

  it('serves the sign-in and sign-up pages with labelled fields', async () => {
    const res = await h.app.inject({ url: '/sso/sign-in?redirect=http%3A%2F%2Flocalhost%3A3000%2Fsummary' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<label for="f-email">Email</label>');
    expect(res.body).toContain('value="http://localhost:3000/summary"');
    const up = await h.app.inject({ url: '/sso/sign-up' });
    expect(up.body).toContain('Confirm password');
  });
});

describe('create account', () => {
  it('creates the account with an argon2 hash and signs in', async () => {
    const email = uniqueEmail('grace');
    const res = await h.app.inject({ method: 'POST', url: '/sso/sign-up', ...(await ssoForm(h, '/sso/sign-up', signUpValues(email))) });
    expect(res.statusCode).toBe(303);
    const pair = authCookie(h, res.headers['set-cookie']);
    expect(pair?.refreshToken).toBeTruthy();
    const [row] = await h.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.phoneNumber).toBe('+27215550199');
  });

  it('shows the SPEC messages for a weak password and keeps what was typed', async () => {
    const email = uniqueEmail('weak');
    const res = await h.app.inject({
      method: 'POST',
      url: '/sso/sign-up',
      ...(await ssoForm(h, '/sso/sign-up', { ...signUpValues(email), password: 'short', confirmPassword: 'short' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('At least one uppercase letter is required');
    expect(res.body).toContain(`value="${email}"`);
    expect(res.body).not.toContain('value="short"');
    expect(await h.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('requires the confirmation to match', async () => {
    const email = uniqueEmail('nomatch');
    const res = await h.app.inject({
      method: 'POST',
      url: '/sso/sign-up',
      ...(await ssoForm(h, '/sso/sign-up', { ...signUpValues(email), confirmPassword: 'Sup3r-secreT' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Has to be same');
  });

  it('while the database cannot be reached: 503 with Retry-After, the form drawn again with what was typed (no password), nothing created', async () => {
    const email = uniqueEmail('outage');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const insert = vi.spyOn(h.db, 'insert').mockImplementationOnce(() => {
      throw refused;
    });
    try {
      const res = await h.app.inject({ method: 'POST', url: '/sso/sign-up', ...(await ssoForm(h, '/sso/sign-up', signUpValues(email))) });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toContain('The service is temporarily unavailable, please try again shortly');
      expect(res.body).toContain(`value="${email}"`);
      expect(res.body).toContain('value="Grace"');
      expect(res.body).not.toContain('Sup3r-secret');
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      insert.mockRestore();
    }
    expect(await h.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('answers an email already taken with 409000 and creates nothing', async () => {
    const { user } = await createUser(h);
    const res = await h.app.inject({ method: 'POST', url: '/sso/sign-up', ...(await ssoForm(h, '/sso/sign-up', signUpValues(user.email.toUpperCase()))) });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('Email already taken');
  });
});

describe('sign out and keys', () => {
  it('revokes the session, clears the cookie and redirects only to an allowed address', async () => {
    const { tokens, auth } = await createUser(h);
    const cookie = `${h.env.cookieName}=${encodeURIComponent(JSON.stringify(tokens))}`;
    const f = await ssoForm(h, '/sso/sign-out?redirect=http%3A%2F%2Flocalhost%3A3000%2F', { redirect: 'http://localhost:3000/' });
    const res = await h.app.inject({ method: 'POST', url: '/sso/sign-out', ...f, headers: { ...f.headers, cookie: `${f.headers.cookie}; ${cookie}` } });
    expect(res.statusCode).toBe(303);
    expect(String(res.headers['set-cookie'])).toMatch(/portal_auth_local=;/);
    expect((await h.app.inject({ url: '/api/account/me/', headers: auth })).statusCode).toBe(401);
  });

  it('publishes the public key only', async () => {
    const res = await h.app.inject({ url: '/sso/.well-known/jwks.json' });
    const [key] = res.json().keys;
    expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(key.d).toBeUndefined();
  });
});
