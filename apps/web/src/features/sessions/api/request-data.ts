import { sessionsApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/** Asks the patient, through their app, for their data (one per session: a second is SESSION.050). */
export function requestData(id: string) {
  return call(sessionsApi.requestData, { params: { id } });
}

export function useRequestData(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestData(id),
    // As accept and reject: held by the page while offline, never paused and sent unseen later.
    networkMode: 'always',
    // Success or SESSION.050 alike: the session's data request is now there to show.
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: sessionKeys.detail(id) }), queryClient.invalidateQueries({ queryKey: sessionKeys.lists() })]),
  });
}
