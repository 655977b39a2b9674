import { describe, expect, it, vi } from 'vitest';
import { documentTitle, formatDate, formatMoney, formatNumber, once, parseMoney, t } from './i18n';

describe('i18n', () => {
  it('looks texts up and fills placeholders', () => {
    expect(t('pdf.pageOf', { page: 2, pages: 5 })).toBe('Page 2 of 5');
    expect(t('practitioner.notAccepted')).toBe('Practitioner needs to be accepted in order to access this section');
    expect(t('notFound.text')).toBe('This page is unknown or does not exist');
    expect(t('logout.failed')).toBe('Error occured while logging out');
  });

  it('builds document titles', () => {
    expect(documentTitle('Sessions')).toBe('Sessions | Practitioner Portal');
  });

  it('formats dates, numbers and money in the default locale and currency (en-ZA, ZAR), with one set of separators', () => {
    expect(formatDate('2026-11-01')).toBe(new Intl.DateTimeFormat('en-ZA', { dateStyle: 'long' }).format(new Date(2026, 10, 1)));
    expect(formatDate('2026-11-01')).toContain('2026');
    expect(formatMoney(123450)).toBe(new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' }).format(1234.5));
    expect(formatMoney(123450)).toBe('R\u00a01\u00a0234,50');
    expect(formatMoney(-25000, 'ZAR')).toBe('-R\u00a0250,00');
    expect(formatNumber(1234.5)).toBe('1\u00a0234,5');
    expect(formatNumber(0.125, { style: 'percent', maximumFractionDigits: 1 })).toBe('12,5%');
    expect(parseMoney('1 234,50')).toBe(123450);
  });

  it('once: makes the value on first use, and only then', () => {
    const make = vi.fn(() => ({ made: true }));
    const get = once(make);
    expect(make).not.toHaveBeenCalled();
    const first = get();
    expect(get()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('loading the formatting modules makes no Intl formatter (the first costs tens of ms of the start)', async () => {
    vi.resetModules();
    const made = vi.fn();
    const names = ['DateTimeFormat', 'NumberFormat', 'PluralRules'] as const;
    const real = names.map((name) => Intl[name]);
    names.forEach((name, i) => {
      // A stand-in that records construction and otherwise is the real formatter.
      const Real = real[i] as unknown as new (...args: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[name] = class extends Real {
        constructor(...args: unknown[]) {
          made(name);
          super(...args);
        }
      };
    });
    try {
      await import('./i18n');
      await import('../features/sessions/format');
      await import('../features/transactions/format');
      expect(made).not.toHaveBeenCalled();
      const { formatShortDate } = await import('../features/sessions/format');
      formatShortDate('2026-11-21T12:00:00.000Z');
      expect(made).toHaveBeenCalledWith('DateTimeFormat');
    } finally {
      names.forEach((name, i) => ((Intl as unknown as Record<string, unknown>)[name] = real[i]));
    }
  });
});
