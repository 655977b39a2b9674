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

// ---- Profile image ---------------------------------------------------------------------------

export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ProfileImageType = (typeof PROFILE_IMAGE_TYPES)[number];
export const PROFILE_IMAGE_TOO_LARGE = 'The picture must be at most 2 MB';
export const PROFILE_IMAGE_WRONG_TYPE = 'The picture must be a PNG, JPEG or WebP image';

/** Checks a file's first bytes: the name and the browser's type are not trusted. */
export function sniffImageType(bytes: Uint8Array): ProfileImageType | null {
  const b = (i: number) => bytes[i] ?? -1;
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47 && b(4) === 0x0d && b(5) === 0x0a && b(6) === 0x1a && b(7) === 0x0a) return 'image/png';
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}
