import { type SessionSummary } from '@portal/contract';
import { sessionsApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { isOutdated, refreshSession } from './invalidate';

/** Accepts a requested session (1 → 2); one already decided answers 400414. */
export function acceptSession(id: string) {
  return call(sessionsApi.accept, { params: { id } });
}

/** Rejects a requested session (1 → 3), for good; one already decided answers 400414. */
export function rejectSession(id: string) {
  return call(sessionsApi.reject, { params: { id } });
}

/**
 * One decision on a requested session. Callers act on `mutateAsync`'s result, not on `mutate`'s
 * callbacks: the live update of the same change can take the row off the list (unmounting its
 * buttons) before the answer arrives, and TanStack Query drops `mutate`'s callbacks then.
 */
function useDecideSession(decide: (id: string) => Promise<SessionSummary>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    // Never paused for the connection to come back (and then applied minutes later, unseen): offline the
    // buttons are held, and a request that meets no network fails at once with the catalogue's message.
    networkMode: 'always',
    // Not awaited: the caller's own reaction (a toast, the error modal) comes first.
    onSuccess: (_session, id) => void refreshSession(queryClient, id),
    onError: (error, id) => {
      if (isOutdated(error)) void refreshSession(queryClient, id);
    },
  });
}

export const useAcceptSession = () => useDecideSession(acceptSession);
export const useRejectSession = () => useDecideSession(rejectSession);
