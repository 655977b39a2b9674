import type { Address, AddressInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** PUT /portal/me/addresses/{id}. */
export function updateAddress({ id, body }: { id: string; body: AddressInput }): Promise<Address> {
  return apiRequest<Address>(`/portal/me/addresses/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAddress, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.addresses() }) });
}
