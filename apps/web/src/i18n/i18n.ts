import { config } from '../config/env';
import { messagesEn, type MessageKey } from './messages.en';

export type { MessageKey };

/** Looks a text up in the catalogue and fills its `{name}` placeholders. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const text: string = messagesEn[key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

export function documentTitle(title: string): string {
  return t('app.documentTitle', { title });
}

// Formatters are created once: Intl constructors are comparatively expensive.
const dateFormat = new Intl.DateTimeFormat(config.defaultLocale, { dateStyle: 'long' });
const moneyFormat = new Intl.NumberFormat(config.defaultLocale, { style: 'currency', currency: config.currency });

function toDate(value: Date | string | number): Date {
  // A bare yyyy-mm-dd is a calendar date: read it as local midnight, not UTC, so it never shifts a day.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, d);
  }
  return new Date(value);
}

export function formatDate(value: Date | string | number): string {
  return dateFormat.format(toDate(value));
}

/** Money in the configured currency; amounts are in the currency's main unit. */
export function formatMoney(amount: number): string {
  return moneyFormat.format(amount);
}
