import { DiscountCodeInput, VALIDATION_MESSAGES, type Currency, type DiscountCode, type DiscountProduct, type DiscountType } from '@portal/contract';
import { parseMoney } from '../../i18n/i18n';

/** What the form holds: text as typed; amounts become integer minor units only when sent. */
export type DiscountFormValues = {
  code: string;
  type: DiscountType;
  value: string;
  currency: Currency;
  minimum: string;
  validFrom: string;
  validUntil: string;
  usageLimit: string;
  upsell: string;
  appliesTo: DiscountProduct[];
  requiresShipping: boolean;
  addNewKit: boolean;
};

/** Today as YYYY-MM-DD in UTC: the day the server's state rule (discountCodeState) counts in. */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export const emptyDiscountForm = (): DiscountFormValues => ({
  code: '',
  type: 'percentage',
  value: '',
  currency: 'ZAR',
  minimum: '',
  validFrom: today(),
  validUntil: '',
  usageLimit: '',
  upsell: '',
  appliesTo: ['kit'],
  requiresShipping: false,
  addNewKit: false,
});

/** Minor units back to what a person types ('99.50'), for editing. */
const amountText = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** A saved code as the form's values, to edit it. */
export const discountFormOf = (c: DiscountCode): DiscountFormValues => ({
  code: c.code,
  type: c.rule.type,
  value: c.rule.type === 'percentage' ? String(c.rule.value) : amountText(c.rule.value),
  currency: c.rule.currency,
  minimum: c.rule.minimumOrderCents > 0 ? amountText(c.rule.minimumOrderCents) : '',
  validFrom: c.rule.validFrom,
  validUntil: c.rule.validUntil ?? '',
  usageLimit: c.rule.usageLimit === null ? '' : String(c.rule.usageLimit),
  upsell: c.upsell,
  appliesTo: c.options.appliesTo,
  requiresShipping: c.requiresShipping,
  addNewKit: c.addNewKit,
});

/** Field keys as the server names them in fieldErrors ('rule.value', 'options.appliesTo', …). */
export type DiscountField =
  | 'code'
  | 'rule.type'
  | 'rule.value'
  | 'rule.currency'
  | 'rule.minimumOrderCents'
  | 'rule.validFrom'
  | 'rule.validUntil'
  | 'rule.usageLimit'
  | 'upsell'
  | 'options.appliesTo';

const wholeNumber = (raw: string): number | null => (/^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : null);

/**
 * The form's values as the contract's DiscountCodeInput, checked with that same schema; text that
 * is not a number at all is reported here, before the schema sees it.
 */
export function toDiscountInput(v: DiscountFormValues): { input: DiscountCodeInput; errors: Partial<Record<DiscountField, string>> } {
  const errors: Partial<Record<DiscountField, string>> = {};
  const invalid = VALIDATION_MESSAGES.INVALID_NUMBER;

  let value: number | undefined;
  if (v.value.trim() !== '') {
    const parsed = v.type === 'percentage' ? wholeNumber(v.value) : parseMoney(v.value);
    if (parsed === null) errors['rule.value'] = invalid;
    else value = parsed;
  }
  let minimumOrderCents = 0;
  if (v.minimum.trim() !== '') {
    const parsed = parseMoney(v.minimum);
    if (parsed === null) errors['rule.minimumOrderCents'] = invalid;
    else minimumOrderCents = parsed;
  }
  let usageLimit: number | null = null;
  if (v.usageLimit.trim() !== '') {
    const parsed = wholeNumber(v.usageLimit);
    if (parsed === null) errors['rule.usageLimit'] = invalid;
    else usageLimit = parsed;
  }

  const input = {
    code: v.code,
    rule: {
      type: v.type,
      value: value as number,
      currency: v.currency,
      minimumOrderCents,
      validFrom: v.validFrom,
      validUntil: v.validUntil || null,
      usageLimit,
    },
    upsell: v.upsell,
    options: { appliesTo: v.appliesTo },
    requiresShipping: v.requiresShipping,
    addNewKit: v.addNewKit,
  } satisfies DiscountCodeInput;

  const result = DiscountCodeInput.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') as DiscountField;
      errors[key] ??= issue.message;
    }
  }
  return { input, errors };
}
