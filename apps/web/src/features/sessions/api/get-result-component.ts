import { sessionsApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { ComponentResponse } from '../types';
import { sessionKeys } from './keys';

/** One component of a result, with its genotype table (an open record on the wire: the genetics module's component). */
export async function getResultComponent(id: string, resultId: string, componentId: string, signal?: AbortSignal): Promise<ComponentResponse> {
  const answer = await call(sessionsApi.component, { params: { id, resultId, componentId }, signal });
  return { ...answer, component: answer.component as unknown as ComponentResponse['component'] };
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
