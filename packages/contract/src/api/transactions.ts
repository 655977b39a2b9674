import { IdParams, listOf, pageOf } from '../common';
import { PeriodTotals, Transaction, TRANSACTION_CSV_ROW_CAP, TransactionListQuery, TransactionTotalsQuery } from '../commerce';
import { defineEndpoint } from '../endpoint';

const tags = ['transactions'];

/** The practice's transactions summary (SPEC §9). */
export const transactionsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/portal/transactions/',
    tags,
    summary: "Transactions, newest first: data-request fees, sales and discounts, signed from the practice's side in minor units",
    query: TransactionListQuery,
    responses: { 200: pageOf(Transaction) },
  }),
  totals: defineEndpoint({
    method: 'GET',
    path: '/api/portal/transactions/totals',
    tags,
    summary: 'Totals per day, week or month (UTC) and currency, with the same filters',
    query: TransactionTotalsQuery,
    responses: { 200: listOf(PeriodTotals) },
  }),
  exportCsv: defineEndpoint({
    method: 'GET',
    path: '/api/portal/transactions/export.csv',
    tags,
    summary: `Transactions as CSV with the same filters, at most ${TRANSACTION_CSV_ROW_CAP.toLocaleString('en')} rows (x-export-truncated: true when there were more)`,
    query: TransactionListQuery.omit({ limit: true, offset: true }),
    reply: 'file',
    media: ['text/csv'],
  }),
};

/** The provider's side of fees, behind the admin token. */
export const transactionAdminApi = {
  markPaid: defineEndpoint({
    method: 'POST',
    path: '/api/admin/transactions/:id/paid',
    tags: ['admin'],
    summary: 'Mark a data-request fee paid (once; otherwise 400414)',
    params: IdParams,
    responses: { 200: Transaction },
  }),
};
