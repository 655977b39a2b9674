import type { PgxReportRow } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportsPath } from './get-report-summary';
import { reportKeys } from './keys';

export interface RowsPage {
  results: PgxReportRow[];
  count: number;
  limit: number;
  offset: number;
}

/** One page of the rows a view's filters select; the filtering runs on the server. */
export function getReportRows(sessionId: string, query: string, signal?: AbortSignal): Promise<RowsPage> {
  return apiRequest<RowsPage>(`${reportsPath(sessionId)}/rows?${query}`, { signal });
}

export const reportRowsQueryOptions = (sessionId: string, query: string) =>
  queryOptions({
    queryKey: reportKeys.rows(sessionId, query),
    queryFn: ({ signal }) => getReportRows(sessionId, query, signal),
    placeholderData: keepPreviousData,
  });

/** `query` is the view's query string; null while the view's filters are below its minimum. */
export function useReportRows(sessionId: string, query: string | null) {
  return useQuery({ ...reportRowsQueryOptions(sessionId, query ?? ''), enabled: query !== null });
}
