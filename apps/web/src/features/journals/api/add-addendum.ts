import type { SessionJournal } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { journalKeys } from './keys';

export function addAddendum(sessionId: string, description: string): Promise<SessionJournal> {
  return apiRequest<SessionJournal>(`/portal/sessions/${encodeURIComponent(sessionId)}/journal/addenda`, { method: 'POST', body: { description } });
}

export function useAddAddendum(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (description: string) => addAddendum(sessionId, description),
    onSuccess: (journal) => client.setQueryData(journalKeys.session(sessionId), journal),
  });
}
