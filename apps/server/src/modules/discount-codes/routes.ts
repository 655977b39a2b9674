import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DiscountCode, DiscountCodeInput, DiscountCodeListQuery, IdParams, pageOf } from '@portal/contract';
import { caller } from '../../plugins/auth';
import * as service from './service';

/**
 * The practice's discount codes (SPEC §5), under /api/portal. Accepted practitioners only (the
 * acceptance guard); another practice's ids answer 404. Patients order with them in patient/routes.ts.
 */
export const discountCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const config = { requiresAccepted: true };

  const dTags = ['discount codes'];
  app.get(
    '/discount-codes/',
    {
      config,
      schema: {
        tags: dTags,
        summary: "The practice's discount codes, newest first, by state (UTC day)",
        querystring: DiscountCodeListQuery,
        response: { 200: pageOf(DiscountCode) },
      },
    },
    async (req) => service.listDiscountCodes(ctx, caller(req).userId, req.query),
  );

  app.post(
    '/discount-codes/',
    {
      config,
      schema: {
        tags: dTags,
        summary: 'Create a discount code: the code typed (unique, case-insensitive) or, empty, a generated one',
        body: DiscountCodeInput,
        response: { 201: DiscountCode },
      },
    },
    async (req, reply) => reply.status(201).send(await service.createDiscountCode(ctx, caller(req).userId, req.body)),
  );

  app.put(
    '/discount-codes/:id',
    {
      config,
      schema: {
        tags: dTags,
        summary: "Change a discount code's rule, upsell and options (not the code itself; not once deactivated)",
        params: IdParams,
        body: DiscountCodeInput,
        response: { 200: DiscountCode },
      },
    },
    async (req) => service.updateDiscountCode(ctx, caller(req).userId, req.params.id, req.body),
  );

  app.post(
    '/discount-codes/:id/deactivate',
    {
      config,
      schema: {
        tags: dTags,
        summary: 'Deactivate a discount code (cannot be undone)',
        params: IdParams,
        response: { 200: DiscountCode },
      },
    },
    async (req) => service.deactivateDiscountCode(ctx, caller(req).userId, req.params.id),
  );
};
