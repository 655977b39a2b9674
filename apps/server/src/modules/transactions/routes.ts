import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PeriodTotals, Transaction, TransactionListQuery, TransactionTotalsQuery, pageOf } from '@portal/contract';
import { caller } from '../../plugins/auth';
import * as service from './service';

const list = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });
const TransactionExportQuery = TransactionListQuery.omit({
  limit: true,
  offset: true,
});

/**
 * The practice's transactions summary (SPEC §9), under /api/portal. Accepted practitioners only (the
 * acceptance guard).
 */
export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const config = { requiresAccepted: true };

  const tTags = ['transactions'];
  app.get(
    '/transactions/',
    {
      config,
      schema: {
        tags: tTags,
        summary: "Transactions, newest first: data-request fees, sales and discounts, signed from the practice's side in minor units",
        querystring: TransactionListQuery,
        response: { 200: pageOf(Transaction) },
      },
    },
    async (req) => service.listTransactions(ctx, caller(req).userId, req.query),
  );

  app.get(
    '/transactions/totals',
    {
      config,
      schema: {
        tags: tTags,
        summary: 'Totals per day, week or month (UTC) and currency, with the same filters',
        querystring: TransactionTotalsQuery,
        response: { 200: list(PeriodTotals) },
      },
    },
    async (req) => service.transactionTotals(ctx, caller(req).userId, req.query),
  );

  app.get(
    '/transactions/export.csv',
    {
      config,
      schema: {
        tags: tTags,
        summary: `Transactions as CSV with the same filters, at most ${service.CSV_ROW_CAP.toLocaleString('en')} rows (x-export-truncated: true when there were more)`,
        querystring: TransactionExportQuery,
      },
    },
    async (req, reply) => {
      const out = await service.exportTransactions(ctx, caller(req).userId, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${out.filename}"`)
        .header('x-export-rows', String(out.rows))
        .header('x-export-truncated', String(out.truncated))
        .send(out.csv);
    },
  );
};
