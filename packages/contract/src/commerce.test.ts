import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_CODE_ALPHABET,
  DISCOUNT_CODE_PATTERN,
  DiscountCodeInput,
  WarehouseInput,
  discountAmount,
  discountCodeState,
  generateDiscountCode,
  nextKitStatus,
  transactionState,
} from './commerce';

describe('discount codes', () => {
  const rule = {
    validFrom: '2026-01-01',
    validUntil: '2026-12-31',
    usageLimit: 2,
  };
  it('has one state rule', () => {
    expect(discountCodeState({ deactivatedAt: null, usageCount: 0, rule }, '2026-06-01')).toBe('active');
    expect(discountCodeState({ deactivatedAt: null, usageCount: 0, rule }, '2025-12-31')).toBe('scheduled');
    expect(discountCodeState({ deactivatedAt: null, usageCount: 0, rule }, '2027-01-01')).toBe('expired');
    expect(discountCodeState({ deactivatedAt: null, usageCount: 2, rule }, '2026-06-01')).toBe('used_up');
    expect(discountCodeState({ deactivatedAt: '2026-02-01T00:00:00Z', usageCount: 0, rule }, '2026-06-01')).toBe('deactivated');
  });
  it('never discounts more than the order', () => {
    expect(discountAmount({ type: 'percentage', value: 15 }, 99999)).toBe(14999);
    expect(discountAmount({ type: 'fixed', value: 50000 }, 30000)).toBe(30000);
  });
  it('generates codes of the alphabet that pass the pattern', () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateDiscountCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) {
      expect(code).toMatch(DISCOUNT_CODE_PATTERN);
      expect([...code].every((c) => DISCOUNT_CODE_ALPHABET.includes(c))).toBe(true);
    }
  });
  it('validates the rule', () => {
    const base = {
      code: ' spring-25 ',
      rule: {
        type: 'percentage',
        value: 25,
        currency: 'ZAR',
        validFrom: '2026-11-01',
      },
      options: { appliesTo: ['kit'] },
    } as const;
    const ok = DiscountCodeInput.parse(base);
    expect(ok.code).toBe('SPRING-25');
    expect(ok.rule.usageLimit).toBeNull();
    const over = DiscountCodeInput.safeParse({
      ...base,
      rule: { ...base.rule, value: 101 },
    });
    expect(over.error?.issues[0]?.message).toBe('A percentage is between 1 and 100');
    const backwards = DiscountCodeInput.safeParse({
      ...base,
      rule: { ...base.rule, validUntil: '2026-10-01' },
    });
    expect(backwards.error?.issues[0]?.path).toEqual(['rule', 'validUntil']);
    expect(DiscountCodeInput.safeParse({ ...base, options: { appliesTo: [] } }).success).toBe(false);
  });
});

describe('warehouse form', () => {
  const full = {
    contactNumber: '0215550100',
    contactPerson: 'Ada Lovelace',
    countryCode: 'ZA',
    name: 'Cape Town store room',
    postalCode: '8001',
    state: 'Western Cape',
    streetAddress: '1 Long Street',
    suburb: 'City Centre',
  };
  it('accepts the eight fields', () => expect(WarehouseInput.safeParse(full).success).toBe(true));
  it.each(Object.keys(full))('is invalid while %s is missing or empty', (field) => {
    const empty = WarehouseInput.safeParse({ ...full, [field]: '' });
    expect(empty.error?.issues.map((i) => i.path[0])).toContain(field);
    const { [field]: _, ...rest } = full as Record<string, string>;
    expect(WarehouseInput.safeParse(rest).error?.issues[0]?.message).toBe('This field is required');
  });
});

describe('lab steps and transaction states', () => {
  it('moves kits one step forward', () => {
    expect(nextKitStatus('in_stock')).toBe('assigned');
    expect(nextKitStatus('processing')).toBe('results_available');
    expect(nextKitStatus('results_available')).toBeNull();
  });
  it('derives paid, due and overdue', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(transactionState({ paidAt: '2026-11-01T00:00:00Z', dueAt: '2026-11-02T00:00:00Z' }, now)).toBe('paid');
    expect(transactionState({ paidAt: null, dueAt: '2026-11-20T00:00:00Z' }, now)).toBe('overdue');
    expect(transactionState({ paidAt: null, dueAt: '2026-12-01T00:00:00Z' }, now)).toBe('due');
  });
});
