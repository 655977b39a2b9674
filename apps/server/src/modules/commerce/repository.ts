import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  collections,
  consignments,
  discountCodes,
  genotypeFiles,
  kits,
  orders,
  practitioners,
  results,
  sessions,
  transactions,
  users,
  warehouses,
} from '../../db/schema';

type Executor = Db | Tx;

/** The SQLSTATE of a database error, wherever the driver or Drizzle put it. */
export function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && i < 4; i += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
const UNIQUE_VIOLATION = '23505';
export const isUniqueViolation = (err: unknown) => pgCode(err) === UNIQUE_VIOLATION;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Start of a UTC day, and of the day after (for an inclusive 'to' date). */
const dayStart = (date: string) => new Date(`${date}T00:00:00.000Z`);
const dayAfter = (date: string) => new Date(dayStart(date).getTime() + 86_400_000);

// ---- Practitioners -----------------------------------------------------------------------------

export async function findPractitionerByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({
      id: practitioners.id,
      status: practitioners.status,
      warehouseId: practitioners.warehouseId,
    })
    .from(practitioners)
    .innerJoin(users, eq(users.id, practitioners.userId))
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findPractitionerById(db: Executor, id: string) {
  const [row] = await db.select({ id: practitioners.id, status: practitioners.status }).from(practitioners).where(eq(practitioners.id, id)).limit(1);
  return row;
}

/** Serialises writes that decide "the first" or "how many" for one practice. */
async function lockPractitioner(tx: Tx, practitionerId: string) {
  await tx.execute(sql`select id from ${practitioners} where id = ${practitionerId} for update`);
}

// ---- Kits --------------------------------------------------------------------------------------

/** A kit is with the practice once it is not in a consignment still in transit. */
const kitAtPractice = or(isNull(kits.consignmentId), isNotNull(consignments.receivedAt))!;

export interface KitFilter {
  search?: string;
  status?: string;
  warehouseID?: string;
  limit: number;
  offset: number;
}

const kitColumns = {
  id: kits.id,
  sampleLabel: kits.sampleLabel,
  status: kits.status,
  collectionIds: kits.collectionIds,
  warehouseId: kits.warehouseId,
  sessionId: kits.sessionId,
  patientFirstName: users.firstName,
  patientLastName: users.lastName,
  createdAt: kits.createdAt,
  updatedAt: kits.updatedAt,
};
function kitQuery(db: Executor) {
  return db
    .select(kitColumns)
    .from(kits)
    .leftJoin(consignments, eq(consignments.id, kits.consignmentId))
    .leftJoin(sessions, eq(sessions.id, kits.sessionId))
    .leftJoin(users, eq(users.id, sessions.patientId));
}

/**
 * The practice's kits (not those still in transit), filtered and paged in SQL, in an order the table
 * says out loud: those in stock (to hand out) first, then by sample label.
 */
