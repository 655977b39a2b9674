import { config } from '../../config/env';
import { formatNumber, once } from '../../i18n/i18n';

// Each formatter is made on first use, then kept (Intl constructors are expensive: see `once`).
const dateTime = once(() => new Intl.DateTimeFormat(config.defaultLocale, { dateStyle: 'medium', timeStyle: 'short' }));
const date = once(() => new Intl.DateTimeFormat(config.defaultLocale, { dateStyle: 'medium' }));
const ordinal = once(() => new Intl.PluralRules('en', { type: 'ordinal' }));
const SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

export const formatDateTime = (value: string) => dateTime().format(new Date(value));
export const formatShortDate = (value: string) => date().format(new Date(value));

/** Scores are in the trait's own units, some well below 1: keep three significant digits there. */
export function formatScore(value: number): string {
  return Math.abs(value) < 1 ? formatNumber(value, { maximumSignificantDigits: 3 }) : formatNumber(value, { maximumFractionDigits: 2 });
}

/** Effect weights as published, with their sign (a positive weight raises the level). */
export const formatWeight = (value: number) => formatNumber(value, { maximumFractionDigits: 4, signDisplay: 'exceptZero' });

/** One decimal ('43,2'), but two significant digits below 1 so a small share never reads as 0 ('0,032'). */
const shareDigits = (percent: number): Intl.NumberFormatOptions =>
  percent > 0 && percent < 1 ? { maximumSignificantDigits: 2 } : { maximumFractionDigits: 1 };

/** A share of the reference group, given in percent (0..100): '12,5%', '0,032%'. */
export const formatShare = (percent: number) => formatNumber(percent / 100, { style: 'percent', ...shareDigits(percent) });

/** The same share as a plain number ('12,5'), for the sums a reader checks by hand. */
export const formatPercentNumber = (percent: number) => formatNumber(percent, shareDigits(percent));

/**
 * The percentile with one decimal, or more where one decimal would round onto a category boundary
 * the value is not on (19.97 reads '19,97', not '20': it is Decreased, and 20 is Average).
 */
export function formatPercentile(percentile: number): string {
  for (const digits of [1, 2, 3, 4]) {
    const rounded = Math.round(percentile * 10 ** digits) / 10 ** digits;
    if (!((rounded === 20 || rounded === 80) && rounded !== percentile)) return formatNumber(percentile, { maximumFractionDigits: digits });
  }
  return formatNumber(percentile, { maximumFractionDigits: 6 });
}

/** 75 → '75th', 100 → '100th': the ends of a range of percentiles, rounded to whole percentiles. */
export function formatOrdinal(percentile: number): string {
  const n = Math.min(100, Math.max(0, Math.round(percentile)));
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
