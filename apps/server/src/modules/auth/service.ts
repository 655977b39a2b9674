import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TokenPair } from '@portal/contract';
import type { Db } from '../../db/client';
import { authSessions, refreshTokens } from '../../db/schema';
import { sessionExpired } from '../../lib/errors';
import type { TokenKeys } from './keys';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
export const randomToken = () => randomBytes(32).toString('base64url');

export interface TokenService {
  /** A new signed-in session (one device) with its first token pair. */
  startSession(user: { id: string; role: string }): Promise<TokenPair>;
  /** Rotates a refresh token; reuse of a spent one revokes its whole family. */
  refresh(token: string): Promise<TokenPair>;
  /** Ends the session the refresh token belongs to. */
  revoke(token: string): Promise<void>;
}

/** How long a signed-in session lives: idle (since last use) and absolute (since sign-in). */
export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 };

export const sessionLimitsOf = (env: { SESSION_IDLE_MINUTES: number; SESSION_ABSOLUTE_HOURS: number }): SessionLimits => ({
  idleMs: env.SESSION_IDLE_MINUTES * 60_000,
  absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
});

/** Whether a session has outlived its idle or absolute limit at `now` (the application's clock). */
export function sessionTimedOut(s: { createdAt: Date; lastUsedAt: Date }, limits: SessionLimits, now = Date.now()): 'idle timeout' | 'absolute timeout' | null {
  if (now - s.createdAt.getTime() >= limits.absoluteMs) return 'absolute timeout';
  if (now - s.lastUsedAt.getTime() >= limits.idleMs) return 'idle timeout';
  return null;
}

export function createTokenService(
  db: Db,
  keys: TokenKeys,
  claims: { issuer: string; audience: string },
  limits: SessionLimits = DEFAULT_SESSION_LIMITS,
): TokenService {
  async function issue(sessionId: string, user: { id: string; role: string }): Promise<TokenPair> {
    const refreshToken = randomToken();
    await db.insert(refreshTokens).values({
      sessionId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * 86_400_000),
    });
    const accessToken = await keys.sign(
      { sub: user.id, scope: user.role, sid: sessionId, iss: claims.issuer, aud: claims.audience, jti: randomToken().slice(0, 16) },
      ACCESS_TOKEN_SECONDS,
    );
    return { accessToken, refreshToken };
  }

  return {
    async startSession(user) {
      // The application's clock, not the database's: the timeouts are measured against it.
      const now = new Date();
      const [session] = await db.insert(authSessions).values({ userId: user.id, createdAt: now, lastUsedAt: now }).returning({ id: authSessions.id });
      return issue(session!.id, user);
    },

    async refresh(token) {
      const hash = hashToken(token);
      const [row] = await db
        .select({
          id: refreshTokens.id,
          sessionId: refreshTokens.sessionId,
          usedAt: refreshTokens.usedAt,
          expiresAt: refreshTokens.expiresAt,
          revokedAt: authSessions.revokedAt,
          userId: authSessions.userId,
          createdAt: authSessions.createdAt,
          lastUsedAt: authSessions.lastUsedAt,
        })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, hash))
        .limit(1);
      if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) throw sessionExpired();
      const timedOut = sessionTimedOut(row, limits);
      if (timedOut) {
        await revokeSession(row.sessionId, timedOut);
        throw sessionExpired();
      }
      // Spend the token with a conditional update: of two concurrent uses exactly one succeeds.
      const spent = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      if (spent.length === 0) {
        await revokeSession(row.sessionId, 'refresh token reused');
        throw sessionExpired();
      }
      const user = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, row.userId), columns: { id: true, role: true, isActive: true } });
      if (!user || !user.isActive) throw sessionExpired();
      await db.update(authSessions).set({ lastUsedAt: new Date() }).where(eq(authSessions.id, row.sessionId));
      return issue(row.sessionId, user);
    },

    async revoke(token) {
      const [row] = await db
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)))
        .limit(1);
      if (row) await revokeSession(row.sessionId, 'logout');
    },
  };

  async function revokeSession(sessionId: string, reason: string) {
    await db
      .update(authSessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  }
}
