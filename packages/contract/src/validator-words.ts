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

/** A rule returns the failing key or null. */
export type Rule = (value: string) => ValidationKey | null;

/**
 * One addr-spec (RFC 5322 §3.4.1) and nothing more: a local part and a domain, neither holding
 * white space, a second '@', nor what separates or wraps addresses (`,` `;` `<` `>` `(` `)` `[`
 * `]` `"` `\` `:`), so `p@example.test,cc@evil.example` or `Name <p@x>` is not one address.
 */
const EMAIL_PATTERN = /^[^\s@,;<>()[\]"\\:]+@[^\s@,;<>()[\]"\\:]+$/;
const DIGITS_PATTERN = /^\d+$/;
export const PHONE_PATTERN = /^\+?\d{7,15}$/;
export const EMAIL_MAX = 254;
const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * Characters no text field holds: the C0 controls other than tab, line feed and carriage return,
 * DEL and the C1 controls. PostgreSQL refuses NUL outright, and the rest are invisible garbage.
 */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const CONTROL_CHARACTERS_ALL = new RegExp(CONTROL_CHARACTERS.source, 'g');
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a string can be stored as text: no control character (above) and no lone surrogate half
 * (not Unicode at all, so the database would receive a replacement character instead).
 */
export function isStorableText(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value) && !LONE_SURROGATE.test(value);
}

// Code points, not UTF-16 units, so an emoji or astral letter counts as one character.
function charCount(value: string): number {
  return [...value].length;
}

/**
 * An e-mail address as it is looked up and stored: trimmed, NFKC-normalised (compatibility forms
 * such as the Kelvin sign U+212A or full-width letters become their plain letters), then
 * lower-cased, so look-alike spellings name one account rather than reaching another.
 */
export function normaliseEmail(value: string): string {
  return value.trim().normalize('NFKC').toLowerCase();
}

/**
 * What a person's name may not hold beyond `isStorableText`: line breaks and tabs (a name is one
 * line wherever it is printed: a mail, a digest, a calendar entry) and the bidirectional controls
 * (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069), which reorder the text around them, plus
 * the line and paragraph separators U+2028, U+2029 and U+0085.
 */
const NAME_BREAKERS = /[\t\n\r\u0085\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const NAME_BREAKERS_ALL = new RegExp(NAME_BREAKERS.source, 'g');

/** Whether a person's name is one plain line: storable text without line breaks, tabs or bidi controls. */
export function isSingleLineName(value: string): boolean {
  return isStorableText(value) && !NAME_BREAKERS.test(value);
}

/**
 * A stored name as it is shown: line breaks and tabs as one space, bidi and other controls dropped,
 * spaces collapsed. Names stored before the rule (or by a path that skipped it) read as one line.
 */
export function singleLineName(value: string): string {
  return value
    .replace(NAME_BREAKERS_ALL, (c) => (c === '\t' || c === '\n' || c === '\r' || c === '\u0085' || c === '\u2028' || c === '\u2029' ? ' ' : ''))
    .replace(CONTROL_CHARACTERS_ALL, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A word a mail reader or calendar might turn into a link: a scheme, `www.`, a dotted host or an address. */
const LINK_LIKE = /\S*(?:[a-z][a-z0-9+.-]*:\/\/|www\.|[\p{L}\p{N}-]\.\p{L}{2,}|@)\S*/giu;

/**
 * A name as inert text for a mail, a digest or a calendar entry: one line (`singleLineName`), and
 * any part a reader would link (`https://…`, `www.…`, `evil.example`, `a@b`) written so it is no
 * longer a link: `https[://]evil[.]example/login`, `a[at]b`. Plain names are unchanged.
 */
export function inertText(value: string): string {
  return singleLineName(value).replace(LINK_LIKE, (word) => word.replaceAll('://', '[://]').replaceAll('.', '[.]').replaceAll('@', '[at]'));
}

export const rules: {
  required: Rule;
  email: Rule;
  number: Rule;
  lowercase: Rule;
  uppercase: Rule;
  digit: Rule;
  length: (min?: number, max?: number) => Rule;
  match: (other: string) => Rule;
  storable: Rule;
  singleLine: Rule;
} = {
  required: (value) => (value.trim() === '' ? 'REQUIRED' : null),
  email: (value) => (EMAIL_PATTERN.test(value) ? null : 'INVALID_EMAIL'),
  number: (value) => (DIGITS_PATTERN.test(value) ? null : 'INVALID_NUMBER'),
  // Unicode case classes, consistent with lettersOnly keeping any Unicode letter.
  lowercase: (value) => (/\p{Ll}/u.test(value) ? null : 'NO_LOWERCASE'),
  uppercase: (value) => (/\p{Lu}/u.test(value) ? null : 'NO_UPPERCASE'),
  digit: (value) => (/\d/.test(value) ? null : 'NO_NUMBER'),
  length:
    (min = 0, max = Infinity) =>
    (value) => {
      const n = charCount(value);
      if (n < min) return 'MIN_NOT_REACHED';
      if (n > max) return 'MAX_EXCEEDED';
      return null;
    },
  match: (other) => (value) => (value === other ? null : 'NO_MATCH'),
  // SPEC §5 has no text for it: 'Value is not valid.' says it for any value.
  storable: (value) => (isStorableText(value) ? null : 'INVALID_NUMBER'),
  // The same text as `storable`: a name with a line break is a value that is not valid.
  singleLine: (value) => (isSingleLineName(value) ? null : 'INVALID_NUMBER'),
};

/** Runs rules in order; returns the first failing message text (SPEC: the first message is shown) or null. */
export function firstError(value: string, list: Rule[]): string | null {
  for (const rule of list) {
    const key = rule(value);
    if (key !== null) return VALIDATION_MESSAGES[key];
  }
  return null;
}

export const PASSWORD_RULES: Rule[] = [rules.lowercase, rules.uppercase, rules.digit, rules.length(PASSWORD_MIN)];
