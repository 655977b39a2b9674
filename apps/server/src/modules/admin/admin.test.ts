import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, practitionerReviews, practitioners } from '../../db/schema';
import { ADMIN_TOKEN, admin, createTestApp, createUser, type Harness } from '../../test/harness';
import { adminCheckFor, createAdminCheck, readOrCreateLocalToken } from './admin-auth';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp({ ADMIN_TOKEN });
});
afterAll(() => h.close());

async function practice(status: 1 | 2 | 3) {
  const u = await createUser(h, { practitionerStatus: status, testPassed: false });
  const id = (await h.app.inject({ url: '/api/portal/me/', headers: u.auth })).json().id as string;
  return { ...u, id };
}

const review = (id: string, decision: 'accept' | 'decline', headers: Record<string, string> = admin) =>
  h.app.inject({ method: 'POST', url: `/api/admin/practitioners/${id}/${decision}`, headers });

describe('admin authentication', () => {
  it('needs the admin token; practitioner tokens do not open admin routes', async () => {
    const p = await practice(1);
    const accepted = await createUser(h, { practitionerStatus: 2 });
    for (const headers of [{}, p.auth, accepted.auth, { authorization: 'Bearer wrong-token-wrong-token-wrong' }, { authorization: ADMIN_TOKEN }]) {
      const list = await h.app.inject({ url: '/api/admin/practitioners/', headers });
      expect(list.statusCode).toBe(401);
      expect(list.json().error.code).toBe('400401');
      expect((await review(p.id, 'accept', headers)).statusCode).toBe(401);
    }
    expect((await h.app.inject({ url: '/api/portal/me/', headers: p.auth })).json().status).toBe(1);
  });

  it('the admin token does not open practitioner routes', async () => {
    for (const url of ['/api/portal/me/', '/api/account/me/', '/api/portal/me/paymentDetails/']) {
      expect((await h.app.inject({ url, headers: admin })).statusCode, url).toBe(401);
    }
  });

  it("one check serves every module's admin routes, so the token is read and logged about once per app", () => {
    expect(adminCheckFor(h.app.ctx)).toBe(adminCheckFor(h.app.ctx));
  });

  it('in production without ADMIN_TOKEN every admin call is refused', async () => {
    const check = createAdminCheck({ production: true, dataDir: '/nonexistent', log: pino({ level: 'silent' }) });
    await expect(check({ headers: { authorization: 'Bearer anything-at-all-anything' } } as never)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('locally without ADMIN_TOKEN a token is generated once in DATA_DIR, readable by the owner only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-token-'));
    try {
      const token = readOrCreateLocalToken(dir);
      expect(token).toMatch(/^[\w-]{43}$/);
      expect(readOrCreateLocalToken(dir)).toBe(token);
      expect(fs.statSync(path.join(dir, 'admin-token')).mode & 0o777).toBe(0o600);
      const check = createAdminCheck({ production: false, dataDir: dir, log: pino({ level: 'silent' }) });
      await expect(check({ headers: { authorization: `Bearer ${token}` } } as never)).resolves.toBeUndefined();
      await expect(check({ headers: { authorization: `Bearer ${token}x` } } as never)).rejects.toMatchObject({ statusCode: 401 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('review: status transitions', () => {
  it('created → accepted: mails the practitioner and records the review', async () => {
    const p = await practice(1);
    const res = await review(p.id, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, email: p.user.email, status: 2, testPassed: false });
    expect((await h.app.inject({ url: '/api/portal/me/', headers: p.auth })).json().status).toBe(2);
    const [mail] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.to, p.user.email)).orderBy(desc(mailOutbox.createdAt));
    expect(mail).toMatchObject({ subject: 'Your practice has been accepted', transport: 'outbox' });
    expect(mail!.text).toContain('Hello Test,');
    expect(await h.db.select().from(practitionerReviews).where(eq(practitionerReviews.practitionerId, p.id))).toEqual([
      expect.objectContaining({ fromStatus: 1, toStatus: 2 }),
    ]);
  });

  it('created → declined: mails the practitioner', async () => {
    const p = await practice(1);
    expect((await review(p.id, 'decline')).json().status).toBe(3);
    const [mail] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.to, p.user.email));
    expect(mail!.subject).toBe('Your practice registration was declined');
  });

  it('every other transition answers 400414 and changes nothing, sends nothing', async () => {
    for (const from of [2, 3] as const) {
      for (const decision of ['accept', 'decline'] as const) {
        const p = await practice(from);
        const res = await review(p.id, decision);
        expect(res.statusCode, `${from} ${decision}`).toBe(400);
        expect(res.json().error).toMatchObject({ code: '400414', message: 'User needs to progress properly through statuses' });
        const [row] = await h.db.select().from(practitioners).where(eq(practitioners.id, p.id));
        expect(row!.status).toBe(from);
        expect(await h.db.select().from(mailOutbox).where(eq(mailOutbox.to, p.user.email))).toEqual([]);
      }
    }
  });

  it('accepted twice, or accepted and declined at once: exactly one review wins', async () => {
    const p = await practice(1);
    const results = await Promise.all([review(p.id, 'accept'), review(p.id, 'decline'), review(p.id, 'accept')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    expect(await h.db.select().from(practitionerReviews).where(eq(practitionerReviews.practitionerId, p.id))).toHaveLength(1);
    expect(await h.db.select().from(mailOutbox).where(eq(mailOutbox.to, p.user.email))).toHaveLength(1);
  });

  it('an unknown practice and a malformed id are both a 404', async () => {
    expect((await review('00000000-0000-4000-8000-000000000000', 'accept')).statusCode).toBe(404);
    expect((await review('nope', 'accept')).statusCode).toBe(404);
  });
});

describe('listing', () => {
  it('lists practices newest first, filtered by status or email, with the test state', async () => {
    const waiting = await practice(1);
    const passed = await createUser(h, { practitionerStatus: 2 });
    const byEmail = await h.app.inject({ url: `/api/admin/practitioners/?email=${encodeURIComponent(waiting.user.email.toUpperCase())}`, headers: admin });
    expect(byEmail.json()).toMatchObject({ count: 1, results: [{ id: waiting.id, status: 1, category: 'General Practitioner', testPassed: false }] });
    const accepted = await h.app.inject({ url: `/api/admin/practitioners/?email=${encodeURIComponent(passed.user.email)}&status=2`, headers: admin });
    expect(accepted.json().results[0]).toMatchObject({ status: 2, testPassed: true });
    const created = (await h.app.inject({ url: '/api/admin/practitioners/?status=1&limit=100', headers: admin })).json();
    expect(created.results.every((r: { status: number }) => r.status === 1)).toBe(true);
    for (const q of ['status=4', 'limit=1000', 'role=x']) {
      expect((await h.app.inject({ url: `/api/admin/practitioners/?${q}`, headers: admin })).statusCode, q).toBe(400);
    }
  });
});
