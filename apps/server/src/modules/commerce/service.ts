import { randomBytes } from 'node:crypto';
import {
  DISCOUNT_TEXTS,
  ErrorCode,
  MAX_WAREHOUSES,
  LOW_STOCK_THRESHOLD,
  PractitionerStatus,
  SessionStatus,
  TRANSACTION_CSV_COLUMNS,
  TRANSACTION_KIND_LABELS,
  TRANSACTION_STATE_LABELS,
  discountAmount,
  discountCodeState,
  formatMoney,
  generateDiscountCode,
  nextKitStatus,
  transactionState,
  type Consignment,
  type DiscountCode,
  type DiscountCodeInput,
  type DiscountCodeListQuery,
  type KitListQuery,
  type KitRow,
  type KitStatus,
  type Order,
  type OrderBody,
  type Transaction,
  type TransactionKind,
  type TransactionListQuery,
  type TransactionPeriod,
  type TransactionTotalsQuery,
  type Warehouse,
  type WarehouseInput,
  type WarehouseStock,
} from '@portal/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { computeResults } from '../genetics';
import { ownedSession, practitionerOf } from '../sessions/access';
import type { Geocoder } from './geocoder';
import * as repo from './repository';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
/** Today's date in UTC (YYYY-MM-DD): the day discount codes are judged on. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);
const statusError = (message?: string) => new AppError(400, ErrorCode.BAD_STATUS_TRANSITION, message);

// ---- Kits --------------------------------------------------------------------------------------

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
  if (q.warehouseID && !(await repo.findWarehouse(ctx.database.db, p.id, q.warehouseID))) throw notFound();
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
  if (row.session.status !== SessionStatus.ACCEPTED) throw statusError();
  const kit = await repo.findKitByLabel(db, practitioner.id, sampleLabel);
  if (!kit) throw notFound();
  if (kit.status !== 'in_stock' || kit.sessionId) throw new AppError(400, ErrorCode.KIT_TAKEN);
  if (kit.consignmentId && !kit.receivedAt) throw statusError('This kit is still in transit: receive its consignment first');
  if (row.kitId) throw statusError('This session already has a kit');
  const outcome = await repo.assignKit(db, {
    kitId: kit.id,
    practitionerId: practitioner.id,
    sessionId,
    patientId: row.user.id,
  });
  if (outcome === 'taken') throw new AppError(400, ErrorCode.KIT_TAKEN);
  return toKitRow((await repo.kitById(db, kit.id))!, await collectionNames(ctx));
}

// ---- Warehouses --------------------------------------------------------------------------------

type WarehouseValues = z.output<typeof WarehouseInput>;

const NO_STOCK: repo.StockCounts = { received: 0, handedOut: 0, inTransit: 0 };

export function toStock(c: repo.StockCounts): WarehouseStock {
  const onHand = c.received - c.handedOut;
  return {
    received: c.received,
    handedOut: c.handedOut,
    onHand,
    inTransit: c.inTransit,
    lowStock: onHand < LOW_STOCK_THRESHOLD,
  };
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
  const [rows, stock] = await Promise.all([repo.listWarehouses(ctx.database.db, p.id), repo.stockByWarehouse(ctx.database.db, p.id)]);
  return { results: rows.map((r) => toWarehouse(r, stock)) };
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

const toConsignment = (r: Awaited<ReturnType<typeof repo.listConsignments>>[number]): Consignment => ({
  id: r.id,
  warehouseID: r.warehouseId,
  kitCount: r.kitCount,
  dispatchedAt: r.dispatchedAt.toISOString(),
  receivedAt: iso(r.receivedAt),
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
  if (row) return toConsignment(row);
  if (await repo.findConsignment(ctx.database.db, p.id, id)) throw statusError('This consignment has already been received');
  throw notFound();
}

// ---- Discount codes ----------------------------------------------------------------------------

type DiscountValues = z.output<typeof DiscountCodeInput>;
type DiscountListValues = z.output<typeof DiscountCodeListQuery>;

export function toDiscountCode(r: repo.DiscountCodeRow, today = utcToday()): DiscountCode {
  const rule = {
    type: r.ruleType as DiscountCode['rule']['type'],
    value: r.value,
    currency: r.currency as DiscountCode['rule']['currency'],
    minimumOrderCents: r.minimumOrderCents,
    validFrom: r.validFrom,
    validUntil: r.validUntil,
    usageLimit: r.usageLimit,
  };
  const deactivatedAt = iso(r.deactivatedAt);
  return {
    id: r.id,
    code: r.code,
    rule,
    upsell: r.upsell,
    options: {
      appliesTo: r.appliesTo as DiscountCode['options']['appliesTo'],
    },
    requiresShipping: r.requiresShipping,
    addNewKit: r.addNewKit,
    usageCount: r.usageCount,
    state: discountCodeState({ deactivatedAt, usageCount: r.usageCount, rule }, today),
    deactivatedAt,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listDiscountCodes(ctx: AppContext, userId: string, q: DiscountListValues) {
  const p = await practitionerOf(ctx, userId);
  const today = utcToday();
  const { rows, count } = await repo.listDiscountCodes(ctx.database.db, p.id, {
    ...q,
    today,
  });
  return {
    results: rows.map((r) => toDiscountCode(r, today)),
    count,
    limit: q.limit,
    offset: q.offset,
  };
}

/** Creates a code: the one typed (unique across practices, case-insensitive) or a generated one. */
/** The stored columns of a code's rule and options, as the form sends them. */
const discountColumns = (input: DiscountValues) => ({
  ruleType: input.rule.type,
  value: input.rule.value,
  currency: input.rule.currency,
  minimumOrderCents: input.rule.minimumOrderCents,
  validFrom: input.rule.validFrom,
  validUntil: input.rule.validUntil,
  usageLimit: input.rule.usageLimit,
  upsell: input.upsell,
  appliesTo: [...new Set(input.options.appliesTo)],
  requiresShipping: input.requiresShipping,
  addNewKit: input.addNewKit,
});

