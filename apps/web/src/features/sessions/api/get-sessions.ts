import { SessionStatus } from '@portal/contract';
import { sessionsApi } from '@portal/contract/addresses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { sessionKeys, type SessionListParams } from './keys';

/** The caller's sessions in one status, filtered by patient name and paged by the server. */
export function getSessions({ status, limit, offset, search }: SessionListParams, signal?: AbortSignal) {
  return call(sessionsApi.list, { query: { status, limit, offset, search }, signal });
}

export const sessionsQueryOptions = (params: SessionListParams) =>
  queryOptions({
    queryKey: sessionKeys.list(params),
    queryFn: ({ signal }) => getSessions(params, signal),
    // While paging or searching within a tab, keep the rows on screen; a different tab starts afresh.
    // New requests from the patient app arrive through the live stream (features/live); the pending
    // list is also read again on focus.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as SessionListParams | undefined)?.status === params.status ? keepPreviousData(previous) : undefined,
    refetchOnWindowFocus: params.status === SessionStatus.REQUESTED,
  });

export function useSessions(params: SessionListParams) {
  return useQuery(sessionsQueryOptions(params));
}
