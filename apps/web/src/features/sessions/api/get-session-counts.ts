import { sessionsApi } from '@portal/contract/addresses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/** How many sessions the caller has in each status; with a search, of those whose patient's name matches. */
export function getSessionCounts(search = '') {
  return call(sessionsApi.counts, { query: { search } });
}

export const sessionCountsQueryOptions = (search = '') =>
  queryOptions({
    queryKey: sessionKeys.countsFor(search),
    queryFn: () => getSessionCounts(search),
    // While the search changes, keep the previous counts on the tabs rather than blanking them.
    placeholderData: keepPreviousData,
    // New requests reach the Pending count through the live stream (features/live), not by polling.
    refetchOnWindowFocus: true,
  });

export function useSessionCounts(search = '') {
  return useQuery(sessionCountsQueryOptions(search));
}
