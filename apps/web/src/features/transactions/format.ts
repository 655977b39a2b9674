import type { TransactionPeriod } from '@portal/contract';
import { config } from '../../config/env';
import { formatDate, once } from '../../i18n/i18n';
import { transactionsText } from './messages';

const monthFormat = once(() => new Intl.DateTimeFormat(config.defaultLocale, { month: 'long', year: 'numeric', timeZone: 'UTC' }));

/** A totals row's period (its first day, YYYY-MM-DD, UTC as the server counts) in words. */
export function periodLabel(start: string, period: TransactionPeriod): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start)) return start;
  if (period === 'month') return monthFormat().format(new Date(`${start}T00:00:00Z`));
  if (period === 'week') return transactionsText('tx.weekOf', { date: formatDate(start) });
  return formatDate(start);
}
