import { type DiscountCode } from '@portal/contract';
import { discountCodesApi } from '@portal/contract/addresses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf } from '../../../components/paged-results';
import { call } from '../../../lib/api-client';
import { discountKeys, type DiscountCodeQuery } from './keys';

export function listDiscountCodes(q: DiscountCodeQuery, signal?: AbortSignal): Promise<PageOf<DiscountCode>> {
  return call(discountCodesApi.list, { query: q, signal });
}

export function useDiscountCodes(q: DiscountCodeQuery) {
  return useQuery(queryOptions({ queryKey: discountKeys.list(q), queryFn: ({ signal }) => listDiscountCodes(q, signal), placeholderData: keepPreviousData }));
}
