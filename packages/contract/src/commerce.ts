import { z } from 'zod';
import { LIMITS } from './enums';
import { zId } from './common';
import { COUNTRIES, CURRENCIES } from './practice';
import { KitStatus } from './sessions';
import { VALIDATION_MESSAGES, rules, transforms, zDigits, zPhone, zText } from './validators';
import { DISCOUNT_CODE_STATES, DISCOUNT_TEXTS } from './discount-words';
import { TRANSACTION_KINDS, TRANSACTION_PERIODS, TRANSACTION_STATES } from './transaction-words';

export * from './discount-words';
export * from './warehouse-words';
export * from './transaction-words';
export * from './kit-label';

/**
 * Running the practice (SPEC §1, §3, §5, §9): stocked kits, the consignment warehouse, discount
 * codes and the transactions summary. The forms validate with these schemas and the server with
 * the same ones, so both show the same words. Money is always an integer of minor units (cents)
 * with its currency, never a float.
 */

const required = VALIDATION_MESSAGES.REQUIRED;
const invalid = VALIDATION_MESSAGES.INVALID_NUMBER;

/** A page of rows with the total count, for tables with paging. */
const listQuery = {
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};

// ---- Money -----------------------------------------------------------------------------------

export const zCents = z.number().int().min(-1_000_000_000).max(1_000_000_000);
export const Money = z.object({
  amountCents: zCents,
  currency: z.enum(CURRENCIES),
});
export type Money = z.infer<typeof Money>;

// ---- Kits ------------------------------------------------------------------------------------

/** The lab's steps after a kit is assigned; each moves one step forward only. */
export const KIT_STATUS_ORDER: readonly KitStatus[] = ['in_stock', 'assigned', 'sample_received', 'processing', 'results_available'];
export function nextKitStatus(status: KitStatus): KitStatus | null {
  const i = KIT_STATUS_ORDER.indexOf(status);
  return i >= 0 && i < KIT_STATUS_ORDER.length - 1 ? KIT_STATUS_ORDER[i + 1]! : null;
}

