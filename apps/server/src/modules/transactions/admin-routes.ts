import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, Transaction } from '@portal/contract';
import { adminCheckFor } from '../admin/service';
import * as service from './service';

const tags = ['admin'];
const config = { auth: 'public' as const };

/** The provider's side of fees under /api/admin, behind the admin token: mark a data-request fee paid. */
export const transactionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', adminCheckFor(ctx));

  app.post(
    '/transactions/:id/paid',
    {
      config,
      schema: {
        tags,
        summary: 'Mark a data-request fee paid (once; otherwise 400414)',
        params: IdParams,
        response: { 200: Transaction },
      },
    },
    async (req) => service.markFeePaid(ctx, req.params.id),
  );
};
