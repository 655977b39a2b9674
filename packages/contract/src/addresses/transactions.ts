// Written by packages/contract/scripts/write-addresses.ts from src/api/transactions.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { transactionAdminApi as transactionAdminApiEndpoints, transactionsApi as transactionsApiEndpoints } from '../api/transactions';

export const transactionAdminApi: AddressesOf<typeof transactionAdminApiEndpoints> = {
  markPaid: { method: 'POST', path: '/api/admin/transactions/:id/paid' },
};

export const transactionsApi: AddressesOf<typeof transactionsApiEndpoints> = {
  list: { method: 'GET', path: '/api/portal/transactions/' },
  totals: { method: 'GET', path: '/api/portal/transactions/totals' },
  exportCsv: { method: 'GET', path: '/api/portal/transactions/export.csv', reply: 'file' },
};
