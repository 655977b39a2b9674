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
      new SignJWT(claims)
        .setProtectedHeader({ alg: ALG, kid: row.kid, typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(`${expiresIn}s`)
        .sign(privateKey),
  };
}

/** Clock skew allowed between the signer and this process. */
const IAT_SKEW_SECONDS = 60;

export type Verify = (token: string) => Promise<JWTPayload>;

/** Verifies access tokens against the signer's published key set. */
export function createVerifier(opts: { issuer: string; audience: string; jwks: { keys: JWK[] } }): Verify {
  const keySet = createLocalJWKSet(opts.jwks);
  return async (token) => {
    const { payload } = await jwtVerify(token, keySet, {
      issuer: opts.issuer,
      audience: opts.audience,
      algorithms: [ALG],
      requiredClaims: ['sub', 'exp', 'iat', 'scope'],
    });
    // jose checks exp and nbf; a token issued in the future is as suspect as one not yet valid.
    if (typeof payload.iat !== 'number' || payload.iat > Date.now() / 1000 + IAT_SKEW_SECONDS) throw new Error('token issued in the future');
    return payload;
  };
}
