import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_TEXTS, ErrorCode, type ApiErrorBody } from '@portal/contract';
import { AppError } from '../lib/errors';
import { safeError } from '../logger';

export function errorBody(code: string, message: string, extra: Partial<ApiErrorBody['error']> = {}): ApiErrorBody {
  return { error: { message, params: extra.params ?? null, fieldErrors: extra.fieldErrors ?? null, code, cause: extra.cause ?? null } };
}

/** Turns zod issues (as fastify-type-provider-zod reports them) into `{ field: [messages] }`. */
function fieldErrorsOf(error: {
  validation: Array<{ instancePath: string; message?: string; keyword?: string; params?: Record<string, unknown> }>;
  validationContext?: string;
}) {
  const out: Record<string, string[]> = {};
  const add = (key: string, message: string) => (out[key] ??= []).push(message);
  for (const issue of error.validation) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const k of issue.params.keys as string[]) add(key === (error.validationContext || 'body') ? k : `${key}.${k}`, 'Unknown field');
    } else {
      add(key, issue.message ?? ERROR_TEXTS['400400']);
    }
  }
  return out;
}

/** The one error handler: `{error:{message,params,fieldErrors,code,cause}}`, no internals on 5xx. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      if (err.extra.headers) reply.headers(err.extra.headers);
      return reply.status(err.statusCode).send(errorBody(err.code, err.message, { fieldErrors: err.extra.fieldErrors, params: err.extra.params }));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A malformed or overlong id names nothing: the same 404 as another practitioner's object.
      if (err.validationContext === 'params') return reply.status(404).send(errorBody(ErrorCode.NOT_FOUND, 'The requested resource was not found'));
      return reply.status(400).send(errorBody(ErrorCode.BAD_REQUEST, ERROR_TEXTS['400400'], { fieldErrors: fieldErrorsOf(err) }));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send(errorBody(ErrorCode.FETCH, ERROR_TEXTS['500505']));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      // The rate limiter throws the body its route built (with the wait in its message): keep it.
      const built = (err as unknown as Partial<ApiErrorBody>).error;
      return reply.status(429).send(built?.code ? { error: built } : errorBody(ErrorCode.TOO_MANY_REQUESTS, 'Too many requests, please try again later'));
    }
    if (status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, unsupported media type): safe to describe.
      return reply.status(status).send(errorBody(ErrorCode.BAD_REQUEST, ERROR_TEXTS['400400'], { cause: err.code ?? null }));
    }
    if (isDatabaseUnavailable(err)) return unavailable(request, reply, err).send(errorBody(ErrorCode.UNAVAILABLE, UNAVAILABLE_MESSAGE));
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody(ErrorCode.UNEXPECTED, ERROR_TEXTS['0']));
  });
});

/**
 * Errors that mean "the database cannot be reached right now", not "this request is wrong": the
 * server is down or restarting (57P01 admin shutdown, 57P02/57P03, refused or reset connections),
 * the pool had no connection to give within its timeout (exhausted, or the database unreachable),
 * or a statement ran past its timeout. The client may retry, so they answer 503 with Retry-After.
 * drizzle wraps the driver's error, so the whole cause chain is looked at.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|Query read timeout|not queryable|terminating connection/i;

/** What a 503 says while the database is down or every connection is busy. */
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable, please try again shortly';

/**
 * The reply to a request the database could not serve (`isDatabaseUnavailable`): 503 with Retry-After,
 * for the caller to send its body in its own form (JSON here, a page on the sign-on app's forms).
 */
export function unavailable(request: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply {
  // One short line each: during an outage every request lands here, and stack traces would flood the log.
  request.log.warn({ code: causeCode(err), reason: (safeError(err) as { message?: string }).message }, 'database unavailable');
  return reply.status(503).header('retry-after', '5');
}

function causeCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}
