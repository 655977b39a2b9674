// A practice's words without zod (issue 35): what its forms show on a first screen, before the schemas
// that check them have loaded; re-exported from practice.ts.

export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 1000;

/** ISO weekday numbers: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [
  { id: 1, name: 'Monday' },
  { id: 2, name: 'Tuesday' },
  { id: 3, name: 'Wednesday' },
  { id: 4, name: 'Thursday' },
  { id: 5, name: 'Friday' },
  { id: 6, name: 'Saturday' },
  { id: 7, name: 'Sunday' },
] as const;

/** SPEC §5: the identifier's placeholder follows the payment type. */
export const PAYMENT_IDENTIFIER_PLACEHOLDERS = {
  1: 'bank account number',
  2: 'PayPal account mail or phone number',
  none: 'Please select type of payment first.',
} as const;
export function paymentIdentifierPlaceholder(type: number | null | undefined): string {
  if (type === 1 || type === 2) return PAYMENT_IDENTIFIER_PLACEHOLDERS[type];
  return PAYMENT_IDENTIFIER_PLACEHOLDERS.none;
}

export const CURRENCIES = ['ZAR', 'USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];
