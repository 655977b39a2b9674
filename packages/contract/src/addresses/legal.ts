// Written by packages/contract/scripts/write-addresses.ts from src/api/legal.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { legalApi as legalApiEndpoints } from '../api/legal';

export const legalApi: AddressesOf<typeof legalApiEndpoints> = {
  latest: { method: 'GET', path: '/api/legal/:file', reply: 'file' },
  version: { method: 'GET', path: '/api/legal/:slug/:file', reply: 'file' },
};
