import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Consignment, IdParams, Warehouse, WarehouseInput, zId } from '@portal/contract';
import { caller } from '../../plugins/auth';
import { createGeocoder } from './geocoder';
import * as service from './service';

const list = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });
const ConsignmentListQuery = z.strictObject({ warehouseID: zId.optional() });

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

  const wTags = ['warehouses'];
  app.get(
    '/me/warehouses/',
    {
      config,
      schema: {
        tags: wTags,
        summary: "The practice's warehouses with their stock, primary first",
        response: { 200: list(Warehouse) },
      },
    },
    async (req) => service.listWarehouses(ctx, caller(req).userId),
  );

  app.post(
    '/me/warehouses/',
    {
      config,
      schema: {
        tags: wTags,
        summary: 'Register a warehouse (the first is primary); coordinates from the geocoder when a maps key is set',
        body: WarehouseInput,
        response: { 201: Warehouse },
      },
    },
    async (req, reply) => reply.status(201).send(await service.createWarehouse(ctx, geocoder, caller(req).userId, req.body)),
  );

  app.put(
    '/me/warehouses/:id',
    {
      config,
      schema: {
        tags: wTags,
        summary: 'Edit a warehouse',
        params: IdParams,
        body: WarehouseInput,
        response: { 200: Warehouse },
      },
    },
    async (req) => service.updateWarehouse(ctx, geocoder, caller(req).userId, req.params.id, req.body),
  );

  app.patch(
    '/me/warehouses/:id/primary/',
    {
      config,
      schema: {
        tags: wTags,
        summary: "Make a warehouse the primary one (it becomes the practice's warehouseID)",
        params: IdParams,
        response: { 200: Warehouse },
      },
    },
    async (req) => service.makePrimaryWarehouse(ctx, caller(req).userId, req.params.id),
  );

  app.get(
    '/me/consignments/',
    {
      config,
      schema: {
        tags: wTags,
        summary: "Consignments of kits sent to the practice's warehouses, newest first",
        querystring: ConsignmentListQuery,
        response: { 200: list(Consignment) },
      },
    },
    async (req) => service.listConsignments(ctx, caller(req).userId, req.query.warehouseID),
  );

  app.post(
    '/me/consignments/:id/receive',
    {
      config,
      schema: {
        tags: wTags,
        summary: "Mark a consignment received: its kits join the warehouse's stock (twice: 400414)",
        params: IdParams,
        response: { 200: Consignment },
      },
    },
    async (req) => service.receiveConsignment(ctx, caller(req).userId, req.params.id),
  );
};
