import fastifyCsrfProtection from '@fastify/csrf-protection';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_TEXTS, ErrorCode, LIMITS, MESSAGES, SignInBody, SignUpBody, ssoApi, VALIDATION_MESSAGES, type TokenPair } from '@portal/contract';
import { users } from '../../db/schema';
import { errorBody, isDatabaseUnavailable, unavailable, UNAVAILABLE_MESSAGE } from '../../plugins/errors';
import { allowedRedirect, findUserByEmail } from '../account/service';
import { signInLimiter } from './sign-in-limit';
import { messagePage } from '../../lib/html-page';
import { route } from '../../lib/route';
import { signInPage, signOutPage, signUpPage, SSO_CSS } from './views';

const INVALID_CREDENTIALS = 'The email or password is not correct';
const REDIRECT_REFUSED = 'This redirect address is not allowed';
/** A form post without its token or from another site (login CSRF): the form comes back to be sent again. */
const FORM_REFUSED = 'This form has expired or was sent from another site. Please try again.';

/** A state-changing form post that did not come from the sign-on's own page. */
class FormRefused extends Error {
  readonly statusCode = 403;
  constructor() {
    super('form not sent from the sign-on itself');
  }
}

/** A client's error on the sign-on, logged at info: what kind, never a stack or the request's content. */
function clientError(request: FastifyRequest, err: Error & { statusCode?: number }) {
  request.log.info({ statusCode: err.statusCode, code: (err as { code?: string }).code ?? null }, 'sign-on: refused a client error');
}

/** A JSON call refused with a body of the error catalogue: its answers outside the endpoint's token pair. */
class Refused extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ReturnType<typeof errorBody>,
  ) {
    super(body.error.code);
  }
}

/** What a sign-in or sign-up form keeps when it is drawn again: what was typed, less the passwords. */
function typedValues(raw: Record<string, unknown>) {
  const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : undefined);
  return { firstName: text('firstName'), lastName: text('lastName'), email: text('email'), phoneNumber: text('phoneNumber') };
}

/** A posted form's fields, less the CSRF token (checked before the handler runs). */
function formFields(body: unknown): Record<string, unknown> {
  const { _csrf: _token, ...fields } = (body ?? {}) as Record<string, unknown>;
  return fields;
}

