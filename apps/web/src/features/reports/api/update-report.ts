import { pgxApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** Takes the report built with the newer knowledge base. */
export function updateReport(sessionId: string) {
  return call(pgxApi.update, { params: { id: sessionId } });
}

export function useUpdateReport(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => updateReport(sessionId),
    onSuccess: async (summary) => {
      // Rows and diseases of the old version are stale; the summary is the answer itself.
      await client.invalidateQueries({ queryKey: reportKeys.session(sessionId) });
      client.setQueryData(reportKeys.summary(sessionId), summary);
    },
  });
}
