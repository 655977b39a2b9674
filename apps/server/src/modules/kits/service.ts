import { randomBytes } from 'node:crypto';
import { ErrorCode, SessionStatus, nextKitStatus, type KitListQuery, type KitRow, type KitStatus } from '@portal/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest, badStatusTransition, notFound } from '../../lib/errors';
import { checkRawGenotypes, computeResults } from '../genetics';
import { ownedSession, practitionerOf } from '../sessions/access';
import * as warehouses from '../warehouse/service';
import * as repo from './repository';

// The kit a patient's order takes from the practice's stock, inside the order's transaction (discount-codes).
export { takeStockKit } from './repository';

async function collectionNames(ctx: AppContext) {
  const rows = await repo.allCollections(ctx.database.db);
  return new Map(rows.map((r) => [r.id, r.name]));
}

function toKitRow(r: repo.KitListRow, names: Map<number, string>): KitRow {
  return {
    id: r.id,
    sampleLabel: r.sampleLabel,
    status: r.status as KitStatus,
    collections: r.collectionIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
    warehouseID: r.warehouseId,
    session: r.sessionId
      ? {
          id: r.sessionId,
          patientName: `${r.patientFirstName ?? ''} ${r.patientLastName ?? ''}`.trim(),
        }
      : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

type KitQuery = z.output<typeof KitListQuery>;

export async function listKits(ctx: AppContext, userId: string, q: KitQuery) {
  const p = await practitionerOf(ctx, userId);
  // Another practice's warehouse as a filter answers like a missing one, not with an empty page.
  if (q.warehouseID && !(await warehouses.findWarehouse(ctx.database.db, p.id, q.warehouseID))) throw notFound();
  const [{ rows, count }, names] = await Promise.all([repo.listKits(ctx.database.db, p.id, q), collectionNames(ctx)]);
  return {
    results: rows.map((r) => toKitRow(r, names)),
    count,
    limit: q.limit,
    offset: q.offset,
  };
}

/**
 * PUT /portal/sessions/{id}/kit: the caller's accepted session gets the caller's in-stock kit with
 * this label. Another practice's session or kit answers 404; a kit already taken 400416 (decided
 * by the database: the conditional update and the unique index on kits.session_id).
 */
export async function assignKit(ctx: AppContext, userId: string, sessionId: string, sampleLabel: string): Promise<KitRow> {
  const { db } = ctx.database;
  const { practitioner, row } = await ownedSession(ctx, userId, sessionId);
  if (row.session.status !== SessionStatus.ACCEPTED) throw badStatusTransition();
  const kit = await repo.findKitByLabel(db, practitioner.id, sampleLabel);
  if (!kit) throw notFound();
  if (kit.status !== 'in_stock' || kit.sessionId) throw new AppError(400, ErrorCode.KIT_TAKEN);
  if (kit.consignmentId && !kit.receivedAt) throw badStatusTransition('This kit is still in transit: receive its consignment first');
  if (row.kitId) throw badStatusTransition('This session already has a kit');
  const outcome = await repo.assignKit(db, {
    kitId: kit.id,
    practitionerId: practitioner.id,
    sessionId,
    patientId: row.user.id,
  });
  if (outcome === 'taken') throw new AppError(400, ErrorCode.KIT_TAKEN);
  return toKitRow((await repo.kitById(db, kit.id))!, await collectionNames(ctx));
}

// ---- The provider's side (admin) ---------------------------------------------------------------

const LABEL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'; // base32
/** 'KIT-' and 8 random base32 letters (40 bits). */
export function newSampleLabel(): string {
  return `KIT-${Array.from(randomBytes(8), (b) => LABEL_ALPHABET[b % 32]).join('')}`;
}

/**
 * The provider sends `count` kits to a practice: as a consignment to its primary warehouse (in
 * transit until received) when it has one, otherwise straight into its stock.
 */
export async function consignKits(ctx: AppContext, input: { practitionerEmail: string; count: number; collectionIds?: number[] }) {
  const { db } = ctx.database;
  const p = await repo.findPractitionerByEmail(db, input.practitionerEmail);
  if (!p) throw notFound();
  let collectionIds = input.collectionIds;
  if (collectionIds) {
    const found = await repo.existingCollectionIds(db, collectionIds);
    if (collectionIds.some((id) => !found.has(id))) throw badRequest({ collectionIds: ['Value is not valid.'] });
  } else {
    collectionIds = (await repo.allCollections(db)).map((c) => c.id);
  }
  const warehouse = await warehouses.primaryWarehouse(db, p.id);
  const shipment = await repo.createShipment(db, {
    practitionerId: p.id,
    warehouseId: warehouse?.id ?? null,
    count: input.count,
    collectionIds: [...new Set(collectionIds)],
    labels: (n) => Array.from({ length: n }, newSampleLabel),
  });
  return {
    practitionerID: p.id,
    consignment: shipment.consignment ? warehouses.toConsignment(shipment.consignment) : null,
    kits: shipment.kits,
  };
}

/**
 * The lab's next step for a kit. Results available needs results, or a genotype file to compute
 * them from (computed here, stored with the step in one transaction).
 */
export async function advanceKit(ctx: AppContext, sampleLabel: string) {
  const { db } = ctx.database;
  const kit = await repo.kitForLab(db, sampleLabel);
  if (!kit) throw notFound();
  const from = kit.status as KitStatus;
  const to = from === 'in_stock' ? null : nextKitStatus(from);
  if (!to) throw badStatusTransition(from === 'in_stock' ? 'This kit is in stock: assign it to a session first' : "This kit's results are already available");
  let newResult: { title: string; data: unknown; engineVersion: string } | undefined;
  if (to === 'results_available') {
    const lab = await repo.labData(db, kit.id);
    if (!lab.hasResults) {
      if (!lab.genotypeFile) throw badStatusTransition('This kit has no results and no genotype file to compute them from');
      const swab = computeResults(lab.genotypeFile);
      newResult = {
        title: swab.title,
        data: { swab },
        engineVersion: swab.engineVersion,
      };
    }
  }
  const row = await repo.advanceKit(db, kit.id, from, to, newResult);
  if (!row) throw badStatusTransition();
  return {
    id: row.id,
    sampleLabel: row.sampleLabel,
    status: row.status as KitStatus,
    sessionID: row.sessionId,
  };
}

/**
 * The lab's results step (`npm run admin -- kits results LABEL FILE`): the kit's raw genotype file
 * is checked line by line (a bad file is refused with its lines named and changes nothing), then
 * attached to the kit (replacing one attached before), its results computed and the kit made
 * results-available, in one transaction. That step's status change is what notifies the
 * practitioner (the kits_notification_results trigger), so it happens once, with the results.
 */
export async function attachResults(ctx: AppContext, sampleLabel: string, genotypes: string) {
  const { db } = ctx.database;
  const kit = await repo.kitForLab(db, sampleLabel);
  if (!kit) throw notFound();
  const { problems, lines, synthetic } = checkRawGenotypes(genotypes);
  if (problems.length) throw badRequest({ file: problems }, 'The genotype file is not valid');
  const from = kit.status as KitStatus;
  if (from === 'in_stock') throw badStatusTransition('This kit is in stock: assign it to a session first');
  if (from === 'results_available') throw badStatusTransition("This kit's results are already available");
  if (nextKitStatus(from) !== 'results_available') {
    throw badStatusTransition(`This kit is ${from.replace(/_/g, ' ')}: advance it to processing first (kits advance ${kit.sampleLabel})`);
  }
  if ((await repo.labData(db, kit.id)).hasResults) throw badStatusTransition('This kit already has results: kits advance makes them available');
  const swab = computeResults(genotypes);
  const row = await repo.attachResults(db, kit.id, {
    file: { content: genotypes, synthetic },
    result: { title: swab.title, data: { swab }, engineVersion: swab.engineVersion },
  });
  if (!row) throw badStatusTransition();
  return {
    id: row.id,
    sampleLabel: row.sampleLabel,
    status: row.status as KitStatus,
    sessionID: row.sessionId,
    genotypes: lines,
  };
}
