import { type AddressInput } from '@portal/contract';
import { practiceApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** POST /portal/me/addresses/: the first address becomes the primary one. */
export function addAddress(body: AddressInput) {
  return call(practiceApi.addAddress, { body });
}

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addAddress, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.addresses() }) });
}
