import {
  LOW_STOCK_THRESHOLD,
  MAX_WAREHOUSES,
  type Consignment,
  type PracticeStock,
  type Warehouse,
  type WarehouseInput,
  type WarehouseStock,
} from '@portal/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { isoOrNull } from '../../lib/dates';
import { badRequest, changedOnce, notFound } from '../../lib/errors';
import { practitionerOf } from '../sessions/access';
import type { Geocoder } from './geocoder';
import * as repo from './repository';

// Read by kits: the kits list's warehouse filter, and the warehouse a consignment of new kits goes to.
export { findWarehouse, primaryWarehouse } from './repository';

type WarehouseValues = z.output<typeof WarehouseInput>;

const NO_STOCK: repo.StockCounts = { received: 0, handedOut: 0, inTransit: 0 };

export function toStock(c: repo.StockCounts): WarehouseStock {
  return {
    received: c.received,
    handedOut: c.handedOut,
    onHand: c.received - c.handedOut,
    inTransit: c.inTransit,
  };
}

/** What the practice holds in all; the low-stock warning follows from it, not from one warehouse. */
function toPracticeStock(c: Awaited<ReturnType<typeof repo.practiceStock>>): PracticeStock {
  const onHand = c.inWarehouses + c.withPractice;
  return { onHand, inWarehouses: c.inWarehouses, withPractice: c.withPractice, inTransit: c.inTransit, lowStock: onHand < LOW_STOCK_THRESHOLD };
}

function toWarehouse(r: Awaited<ReturnType<typeof repo.listWarehouses>>[number], stock: Map<string, repo.StockCounts>): Warehouse {
  return {
    id: r.id,
    practitionerID: r.practitionerId,
    name: r.name,
    contactPerson: r.contactPerson,
    contactNumber: r.contactNumber,
    address: {
      streetAddress: r.streetAddress,
      suburb: r.suburb,
      state: r.state,
      postalCode: r.postalCode,
      countryCode: r.countryCode,
    },
    latitude: r.latitude,
    longitude: r.longitude,
    primary: r.primary,
    stock: toStock(stock.get(r.id) ?? NO_STOCK),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function withStock(ctx: AppContext, practitionerId: string, row: Awaited<ReturnType<typeof repo.listWarehouses>>[number]) {
  return toWarehouse(row, await repo.stockByWarehouse(ctx.database.db, practitionerId));
}

export async function listWarehouses(ctx: AppContext, userId: string) {
  const p = await practitionerOf(ctx, userId);
  const [rows, stock, held] = await Promise.all([
    repo.listWarehouses(ctx.database.db, p.id),
    repo.stockByWarehouse(ctx.database.db, p.id),
    repo.practiceStock(ctx.database.db, p.id),
  ]);
  return { results: rows.map((r) => toWarehouse(r, stock)), stock: toPracticeStock(held) };
}

const sameAddress = (a: WarehouseValues, b: Pick<WarehouseValues, 'streetAddress' | 'suburb' | 'state' | 'postalCode' | 'countryCode'>) =>
  a.streetAddress === b.streetAddress && a.suburb === b.suburb && a.state === b.state && a.postalCode === b.postalCode && a.countryCode === b.countryCode;

export async function createWarehouse(ctx: AppContext, geocoder: Geocoder, userId: string, input: WarehouseValues) {
  const p = await practitionerOf(ctx, userId);
  const coordinates = await geocoder.geocode(input);
  const row = await repo.insertWarehouse(
    ctx.database.db,
    p.id,
    {
      ...input,
      latitude: coordinates?.latitude ?? null,
      longitude: coordinates?.longitude ?? null,
    },
    MAX_WAREHOUSES,
  );
  if (row === 'full')
    throw badRequest({
      warehouse: [`A practice can have at most ${MAX_WAREHOUSES} warehouses`],
    });
  return withStock(ctx, p.id, row);
}

export async function updateWarehouse(ctx: AppContext, geocoder: Geocoder, userId: string, id: string, input: WarehouseValues) {
  const p = await practitionerOf(ctx, userId);
  const current = await repo.findWarehouse(ctx.database.db, p.id, id);
  if (!current) throw notFound();
  // Coordinates follow the address: kept while it is unchanged, looked up again when it changes.
  let coordinates: { latitude: number | null; longitude: number | null } = {
    latitude: current.latitude,
    longitude: current.longitude,
  };
  if (!sameAddress(input, current)) {
    const found = await geocoder.geocode(input);
    coordinates = {
      latitude: found?.latitude ?? null,
      longitude: found?.longitude ?? null,
    };
  }
  const row = await repo.updateWarehouse(ctx.database.db, p.id, id, {
    ...input,
    ...coordinates,
  });
  if (!row) throw notFound();
  return withStock(ctx, p.id, row);
}

export async function makePrimaryWarehouse(ctx: AppContext, userId: string, id: string) {
  const p = await practitionerOf(ctx, userId);
  const row = await repo.setPrimaryWarehouse(ctx.database.db, p.id, id);
  if (!row) throw notFound();
  return withStock(ctx, p.id, row);
}

// ---- Consignments ------------------------------------------------------------------------------

export const toConsignment = (r: Awaited<ReturnType<typeof repo.listConsignments>>[number]): Consignment => ({
  id: r.id,
  warehouseID: r.warehouseId,
  kitCount: r.kitCount,
  dispatchedAt: r.dispatchedAt.toISOString(),
  receivedAt: isoOrNull(r.receivedAt),
});

export async function listConsignments(ctx: AppContext, userId: string, warehouseId?: string) {
  const p = await practitionerOf(ctx, userId);
  if (warehouseId && !(await repo.findWarehouse(ctx.database.db, p.id, warehouseId))) throw notFound();
  const rows = await repo.listConsignments(ctx.database.db, p.id, warehouseId);
  return { results: rows.map(toConsignment) };
}

/** Marks a consignment received; receiving it twice answers 400414 and changes nothing. */
export async function receiveConsignment(ctx: AppContext, userId: string, id: string) {
  const p = await practitionerOf(ctx, userId);
  const row = await repo.receiveConsignment(ctx.database.db, p.id, id);
  return toConsignment(await changedOnce(row, () => repo.findConsignment(ctx.database.db, p.id, id), 'This consignment has already been received'));
}
