import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { authCookie, createUser, form, ssoForm, TEST_PASSWORD, uniqueEmail, type Harness } from '../harness';
import { ADMIN_TOKEN, createSecurityApp } from './world';

/**
 * The sign-on's forms against cross-site requests (login CSRF: another website signing a
 * practitioner into the attacker's account), sign-out by POST only, its JSON endpoints taking JSON
 * only, and the dev mailbox only on this machine or with the admin token.
 */
let h: Harness;
let prod: Harness;
beforeAll(async () => {
  h = await createSecurityApp();
  // Production settings (the harness opens the test database itself; this URL is never used).
  prod = await createSecurityApp({
    APP_ENV: 'production',
    DATABASE_URL: 'postgres://unused.invalid/portal',
    AUDIT_KEY: 'a-production-audit-key-0123456789',
    SMTP_URL: 'smtp://unused.invalid:25',
    MAIL_FROM: 'Practitioner Portal <no-reply@portal.example.com>',
  });
}, 120_000);
afterAll(async () => {
  await Promise.all([h?.close(), prod?.close()]);
});

const REFUSED = 'This form has expired or was sent from another site. Please try again.';
const figures: Record<string, number> = {};
const count = (what: string) => (figures[what] = (figures[what] ?? 0) + 1);

/** Whether an answer signed anybody in: the auth cookie set, or a redirect into the portal. */
const signedIn = (res: { statusCode: number; headers: Record<string, unknown> }) =>
  Boolean(authCookie(h, res.headers['set-cookie'] as string[] | undefined)) || res.statusCode === 303;

