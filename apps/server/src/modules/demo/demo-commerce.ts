import { and, eq, isNull } from 'drizzle-orm';
import { discountAmount, formatMoney, type DiscountCodeInput, type DiscountType } from '@portal/contract';
import type { Db } from '../../db/client';
import { discountCodes, kits, orders, users } from '../../db/schema';
import { loadEnv } from '../../env';
import * as codes from '../discount-codes/service';
import { utcToday } from '../../lib/dates';

/** Kits in the demo practice's stock (she has no warehouse, so Kits shows in her sidebar). */
export const DEMO_STOCK_LABELS = Array.from({ length: 8 }, (_, i) => `DEMO-STOCK-${String(i + 1).padStart(2, '0')}`);

type Rule = DiscountCodeInput['rule'];
/** One active, one expired, one deactivated: every state the list shows but 'scheduled' and 'used up'. */
const DEMO_CODES: Array<{
  code: string;
  rule: Omit<Rule, 'currency'>;
  upsell: string;
  appliesTo: Array<'kit' | 'consultation'>;
  requiresShipping: boolean;
  addNewKit: boolean;
  deactivated?: boolean;
}> = [
  {
    code: 'DEMO-WELCOME10',
    rule: {
      type: 'percentage',
      value: 10,
      minimumOrderCents: 0,
      validFrom: '2024-01-01',
      validUntil: null,
      usageLimit: 100,
    },
    upsell: 'Book a consultation to go through your results (synthetic demo offer)',
    appliesTo: ['kit', 'consultation'],
    requiresShipping: true,
    addNewKit: false,
  },
  {
    code: 'DEMO-WINTER25',
    rule: {
      type: 'fixed',
      value: 20_000,
      minimumOrderCents: 100_000,
      validFrom: '2025-06-01',
      validUntil: '2025-08-31',
      usageLimit: null,
    },
    upsell: '',
    appliesTo: ['kit'],
    requiresShipping: true,
    addNewKit: true,
  },
  {
    code: 'DEMO-LAUNCH50',
    rule: {
      type: 'percentage',
      value: 50,
      minimumOrderCents: 0,
      validFrom: '2024-01-01',
      validUntil: null,
      usageLimit: 20,
    },
    upsell: '',
    appliesTo: ['consultation'],
    requiresShipping: false,
    addNewKit: false,
    deactivated: true,
  },
];

/**
 * The demo practice's running side: kits in stock, discount codes in several states, and one kit
 * sale to a synthetic demo patient that used the active code (its sale and discount appear in the
 * transactions next to the data-request fees). Idempotent: what exists is left as it is.
 */
export async function seedDemoCommerce(db: Db, practitionerId: string) {
  const env = loadEnv();
  await db
    .insert(kits)
    .values(
      DEMO_STOCK_LABELS.map((sampleLabel) => ({
        sampleLabel,
        practitionerId,
        status: 'in_stock',
        collectionIds: [1, 2, 3],
      })),
    )
    .onConflictDoNothing();

  const existing = await db.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.practitionerId, practitionerId)).limit(1);
  if (existing.length) return;

  let welcome: codes.DiscountCodeRow | null = null;
  for (const c of DEMO_CODES) {
    const row = await codes.insertDiscountCode(db, {
      practitionerId,
      code: c.code,
      ruleType: c.rule.type,
      value: c.rule.value,
      currency: env.CURRENCY,
      minimumOrderCents: c.rule.minimumOrderCents ?? 0,
      validFrom: c.rule.validFrom,
      validUntil: c.rule.validUntil ?? null,
      usageLimit: c.rule.usageLimit ?? null,
      upsell: c.upsell,
      appliesTo: c.appliesTo,
      requiresShipping: c.requiresShipping,
      addNewKit: c.addNewKit,
      deactivatedAt: c.deactivated ? new Date() : null,
    });
    if (row && c.code === 'DEMO-WELCOME10') welcome = row;
  }
  if (!welcome) return;

  // A synthetic demo patient (seeded with the demo sessions) ordered a kit with the active code.
  const buyer = await db.query.users.findFirst({
    where: and(eq(users.email, 'aisha.patel@demo.test'), eq(users.synthetic, true)),
  });
  if (!buyer) return;
  const already = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.practitionerId, practitionerId), eq(orders.patientId, buyer.id), isNull(orders.kitId)))
    .limit(1);
  if (already.length) return;
  const unit = env.KIT_PRICE_CENTS;
  await codes.writeOrder(
    db,
    {
      patientId: buyer.id,
      practitionerId,
      product: 'kit',
      quantity: 1,
      subtotalCents: unit,
      discountCents: discountAmount({ type: welcome.ruleType as DiscountType, value: welcome.value }, unit),
      currency: env.CURRENCY,
      code: welcome,
      takeKit: false,
      saleDescription: `Kit sale: 1 × ${formatMoney(unit, env.CURRENCY, env.DEFAULT_LOCALE)}`,
      discountDescription: `Discount code ${welcome.code}`,
    },
    utcToday(),
  );
}
