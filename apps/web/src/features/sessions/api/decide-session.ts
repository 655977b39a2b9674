import type { SessionSummary } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isOutdated, refreshSession } from './invalidate';

/** Accepts a requested session (1 → 2); one already decided answers 400414. */
export function acceptSession(id: string): Promise<SessionSummary> {
  return apiRequest<SessionSummary>(`/portal/sessions/${encodeURIComponent(id)}/accept`, { method: 'POST' });
}

/** Rejects a requested session (1 → 3), for good; one already decided answers 400414. */
export function rejectSession(id: string): Promise<SessionSummary> {
  return apiRequest<SessionSummary>(`/portal/sessions/${encodeURIComponent(id)}/reject`, { method: 'POST' });
}

/**
 * What the practitioner is told of a decision. Given to the hook, not to `mutate`: the live update for
 * the same change can take the row off the list (unmounting its buttons) before the answer arrives,
 * and TanStack Query does not call `mutate`'s callbacks for an unmounted component.
 */
export interface DecisionFeedback {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

function useDecideSession(decide: (id: string) => Promise<SessionSummary>, feedback: DecisionFeedback) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    // Never paused for the connection to come back (and then applied minutes later, unseen): offline the
    // buttons are held, and a request that meets no network fails at once with the catalogue's message.
    networkMode: 'always',
    onSuccess: (_session, id) => {
      feedback.onSuccess?.();
      void refreshSession(queryClient, id);
    },
    onError: (error, id) => {
      feedback.onError?.(error);
      if (isOutdated(error)) void refreshSession(queryClient, id);
    },
  });
}

export const useAcceptSession = (feedback: DecisionFeedback = {}) => useDecideSession(acceptSession, feedback);
export const useRejectSession = (feedback: DecisionFeedback = {}) => useDecideSession(rejectSession, feedback);
