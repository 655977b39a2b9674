import { formatMoney as formatMoneyIn, numberFormat, parseMoney as parseMoneyIn } from '@portal/contract';
import { config } from '../config/env';
import { messagesEn, type MessageKey } from './messages.en';

export type { MessageKey };

/**
 * A lookup for one catalogue: the text of a key with its `{name}` placeholders filled. Features
 * whose pages load lazily keep their texts in catalogues of their own, out of the first download.
 */
export function translator<C extends Record<string, string>>(catalogue: C) {
  return (key: keyof C, params?: Record<string, string | number>): string => {
    const text: string = catalogue[key]!;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
  };
}

/** The portal's shared texts. */
export const t: (key: MessageKey, params?: Record<string, string | number>) => string = translator(messagesEn);

export function documentTitle(title: string): string {
  return t('app.documentTitle', { title });
}

/**
 * A value made on first use, then kept. For Intl formatters: their constructors are expensive, the
 * first one a page makes most of all (it loads the locale's data: 20-35 ms on a fast machine), and
 * made at the top of a module that cost lands in the portal's start, on pages that format nothing.
 */
export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const dateFormat = once(() => new Intl.DateTimeFormat(config.defaultLocale, { dateStyle: 'long' }));

function toDate(value: Date | string | number): Date {
  // A bare yyyy-mm-dd is a calendar date: read it as local midnight, not UTC, so it never shifts a day.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, d);
  }
  return new Date(value);
}

export function formatDate(value: Date | string | number): string {
  return dateFormat().format(toDate(value));
}

/**
 * Numbers in the configured locale: the portal's one number format, shared by scores, percentages
 * and money (the contract's numberFormat; docs/decisions/008-one-number-format.md).
 */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(config.defaultLocale, options).format(value);
}

/** Money held in minor units, in the configured locale (the configured currency unless given). */
export function formatMoney(amountCents: number, currency: string = config.currency): string {
  return formatMoneyIn(amountCents, currency, config.defaultLocale);
}

/** An amount as typed into a form, in minor units, or null (the configured locale's separators). */
export function parseMoney(raw: string): number | null {
  return parseMoneyIn(raw, config.defaultLocale);
}
