// The validators' words and input transforms without zod (issue 35): a form's first screen shows and
// applies them before its schema has loaded; re-exported from validators.ts.

/** Field validator messages of SPEC §5, word for word (the trailing '.' on INVALID_NUMBER included). */
export const VALIDATION_MESSAGES = {
  MIN_NOT_REACHED: 'Minimum chars not reached',
  MAX_EXCEEDED: 'Maximum chars exceeded',
  INVALID_EMAIL: 'Email is not valid',
  INVALID_NUMBER: 'Value is not valid.',
  NO_LOWERCASE: 'At least one lowercase letter is required',
  NO_UPPERCASE: 'At least one uppercase letter is required',
  NO_NUMBER: 'At least one number is required',
  NO_MATCH: 'Has to be same',
  REQUIRED: 'This field is required',
} as const;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

export const transforms: {
  lowercase(v: string): string;
  uppercase(v: string): string;
  stripSpaces(v: string): string;
  digitsOnly(v: string): string;
  lettersOnly(v: string): string;
} = {
  lowercase: (v) => v.toLowerCase(),
  uppercase: (v) => v.toUpperCase(),
  // All whitespace, so pasted tabs and non-breaking spaces go too.
  stripSpaces: (v) => v.replace(/\s+/g, ''),
  digitsOnly: (v) => v.replace(/\D+/g, ''),
  lettersOnly: (v) => v.replace(/\P{L}+/gu, ''),
};
