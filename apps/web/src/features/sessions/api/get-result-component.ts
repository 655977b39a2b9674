import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ComponentResponse } from '../types';
import { sessionKeys } from './keys';

/** One component of a result, with its genotype table. */
export function getResultComponent(id: string, resultId: string, componentId: string, signal?: AbortSignal): Promise<ComponentResponse> {
  const path = `/portal/sessions/${encodeURIComponent(id)}/results/${encodeURIComponent(resultId)}/components/${encodeURIComponent(componentId)}`;
  return apiRequest<ComponentResponse>(path, { signal });
}

export const resultComponentQueryOptions = (id: string, resultId: string, componentId: string) =>
  queryOptions({
    queryKey: sessionKeys.component(id, resultId, componentId),
    queryFn: ({ signal }) => getResultComponent(id, resultId, componentId, signal),
    staleTime: Infinity,
  });

export function useResultComponent(id: string, resultId: string, componentId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...resultComponentQueryOptions(id, resultId, componentId), ...options });
}