/** A row of the Kits table (SPEC §3 'Kit table columns: ID, Collections, Sample Label'), with status and session. */
export const KitRow = z.object({
  id: zId,
  sampleLabel: z.string(),
  status: KitStatus,
  collections: z.array(z.object({ id: z.number().int(), name: z.string() })),
  warehouseID: zId.nullable(),
  session: z.object({ id: zId, patientName: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KitRow = z.infer<typeof KitRow>;

export const KitListQuery = z.strictObject({
  ...listQuery,
  status: KitStatus.optional(),
  warehouseID: zId.optional(),
});
export type KitListQuery = z.input<typeof KitListQuery>;

// ---- Warehouse -------------------------------------------------------------------------------

const countryCodes = COUNTRIES.map((c) => c.code) as [string, ...string[]];

/** SPEC §3 'Warehouse form' and §5: all eight fields required; the form is invalid while any is empty. */
export const WarehouseInput = z.strictObject({
  contactNumber: zPhone,
  contactPerson: zText({ min: 2, max: 100 }),
  countryCode: z.enum(countryCodes, { error: () => required }),
  name: zText({ min: 2, max: 100 }),
  postalCode: zDigits.superRefine((value, ctx) => {
    const key = rules.length(4, 10)(value);
    if (key)
      ctx.addIssue({
        code: 'custom',
        message: VALIDATION_MESSAGES[key],
        input: value,
      });
  }),
  state: zText({ min: 2, max: 100 }),
  streetAddress: zText({ min: 3, max: 200 }),
  suburb: zText({ min: 2, max: 100 }),
});
export type WarehouseInput = z.input<typeof WarehouseInput>;
export const WAREHOUSE_FIELDS = ['contactNumber', 'contactPerson', 'countryCode', 'name', 'postalCode', 'state', 'streetAddress', 'suburb'] as const;

/** One warehouse's own figures, from the consignments sent to it. */
export const WarehouseStock = z.object({
  /** Kits in consignments the practitioner marked received. */
  received: z.number().int(),
  /** Of those, kits assigned to a session (any status after in stock). */
  handedOut: z.number().int(),
  /** Received and not handed out: in this warehouse now. */
  onHand: z.number().int(),
  /** Kits dispatched by the provider, not yet marked received. */
  inTransit: z.number().int(),
});
export type WarehouseStock = z.infer<typeof WarehouseStock>;

/**
 * What the practice really holds (issue 33): kits in stock and not handed out, in its warehouses
 * and in the stock it had before registering one (kits sent straight to the practice). The
 * low-stock warning follows from `onHand`, never from one warehouse's figure.
 */
export const PracticeStock = z.object({
  onHand: z.number().int(),
  /** Of `onHand`, kits in the practice's warehouses (received consignments). */
  inWarehouses: z.number().int(),
  /** Of `onHand`, kits stocked with the practice directly, before it had a warehouse. */
  withPractice: z.number().int(),
  /** Kits on their way in consignments not yet received: not on hand. */
  inTransit: z.number().int(),
  lowStock: z.boolean(),
});
export type PracticeStock = z.infer<typeof PracticeStock>;

/** SPEC §3 'Warehouse record from server', with the form's fields and the consignment stock. */
export const Warehouse = z.object({
  id: zId,
  practitionerID: zId,
  name: z.string(),
  contactPerson: z.string(),
  contactNumber: z.string(),
  address: z.object({
    streetAddress: z.string(),
    suburb: z.string(),
    state: z.string(),
    postalCode: z.string(),
    countryCode: z.string(),
  }),
  /** From the geocoding adapter when a maps key is configured; null otherwise, never invented. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  primary: z.boolean(),
  stock: WarehouseStock,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Warehouse = z.infer<typeof Warehouse>;

/** A shipment of kits from the provider to a warehouse. */
export const Consignment = z.object({
  id: zId,
  warehouseID: zId,
  kitCount: z.number().int(),
  dispatchedAt: z.string(),
  receivedAt: z.string().nullable(),
});
export type Consignment = z.infer<typeof Consignment>;

// ---- Discount codes --------------------------------------------------------------------------

export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{3,23}$/;
export const DISCOUNT_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I
export const GENERATED_CODE_LENGTH = 10;
/** Codes are case-insensitive: stored and compared upper-case without spaces. */
export const normaliseDiscountCode = (raw: string) => transforms.uppercase(transforms.stripSpaces(raw));

/** A random code from a cryptographic source (Web Crypto exists in browsers and in Node). */
export function generateDiscountCode(length = GENERATED_CODE_LENGTH): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  // 256 is a multiple of the alphabet's 32 letters, so every letter is equally likely.
  return Array.from(bytes, (b) => DISCOUNT_CODE_ALPHABET[b % DISCOUNT_CODE_ALPHABET.length]).join('');
}

export const DiscountType = z.enum(['percentage', 'fixed']);
export type DiscountType = z.infer<typeof DiscountType>;
/** What a code can apply to in a patient's order. */
export const DiscountProduct = z.enum(['kit', 'consultation']);
export type DiscountProduct = z.infer<typeof DiscountProduct>;

const zDate = z.iso.date({ error: () => required });

/** SPEC §3 'Discount code': a rule, a code (typed or generated), upsell, options, shipping and the new-kit option. */
export const DiscountCodeInput = z
  .strictObject({
    /** Omitted or empty: the server generates one. */
    code: z
      .string()
      .transform(normaliseDiscountCode)
      .refine((v) => v === '' || DISCOUNT_CODE_PATTERN.test(v), invalid)
      .optional(),
    rule: z.strictObject({
      type: DiscountType,
      /** Whole percent (1–100) for 'percentage'; minor units for 'fixed'. */
      value: z
        .number({ error: () => required })
        .int(invalid)
        .min(1, DISCOUNT_TEXTS.amountPositive)
        .max(100_000_000),
      currency: z.enum(CURRENCIES, { error: () => required }),
      minimumOrderCents: z.number().int(invalid).min(0).max(100_000_000).default(0),
      validFrom: zDate,
      validUntil: zDate.nullable().default(null),
      /** Null: unlimited uses. */
      usageLimit: z.number().int(invalid).min(1).max(1_000_000).nullable().default(null),
    }),
    /** A short line shown to the patient with the offer, e.g. a product suggested alongside. */
    upsell: zText({ max: 200, required: false }).default(''),
    options: z.strictObject({
      appliesTo: z.array(DiscountProduct).min(1, DISCOUNT_TEXTS.chooseProduct).max(2),
    }),
    /** 'Item requires shipping'. */
    requiresShipping: z.boolean().default(false),
    /** 'Add a new kit': an order using the code gets a kit from the practitioner's stock. */
    addNewKit: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.rule.type === 'percentage' && v.rule.value > 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['rule', 'value'],
        message: DISCOUNT_TEXTS.percentageRange,
        input: v.rule.value,
      });
    }
    if (v.rule.validUntil && v.rule.validUntil < v.rule.validFrom) {
      ctx.addIssue({
        code: 'custom',
        path: ['rule', 'validUntil'],
        message: DISCOUNT_TEXTS.endBeforeStart,
        input: v.rule.validUntil,
      });
    }
  });
export type DiscountCodeInput = z.input<typeof DiscountCodeInput>;

export const DiscountCodeState = z.enum(DISCOUNT_CODE_STATES);
export type DiscountCodeState = z.infer<typeof DiscountCodeState>;

export const DiscountCode = z.object({
  id: zId,
  code: z.string(),
  rule: z.object({
    type: DiscountType,
    value: z.number().int(),
    currency: z.enum(CURRENCIES),
    minimumOrderCents: z.number().int(),
    validFrom: z.string(),
    validUntil: z.string().nullable(),
    usageLimit: z.number().int().nullable(),
  }),
  upsell: z.string(),
  options: z.object({ appliesTo: z.array(DiscountProduct) }),
  requiresShipping: z.boolean(),
  addNewKit: z.boolean(),
  usageCount: z.number().int(),
  state: DiscountCodeState,
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DiscountCode = z.infer<typeof DiscountCode>;

export const DiscountCodeListQuery = z.strictObject({
  ...listQuery,
  state: DiscountCodeState.optional(),
});

/** A code's state on a day (YYYY-MM-DD, UTC): the one rule the server, the list and the order share. */
export function discountCodeState(
  code: {
    deactivatedAt: string | null;
    usageCount: number;
    rule: {
      validFrom: string;
      validUntil: string | null;
      usageLimit: number | null;
    };
  },
  today: string,
): DiscountCodeState {
  if (code.deactivatedAt) return 'deactivated';
  if (code.rule.validUntil && today > code.rule.validUntil) return 'expired';
  if (today < code.rule.validFrom) return 'scheduled';
  if (code.rule.usageLimit !== null && code.usageCount >= code.rule.usageLimit) return 'used_up';
  return 'active';
}

/** The discount a rule gives on an order subtotal, in minor units; never more than the subtotal. */
export function discountAmount(rule: { type: DiscountType; value: number }, subtotalCents: number): number {
  const raw = rule.type === 'percentage' ? Math.floor((subtotalCents * rule.value) / 100) : rule.value;
  return Math.min(raw, subtotalCents);
}

// ---- Patient orders (patient API) ------------------------------------------------------------

export const OrderBody = z.strictObject({
  practitionerID: zId,
  product: DiscountProduct,
  quantity: z.number().int().min(1).max(10).default(1),
  discountCode: z.string().max(40).transform(normaliseDiscountCode).optional(),
});
export type OrderBody = z.input<typeof OrderBody>;

export const Order = z.object({
  id: zId,
  product: DiscountProduct,
  quantity: z.number().int(),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  discountCode: z.string().nullable(),
  upsell: z.string().nullable(),
  requiresShipping: z.boolean(),
  kitID: zId.nullable(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof Order>;

// ---- Transactions ----------------------------------------------------------------------------

/**
 * data_request_fee: owed by the practitioner to the provider, due 14 days after the request
 * (SPEC §9). kit_sale and consultation_sale: a patient's order through the practice.
 * discount: a code applied to such an order (negative).
 */
export const TransactionKind = z.enum(TRANSACTION_KINDS);
export type TransactionKind = z.infer<typeof TransactionKind>;

export const TransactionState = z.enum(TRANSACTION_STATES);
export type TransactionState = z.infer<typeof TransactionState>;

/** Paid once paid; overdue after its due time; due otherwise. */
export function transactionState(t: { paidAt: string | null; dueAt: string | null }, now: Date): TransactionState {
  if (t.paidAt) return 'paid';
  if (t.dueAt && new Date(t.dueAt).getTime() < now.getTime()) return 'overdue';
  return 'due';
}

export const Transaction = z.object({
  id: zId,
  kind: TransactionKind,
  description: z.string(),
  /** Signed from the practice's side: money in positive, money owed or given away negative. */
  amountCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  state: TransactionState,
  sessionID: zId.nullable(),
  /**
   * The patient it concerns, as the mails and the calendar name them ('Thandi N.': first name and
   * initial): the session's patient for a data-request fee, the order's for a sale and its discount.
   */
  patientName: z.string().nullable(),
  dueAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof Transaction>;

export const TransactionListQuery = z.strictObject({
  kind: TransactionKind.optional(),
  state: TransactionState.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  limit: listQuery.limit,
  offset: listQuery.offset,
});
export type TransactionListQuery = z.input<typeof TransactionListQuery>;

export const TransactionPeriod = z.enum(TRANSACTION_PERIODS);
export type TransactionPeriod = z.infer<typeof TransactionPeriod>;

/** Totals of one period and currency: each kind's sum, and what is still owed. */
export const PeriodTotals = z.object({
  period: z.string(),
  currency: z.enum(CURRENCIES),
  fees: z.number().int(),
  sales: z.number().int(),
  discounts: z.number().int(),
  net: z.number().int(),
  outstanding: z.number().int(),
});
export type PeriodTotals = z.infer<typeof PeriodTotals>;

export const TransactionTotalsQuery = z.strictObject({
  period: TransactionPeriod.default('month'),
  kind: TransactionKind.optional(),
  state: TransactionState.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

/** The most rows one CSV export holds; the response says when it stopped there. */
export const TRANSACTION_CSV_ROW_CAP = 50_000;

/** CSV columns of the export, in order. */
export const TRANSACTION_CSV_COLUMNS = [
  'Date',
  'Type',
  'Description',
  'Amount',
  'Currency',
  'State',
  'Due',
  'Paid',
  'Session',
  'Patient',
  'Session link',
] as const;
