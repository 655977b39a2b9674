import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { collections, consignments, genotypeFiles, kits, practitioners, results, sessions, users } from '../../db/schema';
import { escapeLike, isUniqueViolation } from '../../db/sql';

type Executor = Db | Tx;

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

/**
 * The lab's results step in one transaction: the kit goes from processing to results available (a
 * conditional update: of two concurrent uploads one wins, the other changes nothing), its genotype
 * file is stored (replacing an earlier one) and its results with it. Null when the kit was not
 * processing any more.
 */
export async function attachResults(
  db: Db,
  kitId: string,
  a: { file: { content: string; synthetic: boolean }; result: { title: string; data: unknown; engineVersion: string } },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(kits)
      .set({ status: 'results_available', updatedAt: new Date() })
      .where(and(eq(kits.id, kitId), eq(kits.status, 'processing')))
      .returning();
    if (!row) return null;
    await tx
      .insert(genotypeFiles)
      .values({ kitId, ...a.file })
      .onConflictDoUpdate({ target: genotypeFiles.kitId, set: { ...a.file, createdAt: new Date() } });
    await tx.insert(results).values({ kitId, ...a.result });
    return row;
  });
}

/**
 * Takes the practice's oldest in-stock kit for a patient's order, inside the order's transaction
 * (SKIP LOCKED: concurrent orders take different kits); null when there is none.
 */
export async function takeStockKit(tx: Tx, practitionerId: string, patientId: string) {
  const [kit] = await tx
    .select({ id: kits.id })
    .from(kits)
    .leftJoin(consignments, eq(consignments.id, kits.consignmentId))
    .where(and(eq(kits.practitionerId, practitionerId), eq(kits.status, 'in_stock'), isNull(kits.sessionId), kitAtPractice))
    .orderBy(asc(kits.createdAt), asc(kits.id))
    .limit(1)
    .for('update', { skipLocked: true, of: kits });
  if (!kit) return null;
  await tx
    .update(kits)
    .set({
      status: 'assigned',
      patientId,
      updatedAt: new Date(),
    })
    .where(eq(kits.id, kit.id));
  return kit.id;
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
