import { SessionStatus, type SessionSummary } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Page } from '../types';
import { sessionKeys, type SessionListParams } from './keys';

/** New requests arrive from the patient app: the pending list is polled while it is on screen. */
export const PENDING_POLL_MS = 5_000;

/** The caller's sessions in one status, filtered by patient name and paged by the server. */
export function getSessions(params: SessionListParams, signal?: AbortSignal): Promise<Page<SessionSummary>> {
  const query = new URLSearchParams({ status: String(params.status), limit: String(params.limit), offset: String(params.offset) });
  if (params.search) query.set('search', params.search);
  return apiRequest<Page<SessionSummary>>(`/portal/sessions/?${query.toString()}`, { signal });
}

export const sessionsQueryOptions = (params: SessionListParams) =>
  queryOptions({
    queryKey: sessionKeys.list(params),
    queryFn: ({ signal }) => getSessions(params, signal),
    // While paging or searching within a tab, keep the rows on screen; a different tab starts afresh.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as SessionListParams | undefined)?.status === params.status ? keepPreviousData(previous) : undefined,
    refetchInterval: params.status === SessionStatus.REQUESTED ? PENDING_POLL_MS : false,
    refetchOnWindowFocus: params.status === SessionStatus.REQUESTED,
  });

export function useSessions(params: SessionListParams) {
  return useQuery(sessionsQueryOptions(params));
}
