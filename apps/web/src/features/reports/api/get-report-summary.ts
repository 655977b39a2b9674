import type { PgxReportSummary } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './keys';

const base = (sessionId: string) => `/portal/sessions/${encodeURIComponent(sessionId)}/reports`;

/** The report's state: knowledge-base version, gene calls, pending update and each filter's values. */
export function getReportSummary(sessionId: string, signal?: AbortSignal): Promise<PgxReportSummary> {
  return apiRequest<PgxReportSummary>(base(sessionId), { signal });
}

export const reportSummaryQueryOptions = (sessionId: string) =>
  queryOptions({ queryKey: reportKeys.summary(sessionId), queryFn: ({ signal }) => getReportSummary(sessionId, signal) });

export function useReportSummary(sessionId: string) {
  return useQuery(reportSummaryQueryOptions(sessionId));
}

export { base as reportsPath };
