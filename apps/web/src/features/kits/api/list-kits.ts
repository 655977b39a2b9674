import { type KitRow } from '@portal/contract';
import { kitsApi } from '@portal/contract/addresses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf } from '../../../components/paged-results';
import { call } from '../../../lib/api-client';
import { kitKeys, type KitQuery } from './keys';

/** The practitioner's stocked kits, searched, filtered and paged on the server. */
export function listKits(q: KitQuery, signal?: AbortSignal): Promise<PageOf<KitRow>> {
  return call(kitsApi.list, { query: q, signal });
}

export const kitsQueryOptions = (q: KitQuery) =>
  queryOptions({ queryKey: kitKeys.list(q), queryFn: ({ signal }) => listKits(q, signal), placeholderData: keepPreviousData });

export function useKits(q: KitQuery) {
  return useQuery(kitsQueryOptions(q));
}
