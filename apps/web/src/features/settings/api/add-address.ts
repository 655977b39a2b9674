import type { Address, AddressInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** POST /portal/me/addresses/: the first address becomes the primary one. */
export function addAddress(body: AddressInput): Promise<Address> {
  return apiRequest<Address>('/portal/me/addresses/', { method: 'POST', body });
}

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addAddress, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.addresses() }) });
}