export async function listKits(db: Executor, practitionerId: string, f: KitFilter) {
  const conditions: SQL[] = [eq(kits.practitionerId, practitionerId), kitAtPractice];
  if (f.status) conditions.push(eq(kits.status, f.status));
  if (f.warehouseID) conditions.push(eq(kits.warehouseId, f.warehouseID));
  if (f.search) {
    const term = escapeLike(f.search.replace(/\s+/g, ''));
    conditions.push(or(ilike(kits.sampleLabel, `%${term}%`), like(sql`${kits.id}::text`, `${term.toLowerCase()}%`))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    kitQuery(db)
      .where(where)
      .orderBy(sql`${kits.status} <> 'in_stock'`, asc(kits.sampleLabel), asc(kits.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(kits).leftJoin(consignments, eq(consignments.id, kits.consignmentId)).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function kitById(db: Executor, kitId: string) {
  const [row] = await kitQuery(db).where(eq(kits.id, kitId)).limit(1);
  return row;
}
export type KitListRow = NonNullable<Awaited<ReturnType<typeof kitById>>>;

export const allCollections = (db: Executor) => db.select({ id: collections.id, name: collections.name }).from(collections).orderBy(asc(collections.id));

/** The practice's kit with this label, with whether it is still in transit. */
export async function findKitByLabel(db: Executor, practitionerId: string, sampleLabel: string) {
  const [row] = await db
    .select({
      id: kits.id,
      status: kits.status,
      sessionId: kits.sessionId,
      consignmentId: kits.consignmentId,
      receivedAt: consignments.receivedAt,
    })
    .from(kits)
    .leftJoin(consignments, eq(consignments.id, kits.consignmentId))
    .where(and(eq(kits.sampleLabel, sampleLabel), eq(kits.practitionerId, practitionerId)))
    .limit(1);
  return row;
}

/**
 * Hands an in-stock kit to a session's patient as one conditional update: of two concurrent
 * assignments of one kit exactly one matches the row, and the unique index on kits.session_id
 * refuses a second kit for one session. 'taken' when either guard refused.
 */
export async function assignKit(
  db: Executor,
  a: {
    kitId: string;
    practitionerId: string;
    sessionId: string;
    patientId: string;
  },
): Promise<'assigned' | 'taken'> {
  try {
    const rows = await db
      .update(kits)
      .set({
        status: 'assigned',
        sessionId: a.sessionId,
        patientId: a.patientId,
        updatedAt: new Date(),
      })
      .where(and(eq(kits.id, a.kitId), eq(kits.practitionerId, a.practitionerId), eq(kits.status, 'in_stock'), isNull(kits.sessionId)))
      .returning({ id: kits.id });
    return rows.length === 1 ? 'assigned' : 'taken';
  } catch (err) {
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
}

/** New kits with the given labels; labels already taken are skipped and returned as not inserted. */
export async function insertKits(tx: Executor, values: Array<typeof kits.$inferInsert>) {
  return tx.insert(kits).values(values).onConflictDoNothing().returning({ id: kits.id, sampleLabel: kits.sampleLabel });
}

export async function kitForLab(db: Executor, sampleLabel: string) {
  const [row] = await db
    .select({
      id: kits.id,
      status: kits.status,
      sessionId: kits.sessionId,
      sampleLabel: kits.sampleLabel,
    })
    .from(kits)
    .where(eq(kits.sampleLabel, sampleLabel))
    .limit(1);
  return row;
}

export async function labData(db: Executor, kitId: string) {
  const [[result], [file]] = await Promise.all([
    db.select({ id: results.id }).from(results).where(eq(results.kitId, kitId)).limit(1),
    db.select({ content: genotypeFiles.content }).from(genotypeFiles).where(eq(genotypeFiles.kitId, kitId)).limit(1),
  ]);
  return { hasResults: Boolean(result), genotypeFile: file?.content ?? null };
}

/**
 * The lab's next step as a conditional update (from the status read before), with the results
 * computed from the genotype file in the same transaction when the step needs them.
 */
export async function advanceKit(db: Db, kitId: string, from: string, to: string, newResult?: { title: string; data: unknown; engineVersion: string }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(kits)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(kits.id, kitId), eq(kits.status, from)))
      .returning();
    if (!row) return null;
    if (newResult) await tx.insert(results).values({ kitId, ...newResult });
    return row;
  });
}

// ---- Warehouses --------------------------------------------------------------------------------

export type WarehouseValues = Pick<
  typeof warehouses.$inferInsert,
  'name' | 'contactPerson' | 'contactNumber' | 'streetAddress' | 'suburb' | 'state' | 'postalCode' | 'countryCode' | 'latitude' | 'longitude'
>;

export const listWarehouses = (db: Executor, practitionerId: string) =>
  db
    .select()
    .from(warehouses)
    .where(eq(warehouses.practitionerId, practitionerId))
    .orderBy(desc(warehouses.primary), asc(warehouses.createdAt), asc(warehouses.id));

export async function findWarehouse(db: Executor, practitionerId: string, id: string) {
  const [row] = await db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.id, id), eq(warehouses.practitionerId, practitionerId)))
    .limit(1);
  return row;
}

/**
 * Adds a warehouse; the first one is primary and becomes practitioners.warehouse_id. 'full' at the
 * limit. The practice row is locked, so two concurrent first warehouses cannot both be primary.
 */
export async function insertWarehouse(db: Db, practitionerId: string, values: WarehouseValues, max: number) {
  return db.transaction(async (tx) => {
    await lockPractitioner(tx, practitionerId);
    const [existing] = await tx.select({ n: count() }).from(warehouses).where(eq(warehouses.practitionerId, practitionerId));
    const n = Number(existing?.n ?? 0);
    if (n >= max) return 'full' as const;
    const [row] = await tx
      .insert(warehouses)
      .values({ ...values, practitionerId, primary: n === 0 })
      .returning();
    if (n === 0) {
      await tx.update(practitioners).set({ warehouseId: row!.id, updatedAt: new Date() }).where(eq(practitioners.id, practitionerId));
    }
    return row!;
  });
}

export async function updateWarehouse(db: Executor, practitionerId: string, id: string, values: WarehouseValues) {
  const [row] = await db
    .update(warehouses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(warehouses.id, id), eq(warehouses.practitionerId, practitionerId)))
    .returning();
  return row;
}

