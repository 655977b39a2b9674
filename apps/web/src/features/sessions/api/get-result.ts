import { sessionsApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { ResultDetail } from '../types';
import { sessionKeys } from './keys';

/** One result with its swab component: the minerals and vitamins (an open record on the wire: the genetics module's JSON). */
export async function getResult(id: string, resultId: string, signal?: AbortSignal): Promise<ResultDetail> {
  const answer = await call(sessionsApi.result, { params: { id, resultId }, signal });
  return { ...answer, data: answer.data as ResultDetail['data'] };
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
