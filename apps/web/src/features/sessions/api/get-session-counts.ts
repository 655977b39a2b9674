import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PENDING_POLL_MS } from './get-sessions';
import { sessionKeys } from './keys';

export type SessionCounts = Record<1 | 2 | 3 | 4, number>;

/** How many sessions the caller has in each status. */
export function getSessionCounts(): Promise<SessionCounts> {
  return apiRequest<SessionCounts>('/portal/sessions/counts');
}

export const sessionCountsQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.counts(),
    queryFn: getSessionCounts,
    // The Pending count shows new requests on every tab.
    refetchInterval: PENDING_POLL_MS,
    refetchOnWindowFocus: true,
  });

export function useSessionCounts() {
  return useQuery(sessionCountsQueryOptions());
}
