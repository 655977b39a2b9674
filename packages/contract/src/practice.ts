import { z } from 'zod';
import { listOf, zId } from './common';
import { isTimeZone } from './outside';
import { Lookup } from './portal';
import { VALIDATION_MESSAGES, rules, transforms, zDigits, zEmail, zText } from './validators';
import { COUNTRIES, type CountryCode } from './countries';
import {
  CURRENCIES,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  PROFILE_IMAGE_TOO_LARGE,
  PROFILE_IMAGE_WRONG_TYPE,
} from './practice-words';

export * from './countries';
export * from './practice-words';

/**
 * The practice: what a practitioner registers during onboarding (POST /portal/me/) and edits in
 * Settings (PUT /portal/me/ and the /portal/me/* lists of SPEC §7). Every form validates with
 * these schemas, and the server with the same ones, so both show the same words.
 */

const invalid = VALIDATION_MESSAGES.INVALID_NUMBER;
const required = VALIDATION_MESSAGES.REQUIRED;

/**
 * HPCSA registration numbers as the council publishes them: the register's letters (MP medical
 * practitioner, DT dietitian, PS psychologist, …; two or three letters) followed by six or seven
 * digits, often printed with a space ('MP 0123456'). Stored upper-case without spaces.
 */
export const HPCSA_PATTERN = /^[A-Z]{2,3}\d{6,7}$/;
export const normaliseHpcsa = (value: string) => transforms.uppercase(transforms.stripSpaces(value));

export const zHpcsaNumber: z.ZodType<string, string> = z
  .string({ error: (iss) => (iss.input === undefined ? required : undefined) })
  .transform(normaliseHpcsa)
  .superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: required, input: value });
    else if (!HPCSA_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: invalid, input: value });
  });

/** Practice numbers (the BHF's): digits only, at most 15. */
export const PRACTICE_NUMBER_MAX = 15;
export const zPracticeNumber: z.ZodType<string, string> = zDigits.superRefine((value, ctx) => {
  if (rules.length(0, PRACTICE_NUMBER_MAX)(value)) ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.MAX_EXCEEDED, input: value });
});

export const zDescription = zText({ min: DESCRIPTION_MIN, max: DESCRIPTION_MAX });

const zLookupId = z
  .number({ error: (iss) => (iss.input === undefined ? required : undefined) })
  .int()
  .min(1)
  .max(1_000_000);
export const zCategoryId = zLookupId;

/** A list of lookup ids picked in a form: at least one, no repeats. */
const lookupIds = (max: number) =>
  z
    .array(zLookupId)
    .min(1, required)
    .max(max, VALIDATION_MESSAGES.MAX_EXCEEDED)
    .refine((ids) => new Set(ids).size === ids.length, 'Each entry can be chosen once');

// ---- Addresses -------------------------------------------------------------------------------

const countryCodes = COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]];

export const AddressInput = z.strictObject({
  streetAddress: zText({ min: 3, max: 200 }),
  suburb: zText({ min: 2, max: 100 }),
  city: zText({ min: 2, max: 100 }),
  state: zText({ min: 2, max: 100 }),
  postalCode: zDigits.superRefine((value, ctx) => {
    const key = rules.length(4, 10)(value);
    if (key) ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES[key], input: value });
  }),
  countryCode: z.enum(countryCodes, { error: () => required }),
});
export type AddressInput = z.infer<typeof AddressInput>;

export const Address = z.object({
  id: zId,
  streetAddress: z.string(),
  suburb: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  countryCode: z.string(),
  primary: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Address = z.infer<typeof Address>;
export const MAX_ADDRESSES = 10;

// ---- Availability ----------------------------------------------------------------------------

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const zTime = z
  .string({ error: (iss) => (iss.input === undefined ? required : undefined) })
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: required, input: value });
    else if (!TIME_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: invalid, input: value });
  });

