import { type PeriodTotals, type TransactionPeriod } from '@portal/contract';
import { transactionsApi } from '@portal/contract/addresses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { transactionKeys, type TransactionFilters } from './keys';

type Query = TransactionFilters & { period: TransactionPeriod };

/** Sums per period and currency (fees, sales, discounts, net, outstanding), in minor units. */
export async function getTotals(q: Query, signal?: AbortSignal): Promise<PeriodTotals[]> {
  return (await call(transactionsApi.totals, { query: q, signal })).results;
}

export function useTotals(q: Query) {
  return useQuery(queryOptions({ queryKey: transactionKeys.totals(q), queryFn: ({ signal }) => getTotals(q, signal), placeholderData: keepPreviousData }));
}
