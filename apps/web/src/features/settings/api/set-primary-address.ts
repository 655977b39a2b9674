import type { Address } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** PATCH /portal/me/addresses/{id}/primary/. */
export function setPrimaryAddress(id: string): Promise<Address> {
  return apiRequest<Address>(`/portal/me/addresses/${encodeURIComponent(id)}/primary/`, { method: 'PATCH' });
}

export function useSetPrimaryAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPrimaryAddress, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.addresses() }) });
}
