import { type AvailabilityInput } from '@portal/contract';
import { practiceApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** PUT /portal/me/availability/{id}. */
export function updateSlot({ id, body }: { id: string; body: AvailabilityInput }) {
  return call(practiceApi.editSlot, { params: { id }, body });
}

export function useUpdateSlot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSlot, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.availability() }) });
}
