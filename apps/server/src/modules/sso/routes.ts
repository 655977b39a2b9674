import { hash, verify } from '@node-rs/argon2';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ERROR_TEXTS, ErrorCode, LIMITS, MESSAGES, SignInBody, SignUpBody, VALIDATION_MESSAGES, type TokenPair } from '@portal/contract';
import { users } from '../../db/schema';
import { errorBody, isDatabaseUnavailable, unavailable, UNAVAILABLE_MESSAGE } from '../../plugins/errors';
import { allowedRedirect } from '../account/service';
import { findUserByEmail } from '../account/repository';
import { signInLimiter } from './sign-in-limit';
import { messagePage, signInPage, signUpPage, SSO_CSS } from './views';

const INVALID_CREDENTIALS = 'The email or password is not correct';
const REDIRECT_REFUSED = 'This redirect address is not allowed';

/** What a sign-in or sign-up form keeps when it is drawn again: what was typed, less the passwords. */
function typedValues(raw: Record<string, unknown>) {
  const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : undefined);
  return { firstName: text('firstName'), lastName: text('lastName'), email: text('email'), phoneNumber: text('phoneNumber') };
}

/** A fixed hash to verify against when the email is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | null = null;

/**
 * The stand-in for the provider's sign-on app: sign in, create account, sign out. It honours the
 * real one's contract: checks the password, issues the tokens, writes the cookie, redirects back
 * only to an allowed portal origin.
 */
