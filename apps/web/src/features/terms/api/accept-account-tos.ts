import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { termsKeys } from './keys';

export function acceptAccountTos(): Promise<{ tosAccepted: true; version: number }> {
  return apiRequest('/account/me/tos', { method: 'PUT' });
}

export function useAcceptAccountTos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptAccountTos,
    // Acceptance changes the user and what the shell shows next; the published terms stay as they are.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== termsKeys.all[0] }),
  });
}
