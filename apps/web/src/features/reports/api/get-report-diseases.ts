import { pgxApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** The disease phenotypes a custom filter's rows name (three variables configured at least). */
export function getReportDiseases(sessionId: string, query: string, signal?: AbortSignal) {
  return call(pgxApi.diseases, { params: { id: sessionId }, query: new URLSearchParams(query), signal });
}

export const reportDiseasesQueryOptions = (sessionId: string, query: string) =>
  queryOptions({ queryKey: reportKeys.diseases(sessionId, query), queryFn: ({ signal }) => getReportDiseases(sessionId, query, signal) });

export function useReportDiseases(sessionId: string, query: string | null) {
  return useQuery({ ...reportDiseasesQueryOptions(sessionId, query ?? ''), enabled: query !== null });
}
