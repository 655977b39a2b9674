import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { discountCodesApi } from '@portal/contract';
import { route } from '../../lib/route';
import { caller } from '../../plugins/auth';
import * as service from './service';

/**
 * The practice's discount codes (SPEC §5), under /api/portal. Accepted practitioners only (the
 * acceptance guard); another practice's ids answer 404. Patients order with them in patient/routes.ts.
 */
export const discountCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const config = { requiresAccepted: true };

  route(app, discountCodesApi.list, { config }, async (req) => service.listDiscountCodes(ctx, caller(req).userId, req.query));

  route(app, discountCodesApi.create, { config }, async (req, reply) =>
    reply.status(201).send(await service.createDiscountCode(ctx, caller(req).userId, req.body)),
  );

  route(app, discountCodesApi.update, { config }, async (req) => service.updateDiscountCode(ctx, caller(req).userId, req.params.id, req.body));

  route(app, discountCodesApi.deactivate, { config }, async (req) => service.deactivateDiscountCode(ctx, caller(req).userId, req.params.id));
};
