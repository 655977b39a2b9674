// Written by packages/contract/scripts/write-addresses.ts from src/api/journals.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { journalsApi as journalsApiEndpoints } from '../api/journals';

export const journalsApi: AddressesOf<typeof journalsApiEndpoints> = {
  sessionJournal: { method: 'GET', path: '/api/portal/sessions/:id/journal' },
  saveDraft: { method: 'PUT', path: '/api/portal/sessions/:id/journal' },
  submit: { method: 'POST', path: '/api/portal/sessions/:id/journal/submit' },
  addAddendum: { method: 'POST', path: '/api/portal/sessions/:id/journal/addenda' },
  list: { method: 'GET', path: '/api/portal/journals/' },
  entry: { method: 'GET', path: '/api/portal/journals/:id' },
  updateEntry: { method: 'PUT', path: '/api/portal/journals/:id' },
};
