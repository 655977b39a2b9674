import { describe, expect, it } from 'vitest';
import { formatMoney, numberFormat, numberSeparators, parseMoney } from './number-format';

const NBSP = '\u00a0';

describe('one number format for the configured locale', () => {
  it('en-ZA (the default): decimal comma and a no-break space between thousands, for numbers and money alike', () => {
    expect(numberSeparators('en-ZA')).toEqual({ decimal: ',', group: NBSP });
    expect(numberFormat('en-ZA').format(1234.5)).toBe(`1${NBSP}234,5`);
    expect(formatMoney(149900, 'ZAR', 'en-ZA')).toBe(`R${NBSP}1${NBSP}499,00`);
    expect(numberFormat('en-ZA', { style: 'percent', maximumFractionDigits: 1 }).format(0.125)).toBe('12,5%');
  });

  it('formats minor units exactly, with the sign, in another locale and currency', () => {
    expect(formatMoney(-25005, 'ZAR', 'en-ZA')).toBe(`-R${NBSP}250,05`);
    expect(formatMoney(7, 'USD', 'en-ZA')).toBe('US$0,07');
    expect(formatMoney(150000, 'ZAR', 'en-GB')).toBe(`ZAR${NBSP}1,500.00`);
    expect(formatMoney(123456789, 'EUR', 'en-GB')).toBe('€1,234,567.89');
  });

  it('keeps one formatter per locale and options', () => {
    expect(numberFormat('en-ZA', { maximumFractionDigits: 2 })).toBe(numberFormat('en-ZA', { maximumFractionDigits: 2 }));
    expect(numberFormat('en-ZA')).not.toBe(numberFormat('en-GB'));
  });
});

describe('parseMoney', () => {
  it('reads amounts as typed in en-ZA: spaces, a decimal comma or point', () => {
    expect(parseMoney('1 499,50', 'en-ZA')).toBe(149950);
    expect(parseMoney(`1${NBSP}499,5`, 'en-ZA')).toBe(149950);
    expect(parseMoney('1499.50', 'en-ZA')).toBe(149950);
    expect(parseMoney('0,1', 'en-ZA')).toBe(10);
    expect(parseMoney(' 100 ', 'en-ZA')).toBe(10000);
  });

  it('refuses what it would have to guess: a comma before three digits in en-ZA is not a thousands mark', () => {
    expect(parseMoney('1,500', 'en-ZA')).toBeNull();
    expect(parseMoney('1,500.50', 'en-ZA')).toBeNull();
    expect(parseMoney('12,345', 'en-ZA')).toBeNull();
  });

  it("reads the locale's grouping where it groups thousands (en-GB)", () => {
    expect(parseMoney('1,500.50', 'en-GB')).toBe(150050);
    expect(parseMoney('1 500.5', 'en-GB')).toBe(150050);
    expect(parseMoney('1,500', 'en-GB')).toBe(150000);
    expect(parseMoney('0.1', 'en-GB')).toBe(10);
  });

  it('refuses anything that is not an amount', () => {
    for (const raw of ['', '12.345', '-3', 'abc', '1.2.3', '12345678']) expect(parseMoney(raw, 'en-ZA'), raw).toBeNull();
  });
});
