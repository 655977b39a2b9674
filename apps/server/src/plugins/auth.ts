import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { ErrorCode, type Scope } from '@portal/contract';
import type { Db } from '../db/client';
import { authSessions, users } from '../db/schema';
import { AppError, unauthenticated } from '../lib/errors';
import type { Verify } from '../modules/auth/keys';

export interface AuthContext {
  userId: string;
  scope: Scope;
  sessionId: string;
}

/** Route-level access: 'public', or the scopes allowed. Routes under /api default to practitioners. */
export type RouteAuth = 'public' | Scope[];

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const PUBLIC_PREFIXES = ['/api/docs'];

export function needsAuth(url: string, auth: RouteAuth | undefined): boolean {
  if (auth === 'public') return false;
  if (!url.startsWith('/api/')) return false;
  return !PUBLIC_PREFIXES.some((p) => url.startsWith(p));
}

/** Reads `Authorization: Bearer`, verifies the token and that its session and user are live. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; verify: Verify }) => {
  app.decorateRequest('auth', null);

  async function authenticate(request: FastifyRequest): Promise<AuthContext> {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer ([A-Za-z0-9_\-.]{10,4096})$/);
    if (!match) throw unauthenticated();
    let claims;
    try {
      claims = await opts.verify(match[1]!);
    } catch {
      throw unauthenticated('The access token is not valid');
    }
    const scope = claims.scope;
    const sid = claims.sid;
    if (typeof claims.sub !== 'string' || typeof sid !== 'string' || (scope !== 'practitioner' && scope !== 'patient')) {
      throw unauthenticated('The access token is not valid');
    }
    const [row] = await opts.db
      .select({ revokedAt: authSessions.revokedAt, isActive: users.isActive })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(eq(authSessions.id, sid))
      .limit(1);
    if (!row || row.revokedAt) throw unauthenticated('The access token is not valid');
    if (!row.isActive) throw new AppError(403, ErrorCode.USER_DEACTIVATED);
    return { userId: claims.sub, scope, sessionId: sid };
  }

  app.addHook('onRoute', (route) => {
    const auth = route.config?.auth;
    if (!needsAuth(route.url, auth)) return;
    const scopes: Scope[] = Array.isArray(auth) ? auth : ['practitioner'];
    const hook = async (request: FastifyRequest) => {
      const ctx = await authenticate(request);
      if (!scopes.includes(ctx.scope)) throw unauthenticated('This token is not valid for this resource');
      request.auth = ctx;
    };
    const existing = route.onRequest;
    route.onRequest = existing ? [hook, ...(Array.isArray(existing) ? existing : [existing])] : [hook];
  });
});

/** The caller of an authenticated route (the hook guarantees it is set). */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
