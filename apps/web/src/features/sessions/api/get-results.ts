import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ResultRef } from '../types';
import { sessionKeys } from './keys';

/** The patient's genetic results (404 unless the session is accepted with a confirmed data request). */
export function getResults(id: string, signal?: AbortSignal): Promise<{ results: ResultRef[] }> {
  return apiRequest<{ results: ResultRef[] }>(`/portal/sessions/${encodeURIComponent(id)}/results`, { signal });
}

export const resultsQueryOptions = (id: string) => queryOptions({ queryKey: sessionKeys.results(id), queryFn: ({ signal }) => getResults(id, signal) });

export function useResults(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...resultsQueryOptions(id), ...options });
}