export async function createDiscountCode(ctx: AppContext, userId: string, input: DiscountValues) {
  const p = await practitionerOf(ctx, userId);
  const typed = input.code ?? '';
  const values = { practitionerId: p.id, ...discountColumns(input) };
  if (typed) {
    const row = await repo.insertDiscountCode(ctx.database.db, {
      ...values,
      code: typed,
    });
    if (!row) throw badRequest({ code: [DISCOUNT_TEXTS.codeTaken] });
    return toDiscountCode(row);
  }
  // 32^10 codes: a collision is rare; try a few fresh ones before giving up.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = await repo.insertDiscountCode(ctx.database.db, {
      ...values,
      code: generateDiscountCode(),
    });
    if (row) return toDiscountCode(row);
  }
  throw new AppError(500, ErrorCode.INSERT);
}

/** Deactivates a code for good; a second time answers 400414. */
/**
 * PUT /portal/discount-codes/{id}: a code's rule, upsell and options change; the code itself does
 * not (patients may have it already), nor does a deactivated code. Uses so far stay counted.
 */
export async function updateDiscountCode(ctx: AppContext, userId: string, id: string, input: DiscountValues) {
  const p = await practitionerOf(ctx, userId);
  const existing = await repo.findDiscountCode(ctx.database.db, p.id, id);
  if (!existing) throw notFound();
  if (input.code && input.code !== existing.code) throw badRequest({ code: [DISCOUNT_TEXTS.codeFixed] });
  const row = await repo.updateDiscountCode(ctx.database.db, p.id, id, discountColumns(input));
  if (!row) throw statusError('This code is deactivated');
  return toDiscountCode(row);
}

export async function deactivateDiscountCode(ctx: AppContext, userId: string, id: string) {
  const p = await practitionerOf(ctx, userId);
  const row = await repo.deactivateDiscountCode(ctx.database.db, p.id, id);
  if (row) return toDiscountCode(row);
  if (await repo.findDiscountCode(ctx.database.db, p.id, id)) throw statusError('This code is already deactivated');
  throw notFound();
}

// ---- Patient orders ----------------------------------------------------------------------------

type OrderValues = z.output<typeof OrderBody>;

const PRODUCT_LABELS = { kit: 'Kit', consultation: 'Consultation' } as const;
const codeNotValid = () => badRequest({ discountCode: [DISCOUNT_TEXTS.codeNotValid] });

