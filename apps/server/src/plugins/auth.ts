import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, lt } from 'drizzle-orm';
import { ErrorCode, type Scope } from '@portal/contract';
import type { Database } from '../db/client';
import { authSessions } from '../db/schema';
import { AppError, sessionExpired, unauthenticated } from '../lib/errors';
import type { Verify } from '../modules/auth/keys';
import { DEFAULT_SESSION_LIMITS, sessionTimedOut, type SessionLimits } from '../modules/auth/service';

/** A session's last use is written at most this often, so the idle timeout costs no write per request. */
export const TOUCH_INTERVAL_MS = 60_000;

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
    /**
     * The route reads the caller's session row (LIVE_SESSION_COLUMNS) in its own query and passes it
     * to `request.admit`, saving a round trip; until then `request.auth` is null and `caller()` throws.
     */
    liveSessionInQuery?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The verified token's claims on a liveSessionInQuery route, before `admit`. */
    token: AuthContext | null;
    /** The session-live checks of every authenticated request, on a row the route read itself; sets `auth`. */
    admit(row: LiveSessionRow | undefined): Promise<AuthContext>;
  }
}

/** What the session-live check reads: the sign-on session and whether its user is active. */
export interface LiveSessionRow {
  userId: string;
  revokedAt: Date | null;
  createdAt: Date;
  lastUsedAt: Date;
  isActive: boolean;
}

/** The same row as SQL select-list items, for a route that reads it in its own query (`a` = auth_sessions, `au` = its user). */
export const LIVE_SESSION_COLUMNS =
  'a.user_id as "userId", a.revoked_at as "revokedAt", a.created_at as "createdAt", a.last_used_at as "lastUsedAt", au.is_active as "isActive"';

const PUBLIC_PREFIXES = ['/api/docs'];

export function needsAuth(url: string, auth: RouteAuth | undefined): boolean {
  if (auth === 'public') return false;
  if (!url.startsWith('/api/')) return false;
  return !PUBLIC_PREFIXES.some((p) => url.startsWith(p));
}

/**
 * The session-live check of every other authenticated route: one look-up by primary key, a named
 * prepared statement (PostgreSQL plans it once per connection), of the same columns the detail read
 * takes in its own query.
 */
export const LIVE_SESSION = {
  name: 'auth_live_session',
  text: `select ${LIVE_SESSION_COLUMNS} from auth_sessions a join users au on au.id = a.user_id where a.id = $1`,
};

/** Reads `Authorization: Bearer`, verifies the token and that its session and user are live. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { database: Database; verify: Verify; limits?: SessionLimits }) => {
  const limits = opts.limits ?? DEFAULT_SESSION_LIMITS;
  app.decorateRequest('auth', null);

  /** The token alone: its signature, expiry and claims. */
  async function verifyToken(request: FastifyRequest): Promise<AuthContext> {
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
    return { userId: claims.sub, scope, sessionId: sid };
  }

  /** The token's session is live (not revoked, not timed out) and its user active. */
  async function admitSession(row: LiveSessionRow | undefined, ctx: AuthContext): Promise<AuthContext> {
    if (!row || row.revokedAt || row.userId !== ctx.userId) throw unauthenticated('The access token is not valid');
    if (!row.isActive) throw new AppError(403, ErrorCode.USER_DEACTIVATED);
    const now = Date.now();
    if (sessionTimedOut(row, limits, now)) throw sessionExpired();
    if (now - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
      // At most one write a minute per session; the condition keeps concurrent requests to one.
      await opts.database.db
        .update(authSessions)
        .set({ lastUsedAt: new Date(now) })
        .where(and(eq(authSessions.id, ctx.sessionId), lt(authSessions.lastUsedAt, new Date(now - TOUCH_INTERVAL_MS))));
    }
    return ctx;
  }

  app.decorateRequest('token', null);
  app.decorateRequest('admit', async function (this: FastifyRequest, row: LiveSessionRow | undefined) {
    if (!this.token) throw unauthenticated();
    this.auth = await admitSession(row, this.token);
    return this.auth;
  });

  async function authenticate(request: FastifyRequest): Promise<AuthContext> {
    const ctx = await verifyToken(request);
    // One lookup by primary key.
    const [row] = await opts.database.query<LiveSessionRow>(LIVE_SESSION, [ctx.sessionId]);
    return admitSession(row, ctx);
  }

  app.addHook('onRoute', (route) => {
    const auth = route.config?.auth;
    if (!needsAuth(route.url, auth)) return;
    const scopes: Scope[] = Array.isArray(auth) ? auth : ['practitioner'];
    const inQuery = route.config?.liveSessionInQuery === true;
    // Hooks after this one (the acceptance guard) need request.auth, which only the route's admit() sets.
    if (inQuery && route.config?.requiresAccepted) throw new Error(`${route.url}: liveSessionInQuery cannot be combined with requiresAccepted`);
    const hook = async (request: FastifyRequest) => {
      if (inQuery) {
        // The signature and scope here; the route's own query reads the session row for admit().
        const ctx = await verifyToken(request);
        if (!scopes.includes(ctx.scope)) throw unauthenticated('This token is not valid for this resource');
        request.token = ctx;
        return;
      }
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

/** The verified token of a liveSessionInQuery route, before its query and `request.admit`. */
export function tokenOf(request: FastifyRequest): AuthContext {
  if (!request.token) throw unauthenticated();
  return request.token;
}
