import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, SignJWT, jwtVerify, type JWK, type JWTPayload } from 'jose';
import type { Db } from '../../db/client';
import { signingKeys } from '../../db/schema';

const ALG = 'EdDSA';
/** One fixed id: every process on one database settles on the same key (first insert wins). */
const KID = 'portal-sso-1';

export interface TokenKeys {
  sign(claims: JWTPayload, expiresInSeconds: number): Promise<string>;
  jwks: { keys: JWK[] };
}

/** The stand-in sign-on's key pair, created once and kept in the database. */
export async function loadSigningKeys(db: Db): Promise<TokenKeys> {
  let [row] = await db.select().from(signingKeys).limit(1);
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
    await db
      .insert(signingKeys)
      .values({ kid: KID, privateJwk: await exportJWK(privateKey), publicJwk: { ...(await exportJWK(publicKey)), kid: KID, alg: ALG, use: 'sig' } })
      .onConflictDoNothing();
    [row] = await db.select().from(signingKeys).limit(1);
  }
  if (!row) throw new Error('signing key missing');
  const privateKey = await importJWK(row.privateJwk as JWK, ALG);
  const publicJwk = row.publicJwk as JWK;
  return {
    jwks: { keys: [publicJwk] },
    sign: (claims, expiresIn) =>
      new SignJWT(claims).setProtectedHeader({ alg: ALG, kid: row.kid, typ: 'JWT' }).setIssuedAt().setExpirationTime(`${expiresIn}s`).sign(privateKey),
  };
}

/** Clock skew allowed between the signer and this process. */
const IAT_SKEW_SECONDS = 60;

export type Verify = (token: string) => Promise<JWTPayload>;

/** How many verified tokens a process remembers (about 1 KB each with their claims). */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/** The time-dependent checks, as jose makes them (no clock tolerance) plus the issued-at skew. */
function timelyAt(payload: JWTPayload, nowMs: number): boolean {
  const nowSeconds = Math.floor(nowMs / 1000);
  if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds) return false;
  if (typeof payload.nbf === 'number' && payload.nbf > nowSeconds) return false;
  return typeof payload.iat === 'number' && payload.iat <= nowMs / 1000 + IAT_SKEW_SECONDS;
}

/**
 * Verifies access tokens against the signer's published key set.
 *
 * A token whose signature, issuer, audience and claims verified is remembered (the whole token
 * string as the key, so only the exact same bytes match) until its expiry, in a least-recently-used
 * map of at most `cacheSize` entries: the same token on the next request skips the Ed25519 check,
 * which is most of the CPU of verifying. Every time-dependent check (exp, nbf, iat) is made again on
 * each use, so an expired token fails exactly as it would uncached; only successes are remembered.
 * This caches the signature check only: whether the token's session is live and its user active is
 * the auth plugin's database look-up, made on every request.
 */
export function createVerifier(opts: { issuer: string; audience: string; jwks: { keys: JWK[] }; cacheSize?: number }): Verify {
  const keySet = createLocalJWKSet(opts.jwks);
  const cacheSize = opts.cacheSize ?? VERIFIED_TOKEN_CACHE_SIZE;
  const verified = new Map<string, JWTPayload>();
  return async (token) => {
    const known = verified.get(token);
    if (known) {
      verified.delete(token);
      if (!timelyAt(known, Date.now())) throw new Error('token no longer valid');
      verified.set(token, known);
      return known;
    }
    const { payload } = await jwtVerify(token, keySet, {
      issuer: opts.issuer,
      audience: opts.audience,
      algorithms: [ALG],
      requiredClaims: ['sub', 'exp', 'iat', 'scope'],
    });
    // jose checks exp and nbf; a token issued in the future is as suspect as one not yet valid.
    if (typeof payload.iat !== 'number' || payload.iat > Date.now() / 1000 + IAT_SKEW_SECONDS) throw new Error('token issued in the future');
    if (cacheSize > 0) {
      Object.freeze(payload);
      verified.set(token, payload);
      if (verified.size > cacheSize) verified.delete(verified.keys().next().value!);
    }
    return payload;
  };
}
