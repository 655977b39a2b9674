import { IdParams, pageOf } from '../common';
import { DiscountCode, DiscountCodeInput, DiscountCodeListQuery } from '../commerce';
import { defineEndpoint } from '../endpoint';

const tags = ['discount codes'];

/** The practice's discount codes (SPEC §5); patients order with them through the patient API. */
export const discountCodesApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/portal/discount-codes/',
    tags,
    summary: "The practice's discount codes, newest first, by state (UTC day)",
    query: DiscountCodeListQuery,
    responses: { 200: pageOf(DiscountCode) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/portal/discount-codes/',
    tags,
    summary: 'Create a discount code: the code typed (unique, case-insensitive) or, empty, a generated one',
    body: DiscountCodeInput,
    responses: { 201: DiscountCode },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/portal/discount-codes/:id',
    tags,
    summary: "Change a discount code's rule, upsell and options (not the code itself; not once deactivated)",
    params: IdParams,
    body: DiscountCodeInput,
    responses: { 200: DiscountCode },
  }),
  deactivate: defineEndpoint({
    method: 'POST',
    path: '/api/portal/discount-codes/:id/deactivate',
    tags,
    summary: 'Deactivate a discount code (cannot be undone)',
    params: IdParams,
    responses: { 200: DiscountCode },
  }),
};
