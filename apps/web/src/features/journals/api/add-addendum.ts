import { journalsApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { journalKeys } from './keys';

export function addAddendum(sessionId: string, description: string) {
  return call(journalsApi.addAddendum, { params: { id: sessionId }, body: { description } });
}

export function useAddAddendum(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (description: string) => addAddendum(sessionId, description),
    onSuccess: (journal) => client.setQueryData(journalKeys.session(sessionId), journal),
  });
}
