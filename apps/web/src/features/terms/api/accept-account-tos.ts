import { accountApi } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { termsKeys } from './keys';

export function acceptAccountTos() {
  return call(accountApi.acceptTos);
}

export function useAcceptAccountTos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptAccountTos,
    // Acceptance changes the user and what the shell shows next; the published terms stay as they are.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== termsKeys.all[0] }),
  });
}
