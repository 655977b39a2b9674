// Written by packages/contract/scripts/write-addresses.ts from src/api/kits.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { kitAdminApi as kitAdminApiEndpoints, kitsApi as kitsApiEndpoints } from '../api/kits';

export const kitAdminApi: AddressesOf<typeof kitAdminApiEndpoints> = {
  consign: { method: 'POST', path: '/api/admin/consignments' },
  advance: { method: 'POST', path: '/api/admin/kits/:sampleLabel/advance' },
  results: { method: 'POST', path: '/api/admin/kits/:sampleLabel/results' },
};

export const kitsApi: AddressesOf<typeof kitsApiEndpoints> = {
  list: { method: 'GET', path: '/api/portal/kits/' },
  assign: { method: 'PUT', path: '/api/portal/sessions/:id/kit' },
};
