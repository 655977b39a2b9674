import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminApi } from '@portal/contract';
import { route } from '../../lib/route';
import { adminCheckFor } from './admin-auth';
import * as service from './service';

/**
 * The provider's review of new practices (/api/admin). Outside the practitioners' auth: the
 * routes are 'public' to the token plugin and checked here against the admin token instead.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const checkAdmin = adminCheckFor(ctx);
  app.addHook('onRequest', checkAdmin);
  const config = { auth: 'public' as const };

  route(app, adminApi.practitioners, { config }, async (req) => service.listPractitioners(ctx, req.query));

  for (const decision of ['accept', 'decline'] as const) {
    route(app, adminApi[decision], { config }, async (req) => service.review(ctx, req.params.id, decision));
  }
};
