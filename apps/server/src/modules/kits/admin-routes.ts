import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kitAdminApi } from '@portal/contract';
import { route } from '../../lib/route';
import { adminCheckFor } from '../admin/service';
import * as service from './service';

const config = { auth: 'public' as const };

/**
 * The provider's side of kits under /api/admin, behind the admin token: send kits to a practice,
 * move a kit through the lab's steps.
 */
export const kitAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', adminCheckFor(ctx));

  route(app, kitAdminApi.consign, { config }, async (req, reply) => reply.status(201).send(await service.consignKits(ctx, req.body)));

  route(app, kitAdminApi.advance, { config }, async (req) => {
    const kit = await service.advanceKit(ctx, req.params.sampleLabel);
    if (kit.sessionID) await ctx.audit.labImport(req, kit.sessionID, 'kit', `kit ${kit.sampleLabel} now ${kit.status}`);
    return kit;
  });
};
