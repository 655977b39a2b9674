import { type AvailabilityInput } from '@portal/contract';
import { practiceApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** POST /portal/me/availability/. */
export function addSlot(body: AvailabilityInput) {
  return call(practiceApi.addSlot, { body });
}

export function useAddSlot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addSlot, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.availability() }) });
}
