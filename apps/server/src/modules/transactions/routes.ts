import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transactionsApi } from '@portal/contract';
import { route } from '../../lib/route';
import { caller } from '../../plugins/auth';
import * as service from './service';

/**
 * The practice's transactions summary (SPEC §9), under /api/portal. Accepted practitioners only (the
 * acceptance guard).
 */
export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const config = { requiresAccepted: true };

  route(app, transactionsApi.list, { config }, async (req) => service.listTransactions(ctx, caller(req).userId, req.query));

  route(app, transactionsApi.totals, { config }, async (req) => service.transactionTotals(ctx, caller(req).userId, req.query));

  route(app, transactionsApi.exportCsv, { config }, async (req, reply) => {
    const out = await service.exportTransactions(ctx, caller(req).userId, req.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${out.filename}"`)
      .header('x-export-rows', String(out.rows))
      .header('x-export-truncated', String(out.truncated))
      .send(out.csv);
  });
};
