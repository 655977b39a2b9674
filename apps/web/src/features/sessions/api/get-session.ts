import { sessionsApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/** One of the caller's sessions with kit, readiness and highlights (404 for another's and for none). */
export function getSession(id: string, signal?: AbortSignal) {
  return call(sessionsApi.detail, { params: { id }, signal });
}

export const sessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: sessionKeys.detail(id),
    queryFn: ({ signal }) => getSession(id, signal),
    // Access to the patient's data changes outside this tab (the patient confirms in their app): the
    // live stream announces it (features/live), and the session is read again on focus.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useSession(id: string) {
  return useQuery(sessionQueryOptions(id));
}
