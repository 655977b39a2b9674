import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_TEXTS, ErrorCode, type ApiErrorBody } from '@portal/contract';
import { AppError } from '../lib/errors';

export function errorBody(code: string, message: string, extra: Partial<ApiErrorBody['error']> = {}): ApiErrorBody {
  return { error: { message, params: extra.params ?? null, fieldErrors: extra.fieldErrors ?? null, code, cause: extra.cause ?? null } };
}

/** Turns zod issues (as fastify-type-provider-zod reports them) into `{ field: [messages] }`. */
function fieldErrorsOf(error: { validation: Array<{ instancePath: string; message?: string; keyword?: string; params?: Record<string, unknown> }>; validationContext?: string }) {
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
      return reply
        .status(err.statusCode)
        .send(errorBody(err.code, err.message, { fieldErrors: err.extra.fieldErrors, params: err.extra.params }));
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
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(errorBody(ErrorCode.UNAVAILABLE, 'The service is temporarily unavailable, please try again shortly'));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody(ErrorCode.UNEXPECTED, ERROR_TEXTS['0']));
  });

});

function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  return ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '08003'].includes(code ?? '') ||
    /timeout exceeded when trying to connect|Connection terminated/i.test(String((err as Error)?.message));
}