/** Moves the primary flag and practitioners.warehouse_id to this warehouse, in one transaction. */
export async function setPrimaryWarehouse(db: Db, practitionerId: string, id: string) {
  return db.transaction(async (tx) => {
    await lockPractitioner(tx, practitionerId);
    const [target] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.id, id), eq(warehouses.practitionerId, practitionerId)));
    if (!target) return undefined;
    await tx
      .update(warehouses)
      .set({ primary: false, updatedAt: new Date() })
      .where(and(eq(warehouses.practitionerId, practitionerId), eq(warehouses.primary, true), ne(warehouses.id, id)));
    const [row] = await tx.update(warehouses).set({ primary: true, updatedAt: new Date() }).where(eq(warehouses.id, id)).returning();
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

export async function findConsignment(db: Executor, practitionerId: string, id: string) {
  const [row] = await db
    .select()
    .from(consignments)
    .where(and(eq(consignments.id, id), eq(consignments.practitionerId, practitionerId)))
    .limit(1);
  return row;
}

/** Marks a consignment received once: a second call matches no row. */
export async function receiveConsignment(db: Executor, practitionerId: string, id: string) {
  const [row] = await db
    .update(consignments)
    .set({ receivedAt: new Date() })
    .where(and(eq(consignments.id, id), eq(consignments.practitionerId, practitionerId), isNull(consignments.receivedAt)))
    .returning();
  return row;
}

/**
 * The provider's shipment: a consignment to a warehouse (null: kits stocked with the practice
 * directly) and its kits, in one transaction. `labels` makes candidate sample labels; a label
 * that happens to exist already is replaced by a fresh one.
 */
export async function createShipment(
  db: Db,
  s: {
    practitionerId: string;
    warehouseId: string | null;
    count: number;
    collectionIds: number[];
    labels: (n: number) => string[];
  },
) {
  return db.transaction(async (tx) => {
    let consignment: typeof consignments.$inferSelect | undefined;
    if (s.warehouseId) {
      [consignment] = await tx
        .insert(consignments)
        .values({
          practitionerId: s.practitionerId,
          warehouseId: s.warehouseId,
          kitCount: s.count,
        })
        .returning();
    }
    const created: Array<{ id: string; sampleLabel: string }> = [];
    for (let attempt = 0; created.length < s.count && attempt < 5; attempt += 1) {
      const labels = s.labels(s.count - created.length);
      created.push(
        ...(await insertKits(
          tx,
          labels.map((sampleLabel) => ({
            sampleLabel,
            practitionerId: s.practitionerId,
            status: 'in_stock',
            collectionIds: s.collectionIds,
            warehouseId: s.warehouseId,
            consignmentId: consignment?.id ?? null,
          })),
        )),
      );
    }
    if (created.length < s.count) throw new Error('could not find unused sample labels');
    return { consignment: consignment ?? null, kits: created };
  });
}

export async function existingCollectionIds(db: Executor, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db.select({ id: collections.id }).from(collections).where(inArray(collections.id, ids));
  return new Set(rows.map((r) => r.id));
}

// ---- Discount codes ----------------------------------------------------------------------------

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** The state rule of contract's discountCodeState, as SQL, for filtering in the database. */
export function discountStateCondition(state: string, today: string): SQL {
  const d = discountCodes;
  const notDeactivated = isNull(d.deactivatedAt);
  const expired = sql`(${d.validUntil} is not null and ${d.validUntil} < ${today}::date)`;
  const scheduled = sql`${today}::date < ${d.validFrom}`;
  const usedUp = sql`(${d.usageLimit} is not null and ${d.usageCount} >= ${d.usageLimit})`;
  switch (state) {
    case 'deactivated':
      return isNotNull(d.deactivatedAt);
    case 'expired':
      return and(notDeactivated, expired)!;
    case 'scheduled':
      return and(notDeactivated, sql`not ${expired}`, scheduled)!;
    case 'used_up':
      return and(notDeactivated, sql`not ${expired}`, sql`not ${scheduled}`, usedUp)!;
    default:
      return and(notDeactivated, sql`not ${expired}`, sql`not ${scheduled}`, sql`not ${usedUp}`)!;
  }
}

