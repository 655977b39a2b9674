import { SessionStatus, type SessionDetail } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PENDING_POLL_MS } from './get-sessions';
import { sessionKeys } from './keys';

/** One of the caller's sessions with kit, readiness and highlights (404 for another's and for none). */
export function getSession(id: string, signal?: AbortSignal): Promise<SessionDetail> {
  return apiRequest<SessionDetail>(`/portal/sessions/${encodeURIComponent(id)}`, { signal });
}

/** Still waiting on the patient (a request to decide, a data request to answer): worth watching. */
export function isWaiting(session: SessionDetail | undefined): boolean {
  return session?.status === SessionStatus.REQUESTED || (session?.status === SessionStatus.ACCEPTED && session.dataRequest?.status === 'pending');
}

export const sessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: sessionKeys.detail(id),
    queryFn: ({ signal }) => getSession(id, signal),
    // Access to the patient's data changes outside this tab (the patient confirms in their app).
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (isWaiting(query.state.data) ? PENDING_POLL_MS : false),
  });

export function useSession(id: string) {
  return useQuery(sessionQueryOptions(id));
}
