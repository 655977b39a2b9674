import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kitAdminApi } from '@portal/contract';
import { route } from '../../lib/route';
import { adminCheckFor } from '../admin/service';
import * as service from './service';

const config = { auth: 'public' as const };

/**
 * The provider's side of kits under /api/admin, behind the admin token: send kits to a practice,
 * move a kit through the lab's steps, attach its genotype file with its results.
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

  // A whole consumer export (tens of MB) fits; the contract's limit on the text is the real one.
  route(app, kitAdminApi.results, { config, bodyLimit: 64 * 1024 * 1024 }, async (req) => {
    const kit = await service.attachResults(ctx, req.params.sampleLabel, req.body.genotypes);
    if (kit.sessionID)
      await ctx.audit.labImport(req, kit.sessionID, 'kit', `genotype file of kit ${kit.sampleLabel} (${kit.genotypes} lines), results available`);
    return kit;
  });
};
