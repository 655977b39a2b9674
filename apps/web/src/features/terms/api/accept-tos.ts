import { accountApi, practitionerApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { termsKeys } from './keys';

/** Accepting either terms differs only by endpoint. */
function useAcceptTos<T>(accept: () => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accept,
    // Acceptance changes the user and what the shell shows next; the published terms stay as they are.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== termsKeys.all[0] }),
  });
}

/** The account Terms & Conditions, accepted by the signed-in user. */
export const useAcceptAccountTos = () => useAcceptTos(() => call(accountApi.acceptTos));

/** The Portal Terms & Conditions, accepted by the practitioner. */
export const useAcceptPortalTos = () => useAcceptTos(() => call(practitionerApi.acceptTos));
