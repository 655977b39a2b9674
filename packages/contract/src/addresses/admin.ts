// Written by packages/contract/scripts/write-addresses.ts from src/api/admin.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { adminApi as adminApiEndpoints } from '../api/admin';

export const adminApi: AddressesOf<typeof adminApiEndpoints> = {
  practitioners: { method: 'GET', path: '/api/admin/practitioners/' },
  accept: { method: 'POST', path: '/api/admin/practitioners/:id/accept' },
  decline: { method: 'POST', path: '/api/admin/practitioners/:id/decline' },
};
