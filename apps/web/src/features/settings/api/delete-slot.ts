import { practiceApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** DELETE /portal/me/availability/{id}. */
export function deleteSlot(id: string) {
  return call(practiceApi.removeSlot, { params: { id } });
}

export function useDeleteSlot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSlot, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.availability() }) });
}
