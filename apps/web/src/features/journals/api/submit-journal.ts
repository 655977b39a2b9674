import { journalsApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { journalKeys } from './keys';

export function submitJournal(sessionId: string, description: string) {
  return call(journalsApi.submit, { params: { id: sessionId }, body: { description } });
}

/** Submitting completes the session: everything cached about sessions and journals is stale after it. */
export function useSubmitJournal(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (description: string) => submitJournal(sessionId, description),
    onSuccess: (journal) => {
      client.setQueryData(journalKeys.session(sessionId), journal);
      void client.invalidateQueries({ queryKey: journalKeys.lists() });
      void client.invalidateQueries({ queryKey: ['sessions'] });
    },
  });
}
