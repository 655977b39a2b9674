import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssignKitBody,
  Consignment,
  DiscountCode,
  DiscountCodeInput,
  DiscountCodeListQuery,
  IdParams,
  KitListQuery,
  KitRow,
  PeriodTotals,
  Transaction,
  TransactionListQuery,
  TransactionTotalsQuery,
  Warehouse,
  WarehouseInput,
  pageOf,
  zId,
} from '@portal/contract';
import { caller } from '../../plugins/auth';
import { createGeocoder } from './geocoder';
import * as service from './service';

const list = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });
const ConsignmentListQuery = z.strictObject({ warehouseID: zId.optional() });
const TransactionExportQuery = TransactionListQuery.omit({
  limit: true,
  offset: true,
});

/**
 * Running the practice (SPEC §1, §3, §5, §9) under /api/portal: kits and their assignment to a
 * session, warehouses with their consignment stock, discount codes and the transactions summary.
 * Accepted practitioners only (the acceptance guard); another practice's ids answer 404.
 */
export const commerceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const geocoder = createGeocoder({
    key: ctx.env.MAPS_KEY,
    url: ctx.env.MAPS_GEOCODE_URL,
    log: ctx.log,
  });
  const config = { requiresAccepted: true };

  // ---- Kits ----
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

  // ---- Warehouses ----
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

  // ---- Discount codes ----
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

  // ---- Transactions ----
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