export async function listDiscountCodes(
  db: Executor,
  practitionerId: string,
  f: {
    search?: string;
    state?: string;
    today: string;
    limit: number;
    offset: number;
  },
) {
  const conditions: SQL[] = [eq(discountCodes.practitionerId, practitionerId)];
  if (f.search) conditions.push(ilike(discountCodes.code, `%${escapeLike(f.search.replace(/\s+/g, ''))}%`));
  if (f.state) conditions.push(discountStateCondition(f.state, f.today));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db.select().from(discountCodes).where(where).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id)).limit(f.limit).offset(f.offset),
    db.select({ n: count() }).from(discountCodes).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** Inserts a code; null when the (case-insensitive) code is taken by any practice. */
export async function insertDiscountCode(db: Executor, values: typeof discountCodes.$inferInsert) {
  try {
    const [row] = await db.insert(discountCodes).values(values).returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

export async function findDiscountCode(db: Executor, practitionerId: string, id: string) {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.id, id), eq(discountCodes.practitionerId, practitionerId)))
    .limit(1);
  return row;
}

/** Changes a code's rule and options (never the code itself); undefined when deactivated or not the practice's. */
export async function updateDiscountCode(
  db: Executor,
  practitionerId: string,
  id: string,
  values: Omit<typeof discountCodes.$inferInsert, 'code' | 'practitionerId'>,
) {
  const [row] = await db
    .update(discountCodes)
    .set(values)
    .where(and(eq(discountCodes.id, id), eq(discountCodes.practitionerId, practitionerId), isNull(discountCodes.deactivatedAt)))
    .returning();
  return row;
}

/** Deactivates a code once (irreversible); undefined when it was already deactivated or is not the practice's. */
export async function deactivateDiscountCode(db: Executor, practitionerId: string, id: string) {
  const [row] = await db
    .update(discountCodes)
    .set({ deactivatedAt: new Date() })
    .where(and(eq(discountCodes.id, id), eq(discountCodes.practitionerId, practitionerId), isNull(discountCodes.deactivatedAt)))
    .returning();
  return row;
}

export async function findCodeOfPractice(db: Executor, practitionerId: string, code: string) {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(sql`upper(${discountCodes.code}) = upper(${code})`, eq(discountCodes.practitionerId, practitionerId)))
    .limit(1);
  return row;
}

// ---- Orders ------------------------------------------------------------------------------------

export class OrderRefused extends Error {
  constructor(readonly reason: 'code' | 'no_kit') {
    super(reason);
  }
}

export interface NewOrder {
  patientId: string;
  practitionerId: string;
  product: 'kit' | 'consultation';
  quantity: number;
  subtotalCents: number;
  discountCents: number;
  currency: string;
  code: DiscountCodeRow | null;
  takeKit: boolean;
  saleDescription: string;
  discountDescription: string;
}

/**
 * Writes an order in one transaction: counts the code's use atomically (a code at its limit,
 * deactivated or past its end date meanwhile matches no row), takes an in-stock kit when the code
 * says so (SKIP LOCKED: concurrent orders take different kits), then the order and its sale and
 * discount transactions. Any refusal rolls everything back (OrderRefused).
 */
export async function placeOrder(db: Db, o: NewOrder, today: string) {
  return db.transaction(async (tx) => {
    if (o.code) {
      const used = await tx
        .update(discountCodes)
        .set({ usageCount: sql`${discountCodes.usageCount} + 1` })
        .where(
          and(
            eq(discountCodes.id, o.code.id),
            isNull(discountCodes.deactivatedAt),
            sql`${discountCodes.validFrom} <= ${today}::date`,
            sql`(${discountCodes.validUntil} is null or ${discountCodes.validUntil} >= ${today}::date)`,
            sql`(${discountCodes.usageLimit} is null or ${discountCodes.usageCount} < ${discountCodes.usageLimit})`,
          ),
        )
        .returning({ id: discountCodes.id });
      if (used.length !== 1) throw new OrderRefused('code');
    }
    let kitId: string | null = null;
    if (o.takeKit) {
      const [kit] = await tx
        .select({ id: kits.id })
        .from(kits)
        .leftJoin(consignments, eq(consignments.id, kits.consignmentId))
        .where(and(eq(kits.practitionerId, o.practitionerId), eq(kits.status, 'in_stock'), isNull(kits.sessionId), kitAtPractice))
        .orderBy(asc(kits.createdAt), asc(kits.id))
        .limit(1)
        .for('update', { skipLocked: true, of: kits });
      if (!kit) throw new OrderRefused('no_kit');
      kitId = kit.id;
      await tx
        .update(kits)
        .set({
          status: 'assigned',
          patientId: o.patientId,
          updatedAt: new Date(),
        })
        .where(eq(kits.id, kit.id));
    }
    const [order] = await tx
      .insert(orders)
      .values({
        patientId: o.patientId,
        practitionerId: o.practitionerId,
        product: o.product,
        quantity: o.quantity,
        subtotalCents: o.subtotalCents,
        discountCents: o.discountCents,
        totalCents: o.subtotalCents - o.discountCents,
        currency: o.currency,
        discountCodeId: o.code?.id ?? null,
        upsell: o.code?.upsell || null,
        requiresShipping: o.product === 'kit' || Boolean(o.code?.requiresShipping),
        kitId,
      })
      .returning();
    // The patient pays in the mobile app when ordering: sale and discount are settled at once.
    const at = order!.createdAt;
    await tx.insert(transactions).values([
      {
        practitionerId: o.practitionerId,
        kind: o.product === 'kit' ? 'kit_sale' : 'consultation_sale',
        description: o.saleDescription,
        amountCents: o.subtotalCents,
        currency: o.currency,
        orderId: order!.id,
        paidAt: at,
        createdAt: at,
      },
      ...(o.discountCents > 0
        ? [
            {
              practitionerId: o.practitionerId,
              kind: 'discount',
              description: o.discountDescription,
              amountCents: -o.discountCents,
              currency: o.currency,
              orderId: order!.id,
              paidAt: at,
              createdAt: at,
            },
          ]
        : []),
    ]);
    return order!;
  });
}

