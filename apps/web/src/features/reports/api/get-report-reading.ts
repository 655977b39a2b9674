import { pgxApi } from '@portal/contract/addresses';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** The report read as a prescriber reads it: the drug verdicts and the Overview's action lines (server-derived). */
export function useReportReading(sessionId: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.reading(sessionId),
    queryFn: ({ signal }) => call(pgxApi.reading, { params: { id: sessionId }, signal }),
    enabled,
  });
}
