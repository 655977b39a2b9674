import { z } from 'zod';
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_RULES,
  PHONE_PATTERN,
  VALIDATION_MESSAGES,
  isStorableText,
  normaliseEmail,
  rules,
  transforms,
  type ValidationKey,
} from './validator-words';

export * from './validator-words';

/** A zod refinement refusing what `isStorableText` refuses, with the same message as `rules.storable`. */
export function storableText<T extends z.ZodString>(schema: T): T {
  return schema.refine(isStorableText, { message: VALIDATION_MESSAGES.INVALID_NUMBER, abort: true }) as T;
}

// A missing key reaches z.string() as undefined; show the form's REQUIRED text rather than
// zod's type message, and keep zod's message for genuinely wrong types.
function requiredString(): z.ZodString {
  return z.string({
    error: (iss) => (iss.input === undefined ? VALIDATION_MESSAGES.REQUIRED : undefined),
  });
}

function addIssue(ctx: z.RefinementCtx<string>, value: string, key: ValidationKey): void {
  ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES[key], input: value });
}

/** zod helpers carrying SPEC messages, so the server's fieldErrors show the same texts as forms. */
export function zText(opts: { min?: number; max?: number; required?: boolean } = {}): z.ZodString {
  const { min = 0, max = Infinity, required = true } = opts;
  const length = rules.length(min, max);
  const base = required ? requiredString() : z.string();
  return base.trim().superRefine((value, ctx) => {
    if (value === '') {
      // An optional field left empty is valid whatever its min.
      if (required) addIssue(ctx, value, 'REQUIRED');
      return;
    }
    const key = rules.storable(value) ?? length(value);
    if (key !== null) addIssue(ctx, value, key);
  });
}

/**
 * A person's name (first or last): required, 1 to `max` characters, one line (`isSingleLineName`),
 * refused with 'Value is not valid.' like any other character no field holds.
 */
export function zPersonName(opts: { max?: number } = {}): z.ZodString {
  const length = rules.length(1, opts.max ?? 80);
  return requiredString()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') {
        addIssue(ctx, value, 'REQUIRED');
        return;
      }
      const key = rules.singleLine(value) ?? length(value);
      if (key !== null) addIssue(ctx, value, key);
    });
}

/** One e-mail address (`rules.email`), normalised by `normaliseEmail` before it is checked. */
export const zEmail: z.ZodString = requiredString()
  .overwrite(normaliseEmail)
  .superRefine((value, ctx) => {
    if (value === '') {
      addIssue(ctx, value, 'REQUIRED');
      return;
    }
    const invalid = rules.storable(value) ?? rules.email(value);
    if (invalid !== null) addIssue(ctx, value, invalid);
    const tooLong = rules.length(0, EMAIL_MAX)(value);
    if (tooLong !== null) addIssue(ctx, value, tooLong);
  });

// Not trimmed: spaces are legitimate password characters.
export const zPassword: z.ZodString = requiredString().superRefine((value, ctx) => {
  for (const rule of [rules.storable, ...PASSWORD_RULES]) {
    const key = rule(value);
    if (key !== null) addIssue(ctx, value, key);
  }
  const tooLong = rules.length(0, PASSWORD_MAX)(value);
  if (tooLong !== null) addIssue(ctx, value, tooLong);
});

export const zDigits: z.ZodString = requiredString()
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') {
      addIssue(ctx, value, 'REQUIRED');
      return;
    }
    const key = rules.number(value);
    if (key !== null) addIssue(ctx, value, key);
  });

export const zPhone: z.ZodString = requiredString()
  .overwrite(transforms.stripSpaces)
  .superRefine((value, ctx) => {
    if (value === '') {
      addIssue(ctx, value, 'REQUIRED');
      return;
    }
    if (!PHONE_PATTERN.test(value)) addIssue(ctx, value, 'INVALID_NUMBER');
  });