export async function ssoRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { env } = ctx;
  dummyHash ??= hash('not-a-real-password-Aa1');

  const cookieOptions = {
    path: '/',
    maxAge: LIMITS.cookieDays * 86_400,
    sameSite: 'lax' as const,
    secure: env.production,
    domain: env.production ? env.COOKIE_DOMAIN : undefined,
    // The portal reads the tokens to send them as a bearer header (SPEC §7), so not httpOnly.
    httpOnly: false,
  };
  const setAuthCookie = (reply: FastifyReply, pair: TokenPair) =>
    reply.setCookie(env.cookieName, JSON.stringify(pair), cookieOptions);

  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

  /** `undefined` when no redirect was given; `null` when one was given and is refused. */
  function redirectOf(value: unknown): URL | null | undefined {
    if (value === undefined || value === '') return undefined;
    return typeof value === 'string' ? allowedRedirect(ctx, value) : null;
  }
  const refused = (reply: FastifyReply) => html(reply, messagePage('Sign in', REDIRECT_REFUSED, { href: '/sso/sign-in', label: 'Sign in' }), 400);

  /** A posted form drawn again with what was typed (never the password) and `error` above it; else a message page. */
  function formAgain(request: FastifyRequest, error: string): string {
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const redirect = redirectOf(raw.redirect)?.toString();
    if (request.method === 'POST' && request.routeOptions.url === '/sso/sign-in') return signInPage({ redirect, email: typedValues(raw).email, error });
    if (request.method === 'POST' && request.routeOptions.url === '/sso/sign-up') return signUpPage({ redirect, values: typedValues(raw), error });
    return messagePage('Sign in', error, { href: '/sso/sign-in', label: 'Try again' });
  }

  app.setErrorHandler((err: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) => {
    const api = request.url.startsWith('/sso/api/');
    if (isDatabaseUnavailable(err)) {
      const sent = unavailable(request, reply, err);
      if (api) return sent.send(errorBody(ErrorCode.UNAVAILABLE, UNAVAILABLE_MESSAGE));
      return html(sent, formAgain(request, UNAVAILABLE_MESSAGE), 503);
    }
    if (api) {
      if (err.statusCode === 429) return reply.status(429).send(errorBody(ErrorCode.TOO_MANY_REQUESTS, MESSAGES.tooManySignIns));
      request.log.error({ err }, 'sign-on error');
      return reply.status(err.statusCode && err.statusCode < 500 ? err.statusCode : 500).send(errorBody(ErrorCode.UNEXPECTED, ERROR_TEXTS['0']));
    }
    if (err.statusCode === 429) {
      return html(reply, messagePage('Too many attempts', MESSAGES.tooManySignIns, { href: '/sso/sign-in', label: 'Back to sign in' }), 429);
    }
    if (err.statusCode && err.statusCode < 500) return html(reply, messagePage('Sign in', ERROR_TEXTS['400400'], { href: '/sso/sign-in', label: 'Sign in' }), err.statusCode);
    request.log.error({ err }, 'sign-on error');
    return html(reply, messagePage('Sign in', ERROR_TEXTS['0'], { href: '/sso/sign-in', label: 'Try again' }), 500);
  });

  app.get('/static/sso.css', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SSO_CSS));

  app.get('/.well-known/jwks.json', { schema: { tags: ['sign-on'], summary: 'The public keys access tokens are verified with (JWKS)' } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ctx.keys.jwks;
  });

  const limitSignIn = signInLimiter(app, { perEmail: env.SIGN_IN_RATE_LIMIT, perAddress: env.SIGN_IN_ADDRESS_RATE_LIMIT });

  const RedirectQuery = z.object({ redirect: z.string().max(2048).optional(), email: z.string().max(254).optional() });

  app.get('/sign-in', { schema: { hide: true } }, async (req, reply) => {
    const q = RedirectQuery.safeParse(req.query);
    const redirect = redirectOf(q.data?.redirect);
    if (!q.success || redirect === null) return refused(reply);
    return html(reply, signInPage({ redirect: redirect?.toString(), email: q.data.email }));
  });

  app.post('/sign-in', { preHandler: limitSignIn, schema: { hide: true } }, async (req, reply) => {
    const parsed = SignInBody.safeParse(req.body);
    const raw = (req.body ?? {}) as Record<string, unknown>;
    const redirect = redirectOf(raw.redirect);
    if (redirect === null) return refused(reply);
    if (!parsed.success) return html(reply, signInPage({ redirect: redirect?.toString(), error: INVALID_CREDENTIALS }), 400);
    const { email, password } = parsed.data;
    const user = await findUserByEmail(ctx.database.db, email);
    const ok = await verify(user?.passwordHash ?? (await dummyHash!), password).catch(() => false);
    if (!user || !ok) {
      return html(reply, signInPage({ redirect: redirect?.toString(), email, error: INVALID_CREDENTIALS }), 401);
    }
    if (!user.isActive) {
      return html(reply, signInPage({ redirect: redirect?.toString(), email, error: ERROR_TEXTS['400409'] }), 403);
    }
    setAuthCookie(reply, await ctx.tokens.startSession(user));
    return reply.redirect(redirect?.toString() ?? `${env.portalUrl}/`, 303);
  });

  app.get('/sign-up', { schema: { hide: true } }, async (req, reply) => {
    const q = RedirectQuery.safeParse(req.query);
    const redirect = redirectOf(q.data?.redirect);
    if (!q.success || redirect === null) return refused(reply);
    return html(reply, signUpPage({ redirect: redirect?.toString(), values: { email: q.data.email } }));
  });

  app.post('/sign-up', { config: { rateLimit: { max: env.SIGN_IN_RATE_LIMIT, timeWindow: '1 minute' } }, schema: { hide: true } }, async (req, reply) => {
    const raw = (req.body ?? {}) as Record<string, string | undefined>;
    const redirect = redirectOf(raw.redirect);
    if (redirect === null) return refused(reply);
    const values = typedValues(raw);
    const parsed = SignUpBody.safeParse(raw);
    const errors: Record<string, string[]> = parsed.success ? {} : z.flattenError(parsed.error).fieldErrors as Record<string, string[]>;
    if (parsed.success && parsed.data.password !== parsed.data.confirmPassword) errors.confirmPassword = [VALIDATION_MESSAGES.NO_MATCH];
    if (!parsed.success || Object.keys(errors).length) {
      return html(reply, signUpPage({ redirect: redirect?.toString(), values, errors }), 400);
    }
    const input = parsed.data;
    const passwordHash = await hash(input.password);
    const [user] = await ctx.database.db
      .insert(users)
      .values({ email: input.email, firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber, passwordHash, role: 'practitioner' })
      .onConflictDoNothing()
      .returning();
    if (!user) {
      return html(reply, signUpPage({ redirect: redirect?.toString(), values, errors: { email: [ERROR_TEXTS['409000']] } }), 409);
    }
    setAuthCookie(reply, await ctx.tokens.startSession(user));
    return reply.redirect(redirect?.toString() ?? `${env.portalUrl}/`, 303);
  });

  /**
   * The mobile app's and terminal's way in: JSON instead of forms, tokens in the body instead of
   * the cookie. Same checks and limits as the form.
   */
  app.post('/api/token', { preHandler: limitSignIn, schema: { tags: ['sign-on'], summary: 'Sign in with email and password (the mobile app and the CLI): a token pair' } }, async (req, reply) => {
    const parsed = SignInBody.omit({ redirect: true }).safeParse(req.body);
    if (!parsed.success) return reply.status(400).send(errorBody(ErrorCode.BAD_REQUEST, ERROR_TEXTS['400400']));
    const user = await findUserByEmail(ctx.database.db, parsed.data.email);
    const ok = await verify(user?.passwordHash ?? (await dummyHash!), parsed.data.password).catch(() => false);
    if (!user || !ok) return reply.status(401).send(errorBody(ErrorCode.UNAUTHENTICATED, INVALID_CREDENTIALS));
    if (!user.isActive) return reply.status(403).send(errorBody(ErrorCode.USER_DEACTIVATED, ERROR_TEXTS['400409']));
    return ctx.tokens.startSession(user);
  });

  app.post('/api/patients', { config: { rateLimit: { max: env.SIGN_IN_RATE_LIMIT, timeWindow: '1 minute' } }, schema: { tags: ['sign-on'], summary: 'Create a patient account (the mobile app): a token pair' } }, async (req, reply) => {
    const parsed = SignUpBody.omit({ redirect: true, confirmPassword: true }).safeParse(req.body);
    if (!parsed.success) {
      return reply.status(400).send(errorBody(ErrorCode.BAD_REQUEST, ERROR_TEXTS['400400'], { fieldErrors: z.flattenError(parsed.error).fieldErrors as Record<string, string[]> }));
    }
    const { password, ...rest } = parsed.data;
    const [user] = await ctx.database.db.insert(users).values({ ...rest, passwordHash: await hash(password), role: 'patient' }).onConflictDoNothing().returning();
    if (!user) return reply.status(409).send(errorBody(ErrorCode.EMAIL_TAKEN, ERROR_TEXTS['409000'], { fieldErrors: { email: [ERROR_TEXTS['409000']] } }));
    return reply.status(201).send(await ctx.tokens.startSession(user));
  });

  app.get('/sign-out', { schema: { hide: true } }, async (req, reply) => {
    const q = RedirectQuery.safeParse(req.query);
    const redirect = redirectOf(q.data?.redirect);
    if (!q.success || redirect === null) return refused(reply);
    const cookie = req.cookies[env.cookieName];
    if (cookie) {
      try {
        const { refreshToken } = JSON.parse(cookie) as Partial<TokenPair>;
        if (typeof refreshToken === 'string') await ctx.tokens.revoke(refreshToken);
      } catch {
        // an unreadable cookie is cleared all the same
      }
    }
    reply.clearCookie(env.cookieName, { path: '/', domain: cookieOptions.domain });
    if (redirect) return reply.redirect(redirect.toString(), 303);
    return html(reply, signInPage({ notice: 'You have been signed out.' }));
  });
}
