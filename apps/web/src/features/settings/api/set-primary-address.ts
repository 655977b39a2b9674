import { practiceApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** PATCH /portal/me/addresses/{id}/primary/. */
export function setPrimaryAddress(id: string) {
  return call(practiceApi.makePrimaryAddress, { params: { id } });
}

export function useSetPrimaryAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPrimaryAddress, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.addresses() }) });
}
