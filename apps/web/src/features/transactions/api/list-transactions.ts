import { type Transaction } from '@portal/contract';
import { transactionsApi } from '@portal/contract/addresses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf } from '../../../components/paged-results';
import { call } from '../../../lib/api-client';
import { transactionKeys, type TransactionFilters } from './keys';

type Query = TransactionFilters & { limit: number; offset: number };

/** The practice's transactions, newest first, filtered and paged on the server. */
export function listTransactions(q: Query, signal?: AbortSignal): Promise<PageOf<Transaction>> {
  return call(transactionsApi.list, { query: q, signal });
}

export function useTransactions(q: Query) {
  return useQuery(queryOptions({ queryKey: transactionKeys.list(q), queryFn: ({ signal }) => listTransactions(q, signal), placeholderData: keepPreviousData }));
}
