import type { DiscountCode } from '@portal/contract';
import { formatDate, formatMoney } from '../../i18n/i18n';
import { discountCodesText } from './messages';

// What the list shows of a code, apart from the form (form.ts), which checks with the contract's
// schema and loads only when a code is created or edited (issue 35).

/** 'Kit, Consultation · Item requires shipping · Add a new kit': what a code applies to and adds. */
export function optionsSummary(c: Pick<DiscountCode, 'options' | 'requiresShipping' | 'addNewKit'>): string {
  const parts = [c.options.appliesTo.map((p) => discountCodesText(`discount.product.${p}`)).join(', ')];
  if (c.requiresShipping) parts.push(discountCodesText('discount.requiresShipping'));
  if (c.addNewKit) parts.push(discountCodesText('discount.addNewKit'));
  return parts.join(' · ');
}

/** '25% off' or 'R 100,00 off' (the configured locale's format). */
export function ruleSummary(rule: Pick<DiscountCode['rule'], 'type' | 'value' | 'currency'>): string {
  return rule.type === 'percentage'
    ? discountCodesText('discount.rule.percentage', { value: rule.value })
    : discountCodesText('discount.rule.fixed', { amount: formatMoney(rule.value, rule.currency) });
}

export function validitySummary(rule: Pick<DiscountCode['rule'], 'validFrom' | 'validUntil'>): string {
  return rule.validUntil
    ? discountCodesText('discount.validity.range', { from: formatDate(rule.validFrom), until: formatDate(rule.validUntil) })
    : discountCodesText('discount.validity.from', { from: formatDate(rule.validFrom) });
}

export function usageSummary(code: Pick<DiscountCode, 'usageCount'> & { rule: Pick<DiscountCode['rule'], 'usageLimit'> }): string {
  return discountCodesText('discount.usage', { count: code.usageCount, limit: code.rule.usageLimit ?? discountCodesText('discount.usage.unlimited') });
}
