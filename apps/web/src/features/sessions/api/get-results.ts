import { sessionsApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/** The patient's genetic results (404 unless the session is accepted with a confirmed data request). */
export function getResults(id: string, signal?: AbortSignal) {
  return call(sessionsApi.results, { params: { id }, signal });
}

export const resultsQueryOptions = (id: string) => queryOptions({ queryKey: sessionKeys.results(id), queryFn: ({ signal }) => getResults(id, signal) });

export function useResults(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...resultsQueryOptions(id), ...options });
}
