// Written by packages/contract/scripts/write-addresses.ts from src/api/system.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { systemApi as systemApiEndpoints } from '../api/system';

export const systemApi: AddressesOf<typeof systemApiEndpoints> = {
  health: { method: 'GET', path: '/healthz' },
  ready: { method: 'GET', path: '/readyz' },
  mailbox: { method: 'GET', path: '/dev/mailbox', reply: 'file' },
};
