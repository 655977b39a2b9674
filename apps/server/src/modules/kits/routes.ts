import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AssignKitBody, IdParams, KitListQuery, KitRow, pageOf } from '@portal/contract';
import { caller } from '../../plugins/auth';
import * as service from './service';

/**
 * The practice's kits and their assignment to a session (SPEC §1), under /api/portal. Accepted
 * practitioners only (the acceptance guard); another practice's ids answer 404.
 */
export const kitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const config = { requiresAccepted: true };

  app.get(
    '/kits/',
    {
      config,
      schema: {
        tags: ['kits'],
        summary: "The practice's kits (not those still in transit), in stock first, then by sample label; search on sample label or id prefix",
        querystring: KitListQuery,
        response: { 200: pageOf(KitRow) },
      },
    },
    async (req) => service.listKits(ctx, caller(req).userId, req.query),
  );

  app.put(
    '/sessions/:id/kit',
    {
      config,
      schema: {
        tags: ['kits'],
        summary: 'Hand an in-stock kit to the patient of an accepted session (a taken kit: 400416)',
        params: IdParams,
        body: AssignKitBody,
        response: { 200: KitRow },
      },
    },
    async (req) =>
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