export const END_BEFORE_START = 'The end time must be after the start time';
export const SLOTS_OVERLAP = 'This slot overlaps another slot on the same day';

/** A weekly slot: a day and a time span within it (the practice's local time). */
export const AvailabilityInput = z
  .strictObject({
    dayOfWeek: z
      .number({ error: () => required })
      .int()
      .min(1, invalid)
      .max(7, invalid),
    startTime: zTime,
    endTime: zTime,
  })
  .superRefine((slot, ctx) => {
    if (TIME_PATTERN.test(slot.startTime) && TIME_PATTERN.test(slot.endTime) && slot.endTime <= slot.startTime) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: END_BEFORE_START, input: slot.endTime });
    }
  });
export type AvailabilityInput = z.infer<typeof AvailabilityInput>;

export const Availability = z.object({
  id: zId,
  dayOfWeek: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Availability = z.infer<typeof Availability>;
export const MAX_AVAILABILITY_SLOTS = 42;

/** Whether two slots on the same day share any minute (touching ends do not overlap). */
export function slotsOverlap(a: AvailabilityInput, b: AvailabilityInput): boolean {
  return a.dayOfWeek === b.dayOfWeek && a.startTime < b.endTime && b.startTime < a.endTime;
}

// ---- Payment details -------------------------------------------------------------------------

const PHONE_PATTERN = /^\+?\d{7,15}$/;

/** The identifier for a type: account digits for a card payout, a mail address or phone for PayPal. */
export function paymentIdentifierError(type: number | null | undefined, raw: string): string | null {
  const value = raw.trim();
  if (value === '') return required;
  if (type === 1) {
    const digits = transforms.stripSpaces(value);
    if (!/^\d+$/.test(digits)) return invalid;
    return rules.length(6, 20)(digits) ? VALIDATION_MESSAGES[rules.length(6, 20)(digits)!] : null;
  }
  if (type === 2) {
    if (value.includes('@')) return zEmail.safeParse(value).success ? null : VALIDATION_MESSAGES.INVALID_EMAIL;
    return PHONE_PATTERN.test(transforms.stripSpaces(value)) ? null : invalid;
  }
  return required;
}

/** How an identifier is stored: account and phone numbers without spaces, mail addresses lower-case. */
export function normalisePaymentIdentifier(type: 1 | 2, raw: string): string {
  const value = raw.trim();
  if (type === 2 && value.includes('@')) return value.toLowerCase();
  return transforms.stripSpaces(value);
}

export const PaymentTypeValue = z.union([z.literal(1), z.literal(2)], { error: () => required });

export const PaymentDetailsInput = z
  .strictObject({
    type: PaymentTypeValue,
    identifier: z.string({ error: () => required }).max(254, VALIDATION_MESSAGES.MAX_EXCEEDED),
    currency: z.enum(CURRENCIES, { error: () => required }),
  })
  .superRefine((v, ctx) => {
    const message = paymentIdentifierError(v.type, v.identifier);
    if (message) ctx.addIssue({ code: 'custom', path: ['identifier'], message, input: v.identifier });
  })
  .transform((v) => ({ ...v, identifier: normalisePaymentIdentifier(v.type, v.identifier) }));
export type PaymentDetailsInput = z.input<typeof PaymentDetailsInput>;

/** SPEC §3 'Payment details'. */
export const PaymentDetails = z.object({
  id: zId,
  createdAt: z.string(),
  updatedAt: z.string(),
  identifier: z.string(),
  type: z.union([z.literal(1), z.literal(2)]),
  currency: z.string(),
  /** The one the provider uses for the practice's fees: the first added, or the one made default. */
  isDefault: z.boolean(),
});
export type PaymentDetails = z.infer<typeof PaymentDetails>;
export const MAX_PAYMENT_DETAILS = 10;

// ---- The practice itself ---------------------------------------------------------------------

/** POST /portal/me/: completes onboarding; the practice starts in status 1 (created). */
export const OnboardingBody = z.strictObject({
  categoryID: zCategoryId,
  hpcsaNumber: zHpcsaNumber,
  practiceNumber: zPracticeNumber,
  description: zDescription,
  languages: lookupIds(12),
  specializations: lookupIds(10),
  address: AddressInput,
  availability: z.array(AvailabilityInput).min(1, required).max(MAX_AVAILABILITY_SLOTS, VALIDATION_MESSAGES.MAX_EXCEEDED),
  /** The browser's IANA time zone: the practice's when its address names none (decision 024). */
  timeZone: z.string().max(64).refine(isTimeZone, 'Choose a time zone from the list').optional(),
});
export type OnboardingBody = z.input<typeof OnboardingBody>;

/** PUT /portal/me/: the practice fields Settings edits; at least one. */
export const UpdatePracticeBody = z
  .strictObject({
    categoryID: zCategoryId.optional(),
    hpcsaNumber: zHpcsaNumber.optional(),
    practiceNumber: zPracticeNumber.optional(),
    description: zDescription.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type UpdatePracticeBody = z.input<typeof UpdatePracticeBody>;

/** POST /portal/me/languages/ and /portal/me/specializations/. */
export const LookupIdBody = z.strictObject({ id: zLookupId });
export const LookupIdParams = z.strictObject({ id: z.coerce.number().int().min(1).max(1_000_000) });
export const LookupListResponse = listOf(Lookup);

/**
 * What the onboarding form holds between visits (PUT /portal/me/onboarding-draft): what was
 * typed, valid or not yet, so a reload or a failed request loses nothing.
 */
const draftText = (max: number) => z.string().max(max).optional();
export const OnboardingDraft = z.strictObject({
  step: z.number().int().min(0).max(20).optional(),
  categoryID: z.number().int().min(0).max(1_000_000).nullable().optional(),
  hpcsaNumber: draftText(40),
  practiceNumber: draftText(40),
  description: draftText(DESCRIPTION_MAX + 200),
  languages: z.array(z.number().int().min(0).max(1_000_000)).max(30).optional(),
  specializations: z.array(z.number().int().min(0).max(1_000_000)).max(30).optional(),
  address: z
    .strictObject({
      streetAddress: draftText(300),
      suburb: draftText(200),
      city: draftText(200),
      state: draftText(200),
      postalCode: draftText(20),
      countryCode: draftText(4),
    })
    .optional(),
  availability: z
    .array(z.strictObject({ dayOfWeek: z.number().int().min(0).max(7).nullable(), startTime: draftText(8), endTime: draftText(8) }))
    .max(MAX_AVAILABILITY_SLOTS)
    .optional(),
});
export type OnboardingDraft = z.infer<typeof OnboardingDraft>;
export const OnboardingDraftResponse = z.object({
  draft: OnboardingDraft.nullable(),
  updatedAt: z.string().nullable(),
  /** Whether the latest Portal Terms & Conditions are accepted (the onboarding's last step). */
  tosAccepted: z.boolean(),
});
export type OnboardingDraftResponse = z.infer<typeof OnboardingDraftResponse>;

// ---- Profile image ---------------------------------------------------------------------------

/** POST /account/me/profile-image: the file as base64, so it travels as JSON like every other call. */
export const ProfileImageUpload = z.strictObject({
  contentType: z.enum(PROFILE_IMAGE_TYPES, { error: () => PROFILE_IMAGE_WRONG_TYPE }),
  // 4/3 of the byte limit, rounded up to whole base64 quanta.
  data: z
    .string()
    .max(Math.ceil(PROFILE_IMAGE_MAX_BYTES / 3) * 4, PROFILE_IMAGE_TOO_LARGE)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file is not valid base64'),
});
export const ProfileImageUploaded = z.object({ profileImage: z.string() });

/** The first message zod reports for a value, or null: how forms ask the contract about one field. */
export function firstIssue(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? invalid);
}
