import { describe, expect, it } from 'vitest';
import { formatOrdinal, formatPercentNumber, formatPercentile, formatShare, formatWeight } from './format';

describe('the numbers of a result, in the configured locale (en-ZA)', () => {
  it('percentiles: one decimal, more where one decimal would land on a category boundary it is not on', () => {
    expect(formatPercentile(87.5)).toBe('87,5');
    expect(formatPercentile(46.666085721)).toBe('46,7');
    expect(formatPercentile(50)).toBe('50');
    // 19.97 is Decreased: '20' would read as Average.
    expect(formatPercentile(19.97)).toBe('19,97');
    expect(formatPercentile(80.04)).toBe('80,04');
    expect(formatPercentile(80)).toBe('80');
  });

  it('shares of the reference group: one decimal, and a small share never reads as 0', () => {
    expect(formatShare(25)).toBe('25%');
    expect(formatShare(43.178722257)).toBe('43,2%');
    expect(formatShare(0.0321)).toBe('0,032%');
    expect(formatShare(0)).toBe('0%');
    expect(formatPercentNumber(6.974726927)).toBe('7');
    expect(formatPercentNumber(0.33)).toBe('0,33');
  });

  it('range ends as whole ordinal percentiles, 0th to 100th', () => {
    expect([0, 1, 2, 3, 11, 22.5, 75, 100].map(formatOrdinal)).toEqual(['0th', '1st', '2nd', '3rd', '11th', '23rd', '75th', '100th']);
  });

  it('signed weights', () => {
    expect(formatWeight(0.071)).toBe('+0,071');
    expect(formatWeight(-1.45)).toBe('-1,45');
  });
});