/**
 * POST /patient/orders: a patient orders a kit or a consultation from an accepted practice, with
 * an optional discount code of that practice. A code that cannot be used answers one text for
 * every reason (but the minimum order), and nothing changes.
 */
export async function placeOrder(ctx: AppContext, patientId: string, body: OrderValues, sourceIp: string | null): Promise<Order> {
  const { db } = ctx.database;
  const practitioner = await repo.findPractitionerById(db, body.practitionerID);
  if (!practitioner || practitioner.status !== PractitionerStatus.ACCEPTED) throw notFound();
  const unit = body.product === 'kit' ? ctx.env.KIT_PRICE_CENTS : ctx.env.CONSULTATION_PRICE_CENTS;
  const currency = ctx.env.CURRENCY;
  const subtotal = unit * body.quantity;
  const today = utcToday();

  let code: repo.DiscountCodeRow | null = null;
  let discount = 0;
  if (body.discountCode) {
    code = (await repo.findCodeOfPractice(db, practitioner.id, body.discountCode)) ?? null;
    if (!code) throw codeNotValid();
    const view = toDiscountCode(code, today);
    if (view.state !== 'active' || !view.options.appliesTo.includes(body.product) || view.rule.currency !== currency) throw codeNotValid();
    if (subtotal < view.rule.minimumOrderCents) throw badRequest({ discountCode: [DISCOUNT_TEXTS.minimumNotReached] });
    discount = discountAmount(view.rule, subtotal);
  }

  let order;
  try {
    order = await repo.placeOrder(
      db,
      {
        patientId,
        practitionerId: practitioner.id,
        product: body.product,
        quantity: body.quantity,
        subtotalCents: subtotal,
        discountCents: discount,
        currency,
        code,
        takeKit: Boolean(code?.addNewKit),
        saleDescription: `${PRODUCT_LABELS[body.product]} sale: ${body.quantity} × ${formatMoney(unit, currency, ctx.env.DEFAULT_LOCALE)}`,
        discountDescription: code ? `Discount code ${code.code}` : '',
      },
      today,
    );
  } catch (err) {
    if (err instanceof repo.OrderRefused) {
      if (err.reason === 'code') throw codeNotValid();
      throw badRequest(
        {
          discountCode: ['The practice has no kit in stock to add to this order'],
        },
        'The practice has no kit in stock to add to this order',
      );
    }
    throw err;
  }

  await ctx.audit.record({
    actorUserId: patientId,
    patientId,
    practitionerId: practitioner.id,
    action: 'request',
    category: body.product === 'kit' ? 'kit' : 'session',
    outcome: 'allowed',
    sourceIp,
    detail: `order ${order.id}: ${body.quantity} × ${body.product}${code ? ` with code ${code.code}` : ''}${order.kitId ? `, kit ${order.kitId}` : ''}`,
  });

  return {
    id: order.id,
    product: body.product,
    quantity: order.quantity,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    totalCents: order.totalCents,
    currency: order.currency as Order['currency'],
    discountCode: code?.code ?? null,
    upsell: order.upsell,
    requiresShipping: order.requiresShipping,
    kitID: order.kitId,
    createdAt: order.createdAt.toISOString(),
  };
}

// ---- Transactions ------------------------------------------------------------------------------

type ListValues = z.output<typeof TransactionListQuery>;
type TotalsValues = z.output<typeof TransactionTotalsQuery>;

