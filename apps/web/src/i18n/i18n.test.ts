import { describe, expect, it } from 'vitest';
import { documentTitle, formatDate, formatMoney, t } from './i18n';

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

  it('formats dates and money in the default locale and currency (en-ZA, ZAR)', () => {
    expect(formatDate('2026-11-01')).toBe(new Intl.DateTimeFormat('en-ZA', { dateStyle: 'long' }).format(new Date(2026, 10, 1)));
    expect(formatDate('2026-11-01')).toContain('2026');
    expect(formatMoney(1234.5)).toBe(new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' }).format(1234.5));
    expect(formatMoney(1234.5)).toMatch(/^R/);
  });
});
