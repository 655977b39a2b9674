import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_TEXTS, ErrorCode, VALIDATION_MESSAGES, isStorableText } from '@portal/contract';
import { errorBody } from './errors';

/** At most this many offending fields are named in one answer. */
const MAX_NAMED = 20;

/**
 * The dotted paths (`address.street`, `answers.q1`, `items.0`) of every string in `value` that no
 * text field can hold (`isStorableText`): values and object keys alike, since a key becomes data too
 * (a record's keys are stored in JSON columns).
 */
export function unstorablePaths(value: unknown, into: string[] = [], at = '', depth = 0): string[] {
  if (into.length >= MAX_NAMED || depth > 64) return into;
  if (typeof value === 'string') {
    if (!isStorableText(value)) into.push(at || 'body');
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => unstorablePaths(v, into, at ? `${at}.${i}` : String(i), depth + 1));
  } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [k, v] of Object.entries(value)) {
      const path = at ? `${at}.${k}` : k;
      if (!isStorableText(k)) into.push(path);
      else unstorablePaths(v, into, path, depth + 1);
    }
  }
  return into;
}

const JSON_API = /^\/(api|sso\/api)\//;

/**
 * Strings with NUL, other control characters or lone surrogate halves are refused at the edge of
 * every JSON API (`/api`, `/sso/api`), before the route's schema and handler: in a path parameter
 * they name nothing (the same 404 as another's object), in the query or the body they answer 400
 * with the catalogue's text and the fields named. Nothing of them reaches the database (PostgreSQL
 * fails on NUL; the rest would be stored as invisible garbage). The sign-on's forms check the same
 * rule through the contract's validators and draw the form again with the message.
 */
export const textInputGuard = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    // The route that matched decides, not the address as sent (decision 023).
    if (!JSON_API.test(request.routeOptions.url ?? '')) return;
    if (unstorablePaths(request.params).length) {
      return reply.status(404).send(errorBody(ErrorCode.NOT_FOUND, 'The requested resource was not found'));
    }
    const fields = unstorablePaths(request.query);
    unstorablePaths(request.body, fields);
    if (fields.length) {
      const fieldErrors = Object.fromEntries(fields.map((f) => [f, [VALIDATION_MESSAGES.INVALID_NUMBER]]));
      return reply.status(400).send(errorBody(ErrorCode.BAD_REQUEST, ERROR_TEXTS['400400'], { fieldErrors }));
    }
  });
});