describe('login CSRF: every state-changing POST of /sso needs its token and its own Origin', () => {
  const signUpValues = (email: string) => ({
    firstName: 'Mallory',
    lastName: 'Attacker',
    email,
    phoneNumber: '+27215550100',
    password: 'Attacker-pass-1',
    confirmPassword: 'Attacker-pass-1',
  });

  it('a cross-site post of the attacker’s credentials signs nobody in (no token, a foreign or null Origin, a token of another cookie)', async () => {
    const { user } = await createUser(h);
    const values = { email: user.email, password: TEST_PASSWORD, redirect: 'http://localhost:3000/summary' };
    const own = await ssoForm(h, '/sso/sign-in', values);
    const other = await ssoForm(h, '/sso/sign-in', values);
    const attempts: Record<string, { headers: Record<string, string>; payload: string }> = {
      'no token, no cookie, foreign Origin': { ...form(values), headers: { ...form(values).headers, origin: 'https://evil.example' } },
      'no token, no cookie, no Origin': form(values),
      'valid token and cookie, foreign Origin': { ...own, headers: { ...own.headers, origin: 'https://evil.example' } },
      'valid token and cookie, Origin null': { ...own, headers: { ...own.headers, origin: 'null' } },
      'valid token and cookie, foreign Referer and no Origin': {
        ...own,
        headers: { ...Object.fromEntries(Object.entries(own.headers).filter(([k]) => k !== 'origin')), referer: 'https://evil.example/login.html' },
      },
      'own Origin, token without its cookie': { ...own, headers: Object.fromEntries(Object.entries(own.headers).filter(([k]) => k !== 'cookie')) },
      'own Origin, token of another cookie': { ...own, headers: { ...own.headers, cookie: other.headers.cookie! } },
      'own Origin and cookie, no token': { ...own, payload: new URLSearchParams(values).toString() },
    };
    for (const [what, attempt] of Object.entries(attempts)) {
      const res = await h.app.inject({ method: 'POST', url: '/sso/sign-in', ...attempt });
      count('sign-in refused');
      expect(res.statusCode, what).toBe(403);
      expect(signedIn(res), what).toBe(false);
      expect(res.body, what).toContain(REFUSED);
      // The form comes back with what was typed (never the password) and a fresh token, so a real user just sends it again.
      expect(res.body, what).toContain(`value="${user.email}"`);
      expect(res.body, what).not.toContain(TEST_PASSWORD);
      expect(res.body, what).toMatch(/name="_csrf" value="[^"]+"/);
    }
    // The same form from the sign-on's own page: signed in.
    const ok = await h.app.inject({ method: 'POST', url: '/sso/sign-in', ...own });
    expect(ok.statusCode).toBe(303);
    expect(authCookie(h, ok.headers['set-cookie'])?.accessToken).toBeTruthy();
    // A browser that sends no Origin but a Referer of the sign-on itself is let through too.
    const viaReferer = await ssoForm(h, '/sso/sign-in', values);
    const { origin: _o, ...noOrigin } = viaReferer.headers;
    const byReferer = await h.app.inject({
      method: 'POST',
      url: '/sso/sign-in',
      ...viaReferer,
      headers: { ...noOrigin, referer: 'http://localhost:3000/sso/sign-in' },
    });
    expect(byReferer.statusCode).toBe(303);
  });

  it('a cross-site sign-up creates no account and signs nobody in', async () => {
    for (const [what, make] of [
      [
        'no token',
        async (email: string) => ({ ...form(signUpValues(email)), headers: { ...form(signUpValues(email)).headers, origin: 'https://evil.example' } }),
      ],
      [
        'foreign Origin',
        async (email: string) => {
          const f = await ssoForm(h, '/sso/sign-up', signUpValues(email));
          return { ...f, headers: { ...f.headers, origin: 'https://evil.example' } };
        },
      ],
    ] as const) {
      const email = uniqueEmail('csrf-up');
      const res = await h.app.inject({ method: 'POST', url: '/sso/sign-up', ...(await make(email)) });
      count('sign-up refused');
      expect(res.statusCode, what).toBe(403);
      expect(signedIn(res), what).toBe(false);
      expect(res.body, what).toContain(REFUSED);
      expect(await h.db.select().from(users).where(eq(users.email, email)), what).toHaveLength(0);
    }
    const email = uniqueEmail('csrf-up-ok');
    const ok = await h.app.inject({ method: 'POST', url: '/sso/sign-up', ...(await ssoForm(h, '/sso/sign-up', signUpValues(email))) });
    expect(ok.statusCode).toBe(303);
    expect(await h.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('the token cookie of the form is HttpOnly and SameSite=Strict', async () => {
    const page = await h.app.inject({ url: '/sso/sign-in' });
    const cookie = [page.headers['set-cookie'] ?? []].flat().find((c) => /_csrf=/.test(c));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    // The sign-on's pages send their Referer to themselves, so a browser's form post carries its Origin.
    expect(page.headers['referrer-policy']).toBe('same-origin');
  });
});

describe('sign-out', () => {
  it('a GET (a link, an image) signs nobody out: it shows a confirmation form; the POST with its token does', async () => {
    const { tokens, auth } = await createUser(h);
    const cookie = `${h.env.cookieName}=${encodeURIComponent(JSON.stringify(tokens))}`;
    const redirect = encodeURIComponent('http://localhost:3000/');
    const shown = await h.app.inject({ url: `/sso/sign-out?redirect=${redirect}`, headers: { cookie } });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<form method="post" action="/sso/sign-out"');
    expect(shown.body).toMatch(/name="_csrf" value="[^"]+"/);
    expect(shown.headers['set-cookie'] ?? '').not.toMatch(new RegExp(`${h.env.cookieName}=;`));
    expect((await h.app.inject({ url: '/api/account/me/', headers: auth })).statusCode).toBe(200);

    // Cross-site posts: refused, still signed in.
    const f = await ssoForm(h, `/sso/sign-out?redirect=${redirect}`, { redirect: 'http://localhost:3000/' });
    for (const [what, headers, payload] of [
      ['no token', { ...form({}).headers, cookie, origin: 'https://evil.example' }, ''],
      ['foreign Origin', { ...f.headers, cookie: `${f.headers.cookie}; ${cookie}`, origin: 'https://evil.example' }, f.payload],
      ['token of no cookie', { ...f.headers, cookie }, f.payload],
    ] as const) {
      const res = await h.app.inject({ method: 'POST', url: '/sso/sign-out', headers, payload });
      count('sign-out refused');
      expect(res.statusCode, what).toBe(403);
      expect(String(res.headers['set-cookie'] ?? ''), what).not.toMatch(new RegExp(`${h.env.cookieName}=;`));
      expect((await h.app.inject({ url: '/api/account/me/', headers: auth })).statusCode, what).toBe(200);
    }

    const out = await h.app.inject({ method: 'POST', url: '/sso/sign-out', ...f, headers: { ...f.headers, cookie: `${f.headers.cookie}; ${cookie}` } });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('http://localhost:3000/');
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`${h.env.cookieName}=;`));
    expect((await h.app.inject({ url: '/api/account/me/', headers: auth })).statusCode).toBe(401);
  });
});

describe('the sign-on’s JSON endpoints', () => {
  it('take JSON only: a form post or text/plain (what another site can send without asking) answers 415', async () => {
    const { user } = await createUser(h);
    for (const url of ['/sso/api/token', '/sso/api/patients']) {
      for (const [type, payload] of [
        ['application/x-www-form-urlencoded', new URLSearchParams({ email: user.email, password: TEST_PASSWORD }).toString()],
        ['text/plain', JSON.stringify({ email: user.email, password: TEST_PASSWORD })],
        ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${user.email}\r\n--x--`],
      ] as const) {
        const res = await h.app.inject({ method: 'POST', url, headers: { 'content-type': type, origin: 'https://evil.example' }, payload });
        expect(res.statusCode, `${url} ${type}`).toBe(415);
        expect(res.json().error.code, `${url} ${type}`).toBe('400400');
      }
    }
    const ok = await h.app.inject({ method: 'POST', url: '/sso/api/token', payload: { email: user.email, password: TEST_PASSWORD } });
    expect(ok.statusCode).toBe(200);
  });
});

describe('the dev mailbox', () => {
  it('opens on loopback, or with the admin token; not from another address, through a proxy or under a foreign Host; never in production', async () => {
    expect((await h.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(200);
    expect((await h.app.inject({ url: '/dev/mailbox', remoteAddress: '::1' })).statusCode).toBe(200);
    const refused = [
      { remoteAddress: '203.0.113.5' },
      { remoteAddress: '10.0.0.7' },
      { headers: { 'x-forwarded-for': '203.0.113.5' } },
      { headers: { forwarded: 'for=203.0.113.5' } },
      // DNS rebinding: a foreign name pointed at this machine.
      { headers: { host: 'evil.example:3000' } },
      { remoteAddress: '203.0.113.5', headers: { authorization: 'Bearer not-the-admin-token-0123456789' } },
    ];
    for (const r of refused) {
      const res = await h.app.inject({ url: '/dev/mailbox', ...r });
      count('mailbox refused');
      expect(res.statusCode, JSON.stringify(r)).toBe(403);
      expect(res.body, JSON.stringify(r)).not.toContain('<article class="mail">');
    }
    expect((await h.app.inject({ url: '/dev/mailbox', remoteAddress: '203.0.113.5', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).statusCode).toBe(
      200,
    );
    expect((await prod.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
    console.info(`[security:sign-on] ${JSON.stringify(figures)}`);
  });
});
