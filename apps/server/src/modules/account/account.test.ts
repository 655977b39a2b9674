import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, invites, mailOutbox, tosDocuments, users } from '../../db/schema';
import { createTestApp, createUser, uniqueEmail, type Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(() => h.close());

describe('refresh-token and logout', () => {
  it('rotates the pair; the new access token works', async () => {
    const { tokens } = await createUser(h);
    const res = await h.app.inject({ method: 'POST', url: '/api/account/refresh-token', payload: { token: tokens.refreshToken } });
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(pair.refreshToken).not.toBe(tokens.refreshToken);
    const me = await h.app.inject({ url: '/api/account/me/', headers: { authorization: `Bearer ${pair.accessToken}` } });
    expect(me.statusCode).toBe(200);
  });

  it('reuse of a spent refresh token revokes the whole family (400410)', async () => {
    const { tokens } = await createUser(h);
    const first = await h.app.inject({ method: 'POST', url: '/api/account/refresh-token', payload: { token: tokens.refreshToken } });
    const newer = first.json();
    const replay = await h.app.inject({ method: 'POST', url: '/api/account/refresh-token', payload: { token: tokens.refreshToken } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('400410');
    const after = await h.app.inject({ method: 'POST', url: '/api/account/refresh-token', payload: { token: newer.refreshToken } });
    expect(after.statusCode).toBe(401);
    const me = await h.app.inject({ url: '/api/account/me/', headers: { authorization: `Bearer ${newer.accessToken}` } });
    expect(me.statusCode).toBe(401);
  });

  it('two concurrent uses of one refresh token: exactly one succeeds', async () => {
    const { tokens } = await createUser(h);
    const results = await Promise.all(
      [1, 2].map(() => h.app.inject({ method: 'POST', url: '/api/account/refresh-token', payload: { token: tokens.refreshToken } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('an unknown refresh token answers 400410', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/account/refresh-token', payload: { token: 'not-a-token' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: '400410' });
  });

  it('logout ends the session: access and refresh tokens stop working', async () => {
    const { tokens, auth } = await createUser(h);
    const res = await h.app.inject({ method: 'POST', url: '/api/account/logout', payload: { token: tokens.refreshToken } });
    expect(res.json()).toEqual({ ok: true });
    expect((await h.app.inject({ url: '/api/account/me/', headers: auth })).statusCode).toBe(401);
    const refresh = await h.app.inject({ method: 'POST', url: '/api/account/refresh-token', payload: { token: tokens.refreshToken } });
    expect(refresh.statusCode).toBe(401);
  });
});

describe('me', () => {
  it('GET /account/me/ answers the user with tosAccepted', async () => {
    const { user, auth } = await createUser(h);
    const res = await h.app.inject({ url: '/api/account/me/', headers: auth });
    expect(res.json()).toEqual({
      id: user.id,
      email: user.email,
      firstName: 'Test',
      lastName: 'User',
      phoneNumber: '+27215550000',
      profileImage: null,
      isActive: true,
      tosAccepted: false,
    });
  });

  it('PUT /account/me/ updates the given fields', async () => {
    const { auth } = await createUser(h);
    const res = await h.app.inject({ method: 'PUT', url: '/api/account/me/', headers: auth, payload: { firstName: '  Ada ', phoneNumber: '+27 82 555 0100' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Ada', lastName: 'User', phoneNumber: '+27825550100' });
  });

  it('PUT /account/me/ with unknown fields or wrong types changes nothing', async () => {
    const { user, auth } = await createUser(h);
    for (const payload of [{ firstName: 'X', isActive: false }, { firstName: 42 }, { phoneNumber: 'call me' }, { email: 'x@y' }]) {
      const res = await h.app.inject({ method: 'PUT', url: '/api/account/me/', headers: auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('400400');
      expect(Object.keys(res.json().error.fieldErrors).length).toBeGreaterThan(0);
    }
    const [row] = await h.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: 'Test', isActive: true, email: user.email });
  });
});

describe('users', () => {
  it('GET /account/v1/users/{id}: oneself, and 404 for anyone else or a malformed id', async () => {
    const a = await createUser(h);
    const b = await createUser(h);
    expect((await h.app.inject({ url: `/api/account/v1/users/${a.user.id}`, headers: a.auth })).json()).toMatchObject({ id: a.user.id, firstName: 'Test' });
    expect((await h.app.inject({ url: `/api/account/v1/users/${b.user.id}`, headers: a.auth })).statusCode).toBe(404);
    expect((await h.app.inject({ url: `/api/account/v1/users/00000000-0000-4000-8000-000000000000`, headers: a.auth })).statusCode).toBe(404);
    expect((await h.app.inject({ url: `/api/account/v1/users/not-a-uuid`, headers: a.auth })).statusCode).toBe(404);
  });

  it("a practitioner may look up the patients of their own sessions, and nobody else's", async () => {
    const doc = await createUser(h, { practitionerStatus: 2 });
    const other = await createUser(h, { practitionerStatus: 2 });
    const patient = await createUser(h, { role: 'patient' });
    const practitionerId = (await h.app.inject({ url: '/api/portal/me/', headers: doc.auth })).json().id;
    await h.app.inject({
      method: 'POST',
      url: '/api/patient/sessions/',
      headers: patient.auth,
      payload: { practitionerId, bookingTime: new Date(Date.now() + 2 * 86_400_000).toISOString() },
    });
    expect((await h.app.inject({ url: `/api/account/v1/users/${patient.user.id}`, headers: doc.auth })).json()).toMatchObject({ id: patient.user.id });
    expect((await h.app.inject({ url: `/api/account/v1/users/${patient.user.id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await h.app.inject({ url: '/api/account/v1/users/', headers: doc.auth })).json().count).toBe(2);
  });

  it('GET /account/v1/users/?search lists only users the caller may see, paged', async () => {
    const a = await createUser(h);
    await createUser(h);
    const res = await h.app.inject({ url: '/api/account/v1/users/?search=test&limit=5', headers: a.auth });
    expect(res.json()).toMatchObject({ count: 1, limit: 5, offset: 0, results: [{ id: a.user.id }] });
    expect((await h.app.inject({ url: '/api/account/v1/users/?limit=1000', headers: a.auth })).statusCode).toBe(400);
    expect((await h.app.inject({ url: '/api/account/v1/users/?role=admin', headers: a.auth })).statusCode).toBe(400);
  });
});

describe('collections and invites', () => {
  it('GET /account/collections/ lists the sample collections', async () => {
    const { auth } = await createUser(h);
    const res = await h.app.inject({ url: '/api/account/collections/', headers: auth });
    expect(res.json().results.map((c: { name: string }) => c.name)).toEqual(['Nutrigenomics', 'Pharmacogenomics', 'Health questionnaire']);
  });

  it("POST /account/me/invite mails a sign-up link in the provider's words, the names quoted on lines of their own", async () => {
    const { auth } = await createUser(h, { practitionerStatus: 2 });
    const email = uniqueEmail('invitee');
    const res = await h.app.inject({ method: 'POST', url: '/api/account/me/invite', headers: auth, payload: { email, firstName: 'Ivy' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, kind: 'app', status: 'pending' });
    const [mail] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail!.subject).toBe('An invitation to the Practitioner Portal');
    expect(mail!.text).toContain(`http://localhost:3000/sso/sign-up?email=${encodeURIComponent(email)}`);
    expect(mail!.text).toContain('\nInvited by: "Test User"\nInvited as: "Ivy"\n');
  });

  it('POST /account/me/invite: only an accepted practitioner invites; no free text; one address; the hourly limits', async () => {
    const email = uniqueEmail('invitee');
    const post = (auth: Record<string, string>, payload: Record<string, unknown>) =>
      h.app.inject({ method: 'POST', url: '/api/account/me/invite', headers: auth, payload });
    for (const status of [null, 1, 3] as const) {
      const refused = await post((await createUser(h, { practitionerStatus: status })).auth, { email });
      expect(refused.statusCode, String(status)).toBe(403);
      expect(refused.json().error.message).toBe('Practitioner needs to be accepted in order to access this section');
    }
    const doc = await createUser(h, { practitionerStatus: 2 });
    const message = await post(doc.auth, { email, message: 'Urgent: verify your account at https://evil.example/login' });
    expect(message.statusCode).toBe(400);
    expect(message.json().error.fieldErrors).toEqual({ message: ['Unknown field'] });
    const list = await post(doc.auth, { email: `${email},cc@evil.example` });
    expect(list.json().error.fieldErrors).toEqual({ email: ['Email is not valid'] });
    expect(await h.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toEqual([]);

    // Two to one address in an hour, whoever sends them; then 429 with the wait.
    expect((await post(doc.auth, { email })).statusCode).toBe(201);
    expect((await post((await createUser(h, { practitionerStatus: 2 })).auth, { email: email.toUpperCase() })).statusCode).toBe(201);
    const third = await post((await createUser(h, { practitionerStatus: 2 })).auth, { email });
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toMatchObject({ code: '400429', message: 'Too many invites in a short time. Please wait an hour and try again.' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3_500);
    expect(await h.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(2);
  });

  it('POST /account/me/workspace-invite needs an allowed confirm-invite address and can be confirmed once by the invitee', async () => {
    const inviter = await createUser(h, { practitionerStatus: 2 });
    const invitee = await createUser(h);
    // The confirm-invite address travels in a header; undefined sends none.
    const invite = (redirect?: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/account/me/workspace-invite',
        headers: redirect === undefined ? inviter.auth : { ...inviter.auth, 'x-invite-redirect': redirect },
        payload: { email: invitee.user.email },
      });
    const refused = await invite('https://evil.example/confirm');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fieldErrors.redirect).toEqual(['This redirect address is not allowed']);
    const missing = await invite();
    expect(missing.statusCode).toBe(400);

    const res = await invite('http://localhost:3000/confirm-invite');
    expect(res.statusCode).toBe(201);
    const [mail] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.to, invitee.user.email));
    const token = /confirm-invite\?token=([\w-]+)/.exec(mail!.text)![1]!;

    const byOther = await h.app.inject({ method: 'POST', url: '/api/account/invites/confirm', headers: inviter.auth, payload: { token } });
    expect(byOther.statusCode).toBe(404);
    const ok = await h.app.inject({ method: 'POST', url: '/api/account/invites/confirm', headers: invitee.auth, payload: { token } });
    expect(ok.json()).toMatchObject({ status: 'accepted', kind: 'workspace' });
    const [row] = await h.db.select().from(invites).where(eq(invites.id, res.json().id));
    expect(row!.acceptedBy).toBe(invitee.user.id);
    const list = await h.app.inject({ url: '/api/account/me/invites/', headers: inviter.auth });
    expect(list.json().results[0]).toMatchObject({ status: 'accepted' });
  });
});

describe('terms of service', () => {
  it('GET /account/tos needs no token and points at the PDF', async () => {
    const res = await h.app.inject({ url: '/api/account/tos' });
    expect(res.json()).toMatchObject({ version: 1, title: 'Terms & Conditions', tosURI: 'http://localhost:3000/api/legal/terms-and-conditions/v1.pdf' });
    const pdf = await h.app.inject({ url: '/api/legal/terms-and-conditions/v1.pdf' });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('PUT /account/me/tos accepts the latest; a new version makes tosAccepted false again', async () => {
    const { user, auth } = await createUser(h);
    const accepted = await h.app.inject({ method: 'PUT', url: '/api/account/me/tos', headers: auth });
    expect(accepted.json()).toEqual({ tosAccepted: true, version: 1 });
    expect((await h.app.inject({ url: '/api/account/me/', headers: auth })).json().tosAccepted).toBe(true);
    const [event] = await h.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, user.id));
    expect(event).toMatchObject({ name: 'terms accepted', properties: { kind: 'account', version: 1 } });

    await h.db.insert(tosDocuments).values({ kind: 'account', version: 2, title: 'Terms & Conditions' });
    try {
      expect((await h.app.inject({ url: '/api/account/me/', headers: auth })).json().tosAccepted).toBe(false);
      expect((await h.app.inject({ url: '/api/account/tos' })).json().version).toBe(2);
      // Version 2's text is not in this build: its address answers 404 rather than version 1's text.
      expect((await h.app.inject({ url: '/api/legal/terms-and-conditions/v2.pdf' })).statusCode).toBe(404);
    } finally {
      await h.db.delete(tosDocuments).where(eq(tosDocuments.version, 2));
    }
  });
});
