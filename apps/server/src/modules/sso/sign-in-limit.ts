import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normaliseEmail, SignInBody } from '@portal/contract';

/**
 * The email a sign-in attempt is counted against: the one the account is looked up by (the
 * contract's sign-in email, trimmed and lower-cased), or the same done by hand to a value that
 * schema refuses, so `" ada@…"`, `"ada@… "` and `"ADA@…"` are one budget.
 */
export function attemptedEmail(body: unknown): string {
  const raw = (body as { email?: unknown } | null)?.email;
  if (typeof raw !== 'string') return '';
  const parsed = SignInBody.shape.email.safeParse(raw);
  return (parsed.success ? parsed.data : normaliseEmail(raw)).slice(0, 254);
}

/** A sign-in attempt over a limit; the sign-on's error handler answers it (429 with the contract's text). */
export class TooManySignIns extends Error {
  readonly statusCode = 429;
  constructor() {
    super('too many sign-in attempts');
  }
}

/**
 * One sign-in limiter for the form and the token API: every attempt counts once against its email
 * (`SIGN_IN_RATE_LIMIT` a minute, from any address) and once against its client address
 * (`SIGN_IN_ADDRESS_RATE_LIMIT` a minute, across emails). The counters live in the app's rate-limit
 * store, so in Redis when REDIS_URL is set. Over either limit: Retry-After and TooManySignIns.
 */
export function signInLimiter(app: FastifyInstance, limits: { perEmail: number; perAddress: number }) {
  const byEmail = app.createRateLimit({ max: limits.perEmail, timeWindow: 60_000, keyGenerator: (req) => `sign-in-email:${attemptedEmail(req.body)}` });
  const byAddress = app.createRateLimit({ max: limits.perAddress, timeWindow: 60_000, keyGenerator: (req) => `sign-in-address:${normalizeIP(req.ip)}` });
  return async function limitSignIn(request: FastifyRequest, reply: FastifyReply) {
    const counted = await Promise.all([byEmail(request), byAddress(request)]);
    const over = counted.filter((c) => !c.isAllowed && c.isExceeded);
    if (!over.length) return;
    reply.header('retry-after', String(Math.max(1, ...over.map((c) => (c.isAllowed ? 0 : c.ttlInSeconds)))));
    throw new TooManySignIns();
  };
}