export function toTransaction(r: Awaited<ReturnType<typeof repo.listTransactions>>['rows'][number], now: Date): Transaction {
  const dueAt = iso(r.dueAt);
  const paidAt = iso(r.paidAt);
  return {
    id: r.id,
    kind: r.kind as TransactionKind,
    description: r.description,
    amountCents: r.amountCents,
    currency: r.currency as Transaction['currency'],
    state: transactionState({ dueAt, paidAt }, now),
    sessionID: r.sessionId,
    dueAt,
    paidAt,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listTransactions(ctx: AppContext, userId: string, q: ListValues) {
  const p = await practitionerOf(ctx, userId);
  const now = new Date();
  const { rows, count } = await repo.listTransactions(ctx.database.db, p.id, q, now);
  return {
    results: rows.map((r) => toTransaction(r, now)),
    count,
    limit: q.limit,
    offset: q.offset,
  };
}

export async function transactionTotals(ctx: AppContext, userId: string, q: TotalsValues) {
  const p = await practitionerOf(ctx, userId);
  const rows = await repo.transactionTotals(ctx.database.db, p.id, q.period as TransactionPeriod, q, new Date());
  return {
    results: rows.map((r) => ({
      ...r,
      currency: r.currency as Transaction['currency'],
    })),
  };
}

/** The most rows one export holds; the response says when it stopped there. */
export const CSV_ROW_CAP = 50_000;

/** Minor units as a plain decimal ('-250.00'), by integer arithmetic. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${(abs % 100).toString().padStart(2, '0')}`;
}

/**
 * One CSV field: quoted when it holds a comma, quote or line break (quotes doubled); a text that a
 * spreadsheet would run as a formula is prefixed with an apostrophe.
 */
export function csvField(value: string, text = false): string {
  let v = value;
  if (text && /^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export async function exportTransactions(ctx: AppContext, userId: string, q: Omit<ListValues, 'limit' | 'offset'>) {
  const p = await practitionerOf(ctx, userId);
  const now = new Date();
  const rows = await repo.exportTransactions(ctx.database.db, p.id, q, now, CSV_ROW_CAP + 1);
  const truncated = rows.length > CSV_ROW_CAP;
  const lines = [TRANSACTION_CSV_COLUMNS.join(',')];
  for (const r of rows.slice(0, CSV_ROW_CAP)) {
    const t = toTransaction(r, now);
    lines.push(
      [
        csvField(t.createdAt),
        csvField(TRANSACTION_KIND_LABELS[t.kind]),
        csvField(t.description, true),
        csvField(centsToDecimal(t.amountCents)),
        csvField(t.currency),
        csvField(TRANSACTION_STATE_LABELS[t.state]),
        csvField(t.dueAt ?? ''),
        csvField(t.paidAt ?? ''),
        csvField(t.sessionID ?? ''),
      ].join(','),
    );
  }
  return {
    csv: `${lines.join('\r\n')}\r\n`,
    rows: Math.min(rows.length, CSV_ROW_CAP),
    truncated,
    filename: `transactions-${utcToday(now)}.csv`,
  };
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
  const warehouse = await repo.primaryWarehouse(db, p.id);
  const shipment = await repo.createShipment(db, {
    practitionerId: p.id,
    warehouseId: warehouse?.id ?? null,
    count: input.count,
    collectionIds: [...new Set(collectionIds)],
    labels: (n) => Array.from({ length: n }, newSampleLabel),
  });
  return {
    practitionerID: p.id,
    consignment: shipment.consignment ? toConsignment(shipment.consignment) : null,
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
  if (!to) throw statusError(from === 'in_stock' ? 'This kit is in stock: assign it to a session first' : "This kit's results are already available");
  let newResult: { title: string; data: unknown; engineVersion: string } | undefined;
  if (to === 'results_available') {
    const lab = await repo.labData(db, kit.id);
    if (!lab.hasResults) {
      if (!lab.genotypeFile) throw statusError('This kit has no results and no genotype file to compute them from');
      const swab = computeResults(lab.genotypeFile);
      newResult = {
        title: swab.title,
        data: { swab },
        engineVersion: swab.engineVersion,
      };
    }
  }
  const row = await repo.advanceKit(db, kit.id, from, to, newResult);
  if (!row) throw statusError();
  return {
    id: row.id,
    sampleLabel: row.sampleLabel,
    status: row.status as KitStatus,
    sessionID: row.sessionId,
  };
}

export async function markFeePaid(ctx: AppContext, id: string) {
  const { db } = ctx.database;
  const row = await repo.markFeePaid(db, id);
  if (!row) {
    const existing = await repo.findTransaction(db, id);
    if (!existing) throw notFound();
    throw statusError(existing.kind !== 'data_request_fee' ? 'Only a data-request fee is paid to the provider' : 'This fee is already paid');
  }
  return toTransaction(row, new Date());
}
