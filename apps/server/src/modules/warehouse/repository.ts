import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { consignments, kits, practitioners, warehouses } from '../../db/schema';
import { findOfPractice, flagOnlyOfPractice, insertFlaggedFirst, listOfPractice, updateOfPractice } from '../../db/sql';

type Executor = Db | Tx;

export type WarehouseValues = Pick<
  typeof warehouses.$inferInsert,
  'name' | 'contactPerson' | 'contactNumber' | 'streetAddress' | 'suburb' | 'state' | 'postalCode' | 'countryCode' | 'latitude' | 'longitude'
>;

export const listWarehouses = (db: Executor, practitionerId: string) =>
  listOfPractice(db, warehouses, practitionerId, desc(warehouses.primary), asc(warehouses.createdAt));

export const findWarehouse = (db: Executor, practitionerId: string, id: string) => findOfPractice(db, warehouses, practitionerId, id);

/**
 * Adds a warehouse; the first one is primary and becomes practitioners.warehouse_id. 'full' at the
 * limit. The practice row is locked, so two concurrent first warehouses cannot both be primary.
 */
export const insertWarehouse = (db: Db, practitionerId: string, values: WarehouseValues, max: number) =>
  insertFlaggedFirst(db, warehouses, 'primary', practitionerId, values, max, (tx, row) =>
    tx.update(practitioners).set({ warehouseId: row.id, updatedAt: new Date() }).where(eq(practitioners.id, practitionerId)),
  );

export const updateWarehouse = (db: Executor, practitionerId: string, id: string, values: WarehouseValues) =>
  updateOfPractice(db, warehouses, practitionerId, id, values);

/** Moves the primary flag and practitioners.warehouse_id to this warehouse, in one transaction. */
export async function setPrimaryWarehouse(db: Db, practitionerId: string, id: string) {
  return db.transaction(async (tx) => {
    const row = await flagOnlyOfPractice(tx, warehouses, 'primary', practitionerId, id);
    if (!row) return undefined;
    await tx.update(practitioners).set({ warehouseId: id, updatedAt: new Date() }).where(eq(practitioners.id, practitionerId));
    return row;
  });
}

export async function primaryWarehouse(db: Executor, practitionerId: string) {
  const [row] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.practitionerId, practitionerId), eq(warehouses.primary, true)))
    .limit(1);
  return row;
}

export interface StockCounts {
  received: number;
  handedOut: number;
  inTransit: number;
}

/** The consignment stock of every warehouse of a practice, in one grouped query. */
export async function stockByWarehouse(db: Executor, practitionerId: string) {
  const rows = await db
    .select({
      warehouseId: consignments.warehouseId,
      received: sql<number>`count(${kits.id}) filter (where ${consignments.receivedAt} is not null)`.mapWith(Number),
      handedOut: sql<number>`count(${kits.id}) filter (where ${consignments.receivedAt} is not null and ${kits.status} <> 'in_stock')`.mapWith(Number),
      inTransit: sql<number>`count(${kits.id}) filter (where ${consignments.receivedAt} is null)`.mapWith(Number),
    })
    .from(consignments)
    .innerJoin(kits, eq(kits.consignmentId, consignments.id))
    .where(eq(consignments.practitionerId, practitionerId))
    .groupBy(consignments.warehouseId);
  return new Map<string, StockCounts>(rows.map((r) => [r.warehouseId, r] as const));
}

/**
 * The practice's kits in stock and not handed out, by where they are: in a warehouse (a received
 * consignment), with the practice directly (no consignment: stocked before it had a warehouse),
 * or on their way (a consignment not yet received). One query over the kits, as the kits list reads them.
 */
export async function practiceStock(db: Executor, practitionerId: string) {
  const [row] = await db
    .select({
      inWarehouses: sql<number>`count(*) filter (where ${kits.consignmentId} is not null and ${consignments.receivedAt} is not null)`.mapWith(Number),
      withPractice: sql<number>`count(*) filter (where ${kits.consignmentId} is null)`.mapWith(Number),
      inTransit: sql<number>`count(*) filter (where ${kits.consignmentId} is not null and ${consignments.receivedAt} is null)`.mapWith(Number),
    })
    .from(kits)
    .leftJoin(consignments, eq(consignments.id, kits.consignmentId))
    .where(and(eq(kits.practitionerId, practitionerId), eq(kits.status, 'in_stock'), isNull(kits.sessionId)));
  return row ?? { inWarehouses: 0, withPractice: 0, inTransit: 0 };
}

// ---- Consignments ------------------------------------------------------------------------------

export async function listConsignments(db: Executor, practitionerId: string, warehouseId?: string) {
  const conditions = [eq(consignments.practitionerId, practitionerId)];
  if (warehouseId) conditions.push(eq(consignments.warehouseId, warehouseId));
  return db
    .select()
    .from(consignments)
    .where(and(...conditions))
    .orderBy(desc(consignments.dispatchedAt), desc(consignments.id));
}

export const findConsignment = (db: Executor, practitionerId: string, id: string) => findOfPractice(db, consignments, practitionerId, id);

/** Marks a consignment received once: a second call matches no row. */
export async function receiveConsignment(db: Executor, practitionerId: string, id: string) {
  const [row] = await db
    .update(consignments)
    .set({ receivedAt: new Date() })
    .where(and(eq(consignments.id, id), eq(consignments.practitionerId, practitionerId), isNull(consignments.receivedAt)))
    .returning();
  return row;
}
