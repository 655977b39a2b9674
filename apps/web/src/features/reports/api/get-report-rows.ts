import { type EndpointAnswer, type EndpointOf } from '@portal/contract';
import { pgxApi } from '@portal/contract/addresses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { reportKeys } from './keys';

export type RowsPage = EndpointAnswer<EndpointOf<typeof pgxApi.rows>>;

/** One page of the rows a view's filters select; the filtering runs on the server. */
export function getReportRows(sessionId: string, query: string, signal?: AbortSignal) {
  return call(pgxApi.rows, { params: { id: sessionId }, query: new URLSearchParams(query), signal });
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
