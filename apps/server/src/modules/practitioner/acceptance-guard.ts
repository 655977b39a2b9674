import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, MESSAGES, PractitionerStatus } from '@portal/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { caller } from '../../plugins/auth';
import { findPractice } from './repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * SPEC §4, §6: only an accepted practitioner may call this route (warehouse, payment details,
     * summary, discount codes). Others get 403 with the product's words, whatever they send.
     */
    requiresAccepted?: boolean;
  }
}

export const notAccepted = () => new AppError(403, ErrorCode.FORBIDDEN, MESSAGES.notAccepted, { params: { reason: 'practitionerNotAccepted' } });

/**
 * The one place `config: { requiresAccepted: true }` is enforced. Register after the auth plugin
 * and before the routes: its hook runs after the token check and before the body is validated, so
 * a refused caller learns nothing from validation errors.
 */
export const acceptanceGuard = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.addHook('onRoute', (route) => {
    if (!route.config?.requiresAccepted) return;
    const hook = async (request: FastifyRequest) => {
      const practice = await findPractice(opts.db, caller(request).userId);
      if (practice?.status !== PractitionerStatus.ACCEPTED) throw notAccepted();
    };
    const existing = route.onRequest;
    // After the auth hook whichever plugin's onRoute ran first: the auth plugin prepends its own.
    route.onRequest = existing ? [...(Array.isArray(existing) ? existing : [existing]), hook] : [hook];
  });
});
