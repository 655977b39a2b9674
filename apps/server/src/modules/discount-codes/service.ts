import {
  DISCOUNT_TEXTS,
  ErrorCode,
  PractitionerStatus,
  discountAmount,
  discountCodeState,
  formatMoney,
  generateDiscountCode,
  type DiscountCode,
  type DiscountCodeInput,
  type DiscountCodeListQuery,
  type Order,
  type OrderBody,
} from '@portal/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { isoOrNull, utcToday } from '../../lib/dates';
import { AppError, badRequest, badStatusTransition, changedOnce, notFound } from '../../lib/errors';
import { practitionerOf } from '../sessions/access';
import * as repo from './repository';

// The demo seed writes its codes and a discounted order as they are stored, without the pricing rules.
export { insertDiscountCode, writeOrder, type DiscountCodeRow } from './repository';

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
  const deactivatedAt = isoOrNull(r.deactivatedAt);
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
  if (!row) throw badStatusTransition('This code is deactivated');
  return toDiscountCode(row);
}

export async function deactivateDiscountCode(ctx: AppContext, userId: string, id: string) {
  const p = await practitionerOf(ctx, userId);
  const row = await repo.deactivateDiscountCode(ctx.database.db, p.id, id);
  return toDiscountCode(await changedOnce(row, () => repo.findDiscountCode(ctx.database.db, p.id, id), 'This code is already deactivated'));
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
    order = await repo.writeOrder(
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
