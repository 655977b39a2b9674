// Written by packages/contract/scripts/write-addresses.ts from src/api/discount-codes.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { discountCodesApi as discountCodesApiEndpoints } from '../api/discount-codes';

export const discountCodesApi: AddressesOf<typeof discountCodesApiEndpoints> = {
  list: { method: 'GET', path: '/api/portal/discount-codes/' },
  create: { method: 'POST', path: '/api/portal/discount-codes/' },
  update: { method: 'PUT', path: '/api/portal/discount-codes/:id' },
  deactivate: { method: 'POST', path: '/api/portal/discount-codes/:id/deactivate' },
};
