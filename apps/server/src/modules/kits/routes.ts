import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kitsApi } from '@portal/contract';
import { route } from '../../lib/route';
import { caller } from '../../plugins/auth';
import * as service from './service';

/**
 * The practice's kits and their assignment to a session (SPEC §1), under /api/portal. Accepted
 * practitioners only (the acceptance guard); another practice's ids answer 404.
 */
export const kitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const config = { requiresAccepted: true };

  route(app, kitsApi.list, { config }, async (req) => service.listKits(ctx, caller(req).userId, req.query));

  route(app, kitsApi.assign, { config }, async (req) =>
    ctx.audit.around(
      req,
      {
        action: 'assign',
        category: 'kit',
        sessionId: req.params.id,
        detail: `kit ${req.body.sampleLabel}`,
      },
      () => service.assignKit(ctx, caller(req).userId, req.params.id, req.body.sampleLabel),
    ),
  );
};
