import type { SessionSummary } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isOutdated, refreshSession } from './invalidate';

/** Rejects a requested session (1 → 3), for good; one already decided answers 400414. */
export function rejectSession(id: string): Promise<SessionSummary> {
  return apiRequest<SessionSummary>(`/portal/sessions/${encodeURIComponent(id)}/reject`, { method: 'POST' });
}

export function useRejectSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectSession,
    // Never paused for the connection to come back (and then applied minutes later, unseen): offline the
    // buttons are held, and a request that meets no network fails at once with the catalogue's message.
    networkMode: 'always',
    onSuccess: (_session, id) => void refreshSession(queryClient, id),
    onError: (error, id) => {
      if (isOutdated(error)) void refreshSession(queryClient, id);
    },
  });
}
