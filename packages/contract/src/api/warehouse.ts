import { z } from 'zod';
import { IdParams, listOf, zId } from '../common';
import { Consignment, PracticeStock, Warehouse, WarehouseInput } from '../commerce';
import { defineEndpoint } from '../endpoint';

const tags = ['warehouses'];

/** The practice's warehouses and the consignments of kits sent to them (SPEC §3). */
export const warehouseApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/portal/me/warehouses/',
    tags,
    summary: "The practice's warehouses with their own stock, primary first, and the stock the practice holds in all (theirs and its stock from before)",
    responses: { 200: listOf(Warehouse).extend({ stock: PracticeStock }) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/portal/me/warehouses/',
    tags,
    summary: 'Register a warehouse (the first is primary); coordinates from the geocoder when a maps key is set',
    body: WarehouseInput,
    responses: { 201: Warehouse },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/portal/me/warehouses/:id',
    tags,
    summary: 'Edit a warehouse',
    params: IdParams,
    body: WarehouseInput,
    responses: { 200: Warehouse },
  }),
  makePrimary: defineEndpoint({
    method: 'PATCH',
    path: '/api/portal/me/warehouses/:id/primary/',
    tags,
    summary: "Make a warehouse the primary one (it becomes the practice's warehouseID)",
    params: IdParams,
    responses: { 200: Warehouse },
  }),
  consignments: defineEndpoint({
    method: 'GET',
    path: '/api/portal/me/consignments/',
    tags,
    summary: "Consignments of kits sent to the practice's warehouses, newest first",
    query: z.strictObject({ warehouseID: zId.optional() }),
    responses: { 200: listOf(Consignment) },
  }),
  receive: defineEndpoint({
    method: 'POST',
    path: '/api/portal/me/consignments/:id/receive',
    tags,
    summary: "Mark a consignment received: its kits join the warehouse's stock (twice: 400414)",
    params: IdParams,
    responses: { 200: Consignment },
  }),
};