// ---- Transactions ------------------------------------------------------------------------------

export interface TransactionFilter {
  kind?: string;
  state?: 'paid' | 'due' | 'overdue';
  from?: string;
  to?: string;
}

/** The filters as SQL; the state rule is contract's transactionState at `now`. */
function transactionWhere(practitionerId: string, f: TransactionFilter, now: Date) {
  const t = transactions;
  const conditions: SQL[] = [eq(t.practitionerId, practitionerId)];
  if (f.kind) conditions.push(eq(t.kind, f.kind));
  if (f.from) conditions.push(gte(t.createdAt, dayStart(f.from)));
  if (f.to) conditions.push(lt(t.createdAt, dayAfter(f.to)));
  if (f.state === 'paid') conditions.push(isNotNull(t.paidAt));
  if (f.state === 'overdue') conditions.push(isNull(t.paidAt), lt(t.dueAt, now));
  if (f.state === 'due') conditions.push(isNull(t.paidAt), or(isNull(t.dueAt), gte(t.dueAt, now))!);
  return and(...conditions);
}

export async function listTransactions(db: Executor, practitionerId: string, f: TransactionFilter & { limit: number; offset: number }, now: Date) {
  const where = transactionWhere(practitionerId, f, now);
  const [rows, [total]] = await Promise.all([
    db.select().from(transactions).where(where).orderBy(desc(transactions.createdAt), desc(transactions.id)).limit(f.limit).offset(f.offset),
    db.select({ n: count() }).from(transactions).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** Sums per period (UTC) and currency, in the database; integer arithmetic throughout. */
export async function transactionTotals(db: Executor, practitionerId: string, period: 'day' | 'week' | 'month', f: TransactionFilter, now: Date) {
  const t = transactions;
  const sum = (filter?: SQL) =>
    (filter
      ? sql<number>`coalesce(sum(${t.amountCents}) filter (where ${filter}), 0)::bigint`
      : sql<number>`coalesce(sum(${t.amountCents}), 0)::bigint`
    ).mapWith(Number);
  return db
    .select({
      period: sql<string>`to_char(date_trunc(${period}, ${t.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
      currency: t.currency,
      fees: sum(sql`${t.kind} = 'data_request_fee'`),
      sales: sum(sql`${t.kind} in ('kit_sale', 'consultation_sale')`),
      discounts: sum(sql`${t.kind} = 'discount'`),
      net: sum(),
      outstanding: sum(sql`${t.paidAt} is null`),
    })
    .from(t)
    .where(transactionWhere(practitionerId, f, now))
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1 desc`, sql`2`);
}

/** Up to `cap` rows for the export, newest first. */
export async function exportTransactions(db: Executor, practitionerId: string, f: TransactionFilter, now: Date, cap: number) {
  return db
    .select()
    .from(transactions)
    .where(transactionWhere(practitionerId, f, now))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(cap);
}

/** The provider marks a fee paid, once. */
export async function markFeePaid(db: Executor, id: string) {
  const [row] = await db
    .update(transactions)
    .set({ paidAt: new Date() })
    .where(and(eq(transactions.id, id), eq(transactions.kind, 'data_request_fee'), isNull(transactions.paidAt)))
    .returning();
  return row;
}

export async function findTransaction(db: Executor, id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  return row;
}
