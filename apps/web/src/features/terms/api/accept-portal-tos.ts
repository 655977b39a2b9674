import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { termsKeys } from './keys';

export function acceptPortalTos(): Promise<{ tosAccepted: true; version: number }> {
  return apiRequest('/portal/me/tos/', { method: 'PUT' });
}

export function useAcceptPortalTos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptPortalTos,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== termsKeys.all[0] }),
  });
}
