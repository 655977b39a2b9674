import { type AddressInput } from '@portal/contract';
import { practiceApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** PUT /portal/me/addresses/{id}. */
export function updateAddress({ id, body }: { id: string; body: AddressInput }) {
  return call(practiceApi.editAddress, { params: { id }, body });
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAddress, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.addresses() }) });
}
