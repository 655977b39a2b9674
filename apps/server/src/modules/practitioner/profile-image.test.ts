import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileImages, users } from '../../db/schema';
import { createTestApp, createUser, type Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(() => h.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946000101', 'hex');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const upload = (auth: Record<string, string>, contentType: string, bytes: Buffer) =>
  h.app.inject({ method: 'POST', url: '/api/account/me/profile-image', headers: auth, payload: { contentType, data: bytes.toString('base64') } });

describe('profile picture upload', () => {
  it('stores a PNG, points the user at it and serves it by its random id', async () => {
    const u = await createUser(h, { practitionerStatus: 1 });
    const res = await upload(u.auth, 'image/png', PNG);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().profileImage;
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/account\/profile-images\/[0-9a-f-]{36}$/);
    expect((await h.app.inject({ url: '/api/account/me/', headers: u.auth })).json().profileImage).toBe(url);
    expect((await h.app.inject({ url: '/api/portal/me/', headers: u.auth })).json().profileImage).toBe(url);
    const image = await h.app.inject({ url: new URL(url).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('accepts JPEG and WebP; a new picture replaces the old one', async () => {
    const u = await createUser(h);
    const first = (await upload(u.auth, 'image/jpeg', JPEG)).json().profileImage;
    const second = await upload(u.auth, 'image/webp', WEBP);
    expect(second.statusCode).toBe(200);
    expect((await h.app.inject({ url: new URL(first).pathname })).statusCode).toBe(404);
    expect(await h.db.select().from(profileImages).where(eq(profileImages.userId, u.user.id))).toHaveLength(1);
  });

  it('checks the bytes, not the declared type', async () => {
    const u = await createUser(h);
    for (const [type, bytes] of [
      ['image/png', JPEG],
      ['image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      ['image/jpeg', Buffer.from('GIF89a........')],
      ['image/webp', Buffer.from('RIFF\0\0\0\0WAVEfmt ')],
    ] as const) {
      const res = await upload(u.auth, type, bytes);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fieldErrors).toEqual({ data: ['The picture must be a PNG, JPEG or WebP image'] });
    }
    for (const contentType of ['image/gif', 'image/svg+xml', 'text/html']) {
      const res = await upload(u.auth, contentType, PNG);
      expect(res.json().error.fieldErrors.contentType).toEqual(['The picture must be a PNG, JPEG or WebP image']);
    }
    const [row] = await h.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row!.profileImage).toBeNull();
  });

  it('enforces the size limit: at most 2 MiB', async () => {
    const u = await createUser(h);
    const exact = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]);
    expect((await upload(u.auth, 'image/png', exact)).statusCode).toBe(200);
    const over = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length + 1)]);
    const res = await upload(u.auth, 'image/png', over);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldErrors.data).toEqual(['The picture must be at most 2 MB']);
    // Far over the limit the body itself is refused before it is read.
    const huge = await upload(u.auth, 'image/png', Buffer.alloc(4 * 1024 * 1024));
    expect(huge.statusCode).toBe(413);
    const empty = await upload(u.auth, 'image/png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
  });

  it('needs a practitioner token to upload; the picture itself needs none', async () => {
    const patient = await createUser(h, { role: 'patient' });
    expect((await upload(patient.auth, 'image/png', PNG)).statusCode).toBe(401);
    expect((await upload({}, 'image/png', PNG)).statusCode).toBe(401);
    expect((await h.app.inject({ url: '/api/account/profile-images/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await h.app.inject({ url: '/api/account/profile-images/not-an-id' })).statusCode).toBe(404);
  });
});
