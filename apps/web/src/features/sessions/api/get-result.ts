import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ResultDetail } from '../types';
import { sessionKeys } from './keys';

/** One result with its swab component: the minerals and vitamins. */
export function getResult(id: string, resultId: string, signal?: AbortSignal): Promise<ResultDetail> {
  return apiRequest<ResultDetail>(`/portal/sessions/${encodeURIComponent(id)}/results/${encodeURIComponent(resultId)}`, { signal });
}

export const resultQueryOptions = (id: string, resultId: string) =>
  queryOptions({
    queryKey: sessionKeys.result(id, resultId),
    queryFn: ({ signal }) => getResult(id, resultId, signal),
    // A computed result never changes; access to it is checked through the session.
    staleTime: Infinity,
  });

export function useResult(id: string, resultId: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({ ...resultQueryOptions(id, resultId ?? ''), enabled: Boolean(resultId) && (options.enabled ?? true) });
}
