// Written by packages/contract/scripts/write-addresses.ts from src/api/warehouse.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { warehouseApi as warehouseApiEndpoints } from '../api/warehouse';

export const warehouseApi: AddressesOf<typeof warehouseApiEndpoints> = {
  list: { method: 'GET', path: '/api/portal/me/warehouses/' },
  create: { method: 'POST', path: '/api/portal/me/warehouses/' },
  update: { method: 'PUT', path: '/api/portal/me/warehouses/:id' },
  makePrimary: { method: 'PATCH', path: '/api/portal/me/warehouses/:id/primary/' },
  consignments: { method: 'GET', path: '/api/portal/me/consignments/' },
  receive: { method: 'POST', path: '/api/portal/me/consignments/:id/receive' },
};
