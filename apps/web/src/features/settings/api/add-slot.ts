import type { Availability, AvailabilityInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** POST /portal/me/availability/. */
export function addSlot(body: AvailabilityInput): Promise<Availability> {
  return apiRequest<Availability>('/portal/me/availability/', { method: 'POST', body });
}

export function useAddSlot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addSlot, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.availability() }) });
}
