// Written by packages/contract/scripts/write-addresses.ts from src/api/live.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { liveApi as liveApiEndpoints } from '../api/live';

export const liveApi: AddressesOf<typeof liveApiEndpoints> = {
  events: { method: 'GET', path: '/api/portal/events', reply: 'stream' },
};
