import { and, count, desc, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { discountCodes, orders, practitioners, transactions } from '../../db/schema';
import { escapeLike, findOfPractice, isUniqueViolation } from '../../db/sql';

type Executor = Db | Tx;
import { takeStockKit } from '../kits/service';

export async function findPractitionerById(db: Executor, id: string) {
  const [row] = await db.select({ id: practitioners.id, status: practitioners.status }).from(practitioners).where(eq(practitioners.id, id)).limit(1);
  return row;
}

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

export const findDiscountCode = (db: Executor, practitionerId: string, id: string) => findOfPractice(db, discountCodes, practitionerId, id);

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
export async function writeOrder(db: Db, o: NewOrder, today: string) {
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
      kitId = await takeStockKit(tx, o.practitionerId, o.patientId);
      if (!kitId) throw new OrderRefused('no_kit');
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
