import type { SessionSummary } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isOutdated, refreshSession } from './invalidate';

/** Accepts a requested session (1 → 2); one already decided answers 400414. */
export function acceptSession(id: string): Promise<SessionSummary> {
  return apiRequest<SessionSummary>(`/portal/sessions/${encodeURIComponent(id)}/accept`, { method: 'POST' });
}

export function useAcceptSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptSession,
    // Never paused for the connection to come back (and then applied minutes later, unseen): offline the
    // buttons are held, and a request that meets no network fails at once with the catalogue's message.
    networkMode: 'always',
    // Not awaited: the caller's own callbacks (a toast, the error modal) come first.
    onSuccess: (_session, id) => void refreshSession(queryClient, id),
    onError: (error, id) => {
      if (isOutdated(error)) void refreshSession(queryClient, id);
    },
  });
}
