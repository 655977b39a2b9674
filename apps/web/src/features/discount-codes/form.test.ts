import { DISCOUNT_TEXTS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { emptyDiscountForm, toDiscountInput } from './form';
import { ruleSummary, usageSummary } from './summaries';

const base = () => ({ ...emptyDiscountForm(), validFrom: '2026-01-01' });

describe('discount code form values', () => {
  it('turns a typed fixed amount into integer minor units, never a float', () => {
    // As written in the configured locale (en-ZA: decimal comma, space between thousands); a decimal point is read too.
    const { input, errors } = toDiscountInput({ ...base(), type: 'fixed', value: '1 500,5', minimum: '2 000' });
    expect(errors).toEqual({});
    expect(input.rule.value).toBe(150050);
    expect(input.rule.minimumOrderCents).toBe(200000);
    expect(input.rule.usageLimit).toBeNull();
    expect(input.rule.validUntil).toBeNull();
    expect(toDiscountInput({ ...base(), type: 'fixed', value: '99.50' }).input.rule.value).toBe(9950);
    // '1,500' could be 1,5 or 1 500 in en-ZA: refused, not guessed.
    expect(toDiscountInput({ ...base(), type: 'fixed', value: '1,500' }).errors['rule.value']).toBe('Value is not valid.');
  });

  it('reports each rule with the contract’s words', () => {
    expect(toDiscountInput({ ...base(), value: '' }).errors['rule.value']).toBe('This field is required');
    expect(toDiscountInput({ ...base(), value: '12.5' }).errors['rule.value']).toBe('Value is not valid.');
    expect(toDiscountInput({ ...base(), value: '101' }).errors['rule.value']).toBe(DISCOUNT_TEXTS.percentageRange);
    expect(toDiscountInput({ ...base(), type: 'fixed', value: 'ten' }).errors['rule.value']).toBe('Value is not valid.');
    expect(toDiscountInput({ ...base(), value: '10', appliesTo: [] }).errors['options.appliesTo']).toBe(DISCOUNT_TEXTS.chooseProduct);
    expect(toDiscountInput({ ...base(), value: '10', validUntil: '2025-12-31' }).errors['rule.validUntil']).toBe(DISCOUNT_TEXTS.endBeforeStart);
    expect(toDiscountInput({ ...base(), value: '10', code: 'a!' }).errors.code).toBe('Value is not valid.');
    expect(toDiscountInput({ ...base(), value: '10', usageLimit: '0' }).errors['rule.usageLimit']).toBeTruthy();
    expect(toDiscountInput({ ...base(), value: '10', usageLimit: '3' }).errors).toEqual({});
  });

  it('summarises a rule and its usage', () => {
    expect(ruleSummary({ type: 'percentage', value: 25, currency: 'ZAR' })).toBe('25% off');
    expect(ruleSummary({ type: 'fixed', value: 10000, currency: 'ZAR' })).toBe('R\u00a0100,00 off');
    expect(ruleSummary({ type: 'fixed', value: 123456789, currency: 'USD' })).toBe('US$1\u00a0234\u00a0567,89 off');
    expect(usageSummary({ usageCount: 1, rule: { usageLimit: 10 } })).toBe('1 / 10');
    expect(usageSummary({ usageCount: 0, rule: { usageLimit: null } })).toBe('0 / unlimited');
  });
});
