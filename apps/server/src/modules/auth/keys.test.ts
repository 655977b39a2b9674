import { generateKeyPair, exportJWK, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, type Harness } from '../../test/harness';
import { createVerifier } from './keys';

const ISSUER = 'https://issuer.test';
const AUDIENCE = 'portal';

async function keyPair() {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  return { privateKey, jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'EdDSA' }] } };
}

const sign = (key: Awaited<ReturnType<typeof keyPair>>['privateKey'], expiresIn: number, claims: Record<string, unknown> = {}) =>
  new SignJWT({ scope: 'practitioner', sid: 's', ...claims })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
    .setSubject('u')
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${expiresIn}s`)
    .sign(key);

describe('the verified-token cache', () => {
  afterEach(() => void vi.useRealTimers());

  it('a remembered token still expires on time, and only the exact token bytes match', async () => {
    const { privateKey, jwks } = await keyPair();
    const verify = createVerifier({ issuer: ISSUER, audience: AUDIENCE, jwks });
    const token = await sign(privateKey, 60);
    expect((await verify(token)).sub).toBe('u');
    expect((await verify(token)).sub).toBe('u');
    // Another signature on the same header and claims is not the remembered token.
    const [head, body] = token.split('.');
    await expect(verify(`${head}.${body}.${'A'.repeat(86)}`)).rejects.toThrow();
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    await expect(verify(token)).rejects.toThrow();
  });

  it('a token evicted from a full cache verifies again in full; a failed verification is never remembered', async () => {
    const { privateKey, jwks } = await keyPair();
    const verify = createVerifier({ issuer: ISSUER, audience: AUDIENCE, jwks, cacheSize: 2 });
    const tokens = await Promise.all([1, 2, 3].map((i) => sign(privateKey, 60, { sid: `s${i}` })));
    for (const t of tokens) await verify(t);
    for (const [i, t] of tokens.entries()) expect((await verify(t)).sid).toBe(`s${i + 1}`);
    const wrongAudience = await new SignJWT({ scope: 'practitioner' })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
      .setSubject('u')
      .setIssuer(ISSUER)
      .setAudience('another')
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(privateKey);
    await expect(verify(wrongAudience)).rejects.toThrow();
    await expect(verify(wrongAudience)).rejects.toThrow();
  });
});

describe('a token used before logout or deactivation', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createTestApp();
  }, 60_000);
  afterAll(async () => h?.close());

  it('stops at the next request after logout, though its signature is remembered', async () => {
    const u = await createUser(h, { practitionerStatus: 2 });
    expect((await h.app.inject({ url: '/api/account/me/', headers: u.auth })).statusCode).toBe(200);
    expect((await h.app.inject({ url: '/api/account/me/', headers: u.auth })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'POST', url: '/api/account/logout', payload: { token: u.tokens.refreshToken } })).statusCode).toBe(200);
    expect((await h.app.inject({ url: '/api/account/me/', headers: u.auth })).statusCode).toBe(401);
  });
});
