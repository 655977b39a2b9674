import { config } from '../../config/env';
import { once } from '../../i18n/i18n';

// Each formatter is made on first use, then kept (Intl constructors are expensive: see `once`).
const dateTime = once(() => new Intl.DateTimeFormat(config.defaultLocale, { dateStyle: 'medium', timeStyle: 'short' }));
const date = once(() => new Intl.DateTimeFormat(config.defaultLocale, { dateStyle: 'medium' }));
const small = once(() => new Intl.NumberFormat(config.defaultLocale, { maximumSignificantDigits: 3 }));
const large = once(() => new Intl.NumberFormat(config.defaultLocale, { maximumFractionDigits: 2 }));
const signed = once(() => new Intl.NumberFormat(config.defaultLocale, { maximumFractionDigits: 4, signDisplay: 'exceptZero' }));
const ordinal = once(() => new Intl.PluralRules('en', { type: 'ordinal' }));
const SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

export const formatDateTime = (value: string) => dateTime().format(new Date(value));
export const formatShortDate = (value: string) => date().format(new Date(value));

/** Scores are in the trait's own units, some well below 1: keep three significant digits there. */
export function formatScore(value: number): string {
  return Math.abs(value) < 1 ? small().format(value) : large().format(value);
}

/** Effect weights as published, with their sign (a positive weight raises the level). */
export const formatWeight = (value: number) => signed().format(value);

/** 46.67 → '47th'. A mid-P percentile never reaches 0 or 100, so rounding keeps it within 1..99. */
export function formatOrdinal(percentile: number): string {
  const n = Math.min(99, Math.max(1, Math.round(percentile)));
  return `${n}${SUFFIX[ordinal().select(n)] ?? 'th'}`;
}

export const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

const money = new Map<string, Intl.NumberFormat>();
/** A fee in minor units of its currency, in the portal's locale ('R 250,00'). */
export function formatFee(amountCents: number, currency: string): string {
  let format = money.get(currency);
  if (!format) money.set(currency, (format = new Intl.NumberFormat(config.defaultLocale, { style: 'currency', currency })));
  return format.format(amountCents / 100);
}