/** A fixed hash to verify against when the email is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | null = null;

/**
 * The stand-in for the provider's sign-on app: sign in, create account, sign out. It honours the
 * real one's contract: checks the password, issues the tokens, writes the cookie, redirects back
 * only to an allowed portal origin.
 */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
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
  const setAuthCookie = (reply: FastifyReply, pair: TokenPair) => reply.setCookie(env.cookieName, JSON.stringify(pair), cookieOptions);

  // The pages send their own Referer to themselves (the app's policy is no-referrer), so a
  // browser's form post carries its real Origin, which the check below compares.
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'same-origin').send(body);

  /*
   * Login CSRF: another website must not sign a practitioner into the attacker's account, create
   * one, or sign them out. Every state-changing POST needs (1) the form's token, checked against a
   * secret in an HttpOnly, SameSite=Strict cookie set when the form was drawn (a cross-site post
   * carries no such cookie, and its page could not read the token), and (2) an Origin (or, without
   * one, a Referer) of the sign-on itself. In production the cookie is __Host- prefixed, so no
   * sibling subdomain can plant one.
   */
  await app.register(fastifyCsrfProtection, {
    cookieKey: env.production ? '__Host-sso_csrf' : 'sso_csrf',
    cookieOpts: { path: '/', sameSite: 'strict', httpOnly: true, secure: env.production },
    // From the form's body only: no header or query can stand in for it.
    getToken: (req) => {
      const value = (req.body as { _csrf?: unknown } | null)?._csrf;
      return typeof value === 'string' ? value : undefined;
    },
  });
  const csrf = (reply: FastifyReply) => reply.generateCsrf();
  const ownOrigins = new Set([env.ssoUrl, env.portalUrl].map((u) => new URL(u).origin));
  /** The page that sent the request, from Origin or else Referer; null for none (or "null"). */
  function senderOrigin(req: FastifyRequest): string | null {
    const origin = req.headers.origin;
    if (typeof origin === 'string') return origin === 'null' ? null : origin;
    try {
      return typeof req.headers.referer === 'string' ? new URL(req.headers.referer).origin : null;
    } catch {
      return null;
    }
  }
  /** The sign-on's configured origin, or the one the browser itself addressed (a page and its post share it). */
  const fromOwnPage = async (req: FastifyRequest) => {
    const sender = senderOrigin(req);
    if (!sender || !(ownOrigins.has(sender) || sender === `${req.protocol}://${req.host}`)) throw new FormRefused();
  };
  // A new array for each route: the rate-limit plugin appends its hook to a route's own list.
  const formGuard = () => [fromOwnPage, app.csrfProtection];

  /** `undefined` when no redirect was given; `null` when one was given and is refused. */
  function redirectOf(value: unknown): URL | null | undefined {
    if (value === undefined || value === '') return undefined;
    return typeof value === 'string' ? allowedRedirect(ctx, value) : null;
  }
  const refused = (reply: FastifyReply) => html(reply, messagePage('Sign in', REDIRECT_REFUSED, { href: '/sso/sign-in', label: 'Sign in' }), 400);

  /** A posted form drawn again (with a fresh token) with what was typed (never the password) and `error` above it; else a message page. */
  function formAgain(request: FastifyRequest, reply: FastifyReply, error: string): string {
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const redirect = redirectOf(raw.redirect) ?? undefined;
    const post = (path: string) => request.method === 'POST' && request.routeOptions.url === path;
    if (post('/sso/sign-in')) return signInPage({ csrf: csrf(reply), redirect: redirect?.toString(), email: typedValues(raw).email, error });
    if (post('/sso/sign-up')) return signUpPage({ csrf: csrf(reply), redirect: redirect?.toString(), values: typedValues(raw), error });
    if (post('/sso/sign-out'))
      return signOutPage({ csrf: csrf(reply), redirect: redirect?.toString(), cancel: redirect?.toString() ?? `${env.portalUrl}/`, error });
    return messagePage('Sign in', error, { href: '/sso/sign-in', label: 'Try again' });
  }

  app.setErrorHandler((err: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) => {
    const api = (request.routeOptions.url ?? '').startsWith('/sso/api/');
    if (isDatabaseUnavailable(err)) {
      const sent = unavailable(request, reply, err);
      if (api) return sent.send(errorBody(ErrorCode.UNAVAILABLE, UNAVAILABLE_MESSAGE));
      return html(sent, formAgain(request, sent, UNAVAILABLE_MESSAGE), 503);
    }
    if (api) {
      if (err instanceof Refused) return reply.status(err.statusCode).send(err.body);
      if (err.statusCode === 415)
        return reply.status(415).send(errorBody(ErrorCode.BAD_REQUEST, ERROR_TEXTS['400400'], { cause: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }));
      if (err.statusCode === 429) return reply.status(429).send(errorBody(ErrorCode.TOO_MANY_REQUESTS, MESSAGES.tooManySignIns));
      if (err.statusCode && err.statusCode < 500) {
        // The client's mistake (bad JSON, a body too large): a note, no stack, as the API's own handler answers it.
        clientError(request, err);
        return reply.status(err.statusCode).send(errorBody(ErrorCode.BAD_REQUEST, ERROR_TEXTS['400400'], { cause: (err as { code?: string }).code ?? null }));
      }
      request.log.error({ err }, 'sign-on error');
      return reply.status(500).send(errorBody(ErrorCode.UNEXPECTED, ERROR_TEXTS['0']));
    }
    if (err instanceof FormRefused || (err as { code?: string }).code?.startsWith('FST_CSRF_')) {
      return html(reply, formAgain(request, reply, FORM_REFUSED), 403);
    }
    if (err.statusCode === 429) {
      return html(reply, messagePage('Too many attempts', MESSAGES.tooManySignIns, { href: '/sso/sign-in', label: 'Back to sign in' }), 429);
    }
    if (err.statusCode && err.statusCode < 500) {
      clientError(request, err);
      return html(reply, messagePage('Sign in', ERROR_TEXTS['400400'], { href: '/sso/sign-in', label: 'Sign in' }), err.statusCode);
    }
    request.log.error({ err }, 'sign-on error');
    return html(reply, messagePage('Sign in', ERROR_TEXTS['0'], { href: '/sso/sign-in', label: 'Try again' }), 500);
  });

  route(app, ssoApi.stylesheet, async (_req, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SSO_CSS));

  route(app, ssoApi.jwks, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ctx.keys.jwks;
  });

  const limitSignIn = signInLimiter(app, { perEmail: env.SIGN_IN_RATE_LIMIT, perAddress: env.SIGN_IN_ADDRESS_RATE_LIMIT });

  const RedirectQuery = z.object({ redirect: z.string().max(2048).optional(), email: z.string().max(254).optional() });

  route(app, ssoApi.signInPage, async (req, reply) => {
    const q = RedirectQuery.safeParse(req.query);
    const redirect = redirectOf(q.data?.redirect);
    if (!q.success || redirect === null) return refused(reply);
    return html(reply, signInPage({ csrf: csrf(reply), redirect: redirect?.toString(), email: q.data.email }));
  });

  route(app, ssoApi.signIn, { preHandler: [...formGuard(), limitSignIn] }, async (req, reply) => {
    const raw = formFields(req.body);
    const parsed = SignInBody.safeParse(raw);
    const redirect = redirectOf(raw.redirect);
    if (redirect === null) return refused(reply);
    if (!parsed.success)
      return html(reply, signInPage({ csrf: csrf(reply), redirect: redirect?.toString(), email: typedValues(raw).email, error: INVALID_CREDENTIALS }), 400);
    const { email, password } = parsed.data;
    const user = await findUserByEmail(ctx.database.db, email);
    const ok = await verify(user?.passwordHash ?? (await dummyHash!), password).catch(() => false);
    if (!user || !ok) {
      return html(reply, signInPage({ csrf: csrf(reply), redirect: redirect?.toString(), email, error: INVALID_CREDENTIALS }), 401);
    }
    if (!user.isActive) {
      return html(reply, signInPage({ csrf: csrf(reply), redirect: redirect?.toString(), email, error: ERROR_TEXTS['400409'] }), 403);
    }
    setAuthCookie(reply, await ctx.tokens.startSession(user));
    return reply.redirect(redirect?.toString() ?? `${env.portalUrl}/`, 303);
  });

  route(app, ssoApi.signUpPage, async (req, reply) => {
    const q = RedirectQuery.safeParse(req.query);
    const redirect = redirectOf(q.data?.redirect);
    if (!q.success || redirect === null) return refused(reply);
    return html(reply, signUpPage({ csrf: csrf(reply), redirect: redirect?.toString(), values: { email: q.data.email } }));
  });

  route(app, ssoApi.signUp, { config: { rateLimit: { max: env.SIGN_IN_RATE_LIMIT, timeWindow: '1 minute' } }, preHandler: formGuard() }, async (req, reply) => {
    const raw = formFields(req.body) as Record<string, string | undefined>;
    const redirect = redirectOf(raw.redirect);
    if (redirect === null) return refused(reply);
    const values = typedValues(raw);
    const parsed = SignUpBody.safeParse(raw);
    const errors: Record<string, string[]> = parsed.success ? {} : (z.flattenError(parsed.error).fieldErrors as Record<string, string[]>);
    if (parsed.success && parsed.data.password !== parsed.data.confirmPassword) errors.confirmPassword = [VALIDATION_MESSAGES.NO_MATCH];
    if (!parsed.success || Object.keys(errors).length) {
      return html(reply, signUpPage({ csrf: csrf(reply), redirect: redirect?.toString(), values, errors }), 400);
    }
    const input = parsed.data;
    const passwordHash = await hash(input.password);
    const [user] = await ctx.database.db
      .insert(users)
      .values({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber,
        passwordHash,
        role: 'practitioner',
      })
      .onConflictDoNothing()
      .returning();
    if (!user) {
      return html(reply, signUpPage({ csrf: csrf(reply), redirect: redirect?.toString(), values, errors: { email: [ERROR_TEXTS['409000']] } }), 409);
    }
    setAuthCookie(reply, await ctx.tokens.startSession(user));
    return reply.redirect(redirect?.toString() ?? `${env.portalUrl}/`, 303);
  });

  /**
   * The mobile app's and terminal's way in: JSON instead of forms, tokens in the body instead of
   * the cookie (no cookie is read or written). JSON only: a form post or text/plain, which another
   * website can send without the browser asking first, answers 415. The same limiter as the form.
   */
  const jsonOnly = async (req: FastifyRequest) => {
    if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) throw Object.assign(new Error('JSON only'), { statusCode: 415 });
  };
  route(app, ssoApi.token, { onRequest: jsonOnly, preHandler: limitSignIn }, async (req) => {
    const parsed = ssoApi.token.checkedBody.safeParse(req.body);
    if (!parsed.success) throw new Refused(400, errorBody(ErrorCode.BAD_REQUEST, ERROR_TEXTS['400400']));
    const user = await findUserByEmail(ctx.database.db, parsed.data.email);
    const ok = await verify(user?.passwordHash ?? (await dummyHash!), parsed.data.password).catch(() => false);
    if (!user || !ok) throw new Refused(401, errorBody(ErrorCode.UNAUTHENTICATED, INVALID_CREDENTIALS));
    if (!user.isActive) throw new Refused(403, errorBody(ErrorCode.USER_DEACTIVATED, ERROR_TEXTS['400409']));
    return ctx.tokens.startSession(user);
  });

  route(
    app,
    ssoApi.patientSignUp,
    { onRequest: jsonOnly, config: { rateLimit: { max: env.SIGN_IN_RATE_LIMIT, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const parsed = ssoApi.patientSignUp.checkedBody.safeParse(req.body);
      if (!parsed.success) {
        const fieldErrors = z.flattenError(parsed.error).fieldErrors as Record<string, string[]>;
        throw new Refused(400, errorBody(ErrorCode.BAD_REQUEST, ERROR_TEXTS['400400'], { fieldErrors }));
      }
      const { password, ...rest } = parsed.data;
      const [user] = await ctx.database.db
        .insert(users)
        .values({ ...rest, passwordHash: await hash(password), role: 'patient' })
        .onConflictDoNothing()
        .returning();
      if (!user) throw new Refused(409, errorBody(ErrorCode.EMAIL_TAKEN, ERROR_TEXTS['409000'], { fieldErrors: { email: [ERROR_TEXTS['409000']] } }));
      return reply.status(201).send(await ctx.tokens.startSession(user));
    },
  );

  /**
   * Sign-out asks first: a GET (a link, an image another site embeds) only draws the confirmation
   * form; its POST, guarded like every form, signs out. Cancel leads back to the redirect, else the portal.
   */
  route(app, ssoApi.signOutPage, async (req, reply) => {
    const q = RedirectQuery.safeParse(req.query);
    const redirect = redirectOf(q.data?.redirect);
    if (!q.success || redirect === null) return refused(reply);
    return html(reply, signOutPage({ csrf: csrf(reply), redirect: redirect?.toString(), cancel: redirect?.toString() ?? `${env.portalUrl}/` }));
  });

  route(app, ssoApi.signOut, { preHandler: formGuard() }, async (req, reply) => {
    const raw = (req.body ?? {}) as Record<string, unknown>;
    const redirect = redirectOf(raw.redirect);
    if (redirect === null) return refused(reply);
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
    return html(reply, signInPage({ csrf: csrf(reply), notice: 'You have been signed out.' }));
  });
};
