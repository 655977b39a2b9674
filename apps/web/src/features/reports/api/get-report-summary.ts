import { pgxApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** The report's state: knowledge-base version, gene calls, pending update and each filter's values. */
export function getReportSummary(sessionId: string, signal?: AbortSignal) {
  return call(pgxApi.summary, { params: { id: sessionId }, signal });
}

export const reportSummaryQueryOptions = (sessionId: string) =>
  queryOptions({ queryKey: reportKeys.summary(sessionId), queryFn: ({ signal }) => getReportSummary(sessionId, signal) });

export function useReportSummary(sessionId: string) {
  return useQuery(reportSummaryQueryOptions(sessionId));
}
