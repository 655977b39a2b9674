import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transactionAdminApi } from '@portal/contract';
import { route } from '../../lib/route';
import { adminCheckFor } from '../admin/service';
import * as service from './service';

const config = { auth: 'public' as const };

/** The provider's side of fees under /api/admin, behind the admin token: mark a data-request fee paid. */
export const transactionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', adminCheckFor(ctx));

  route(app, transactionAdminApi.markPaid, { config }, async (req) => service.markFeePaid(ctx, req.params.id));
};
