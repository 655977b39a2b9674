import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { warehouseApi } from '@portal/contract';
import { route } from '../../lib/route';
import { caller } from '../../plugins/auth';
import { createGeocoder } from './geocoder';
import * as service from './service';

/**
 * The practice's warehouses with their consignment stock (SPEC §3), under /api/portal. Accepted
 * practitioners only (the acceptance guard); another practice's ids answer 404.
 */
export const warehouseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const geocoder = createGeocoder({
    key: ctx.env.MAPS_KEY,
    url: ctx.env.MAPS_GEOCODE_URL,
    log: ctx.log,
  });
  const config = { requiresAccepted: true };

  route(app, warehouseApi.list, { config }, async (req) => service.listWarehouses(ctx, caller(req).userId));

  route(app, warehouseApi.create, { config }, async (req, reply) =>
    reply.status(201).send(await service.createWarehouse(ctx, geocoder, caller(req).userId, req.body)),
  );

  route(app, warehouseApi.update, { config }, async (req) => service.updateWarehouse(ctx, geocoder, caller(req).userId, req.params.id, req.body));

  route(app, warehouseApi.makePrimary, { config }, async (req) => service.makePrimaryWarehouse(ctx, caller(req).userId, req.params.id));

  route(app, warehouseApi.consignments, { config }, async (req) => service.listConsignments(ctx, caller(req).userId, req.query.warehouseID));

  route(app, warehouseApi.receive, { config }, async (req) => service.receiveConsignment(ctx, caller(req).userId, req.params.id));
};
