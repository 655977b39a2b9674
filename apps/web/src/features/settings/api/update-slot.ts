import type { Availability, AvailabilityInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** PUT /portal/me/availability/{id}. */
export function updateSlot({ id, body }: { id: string; body: AvailabilityInput }): Promise<Availability> {
  return apiRequest<Availability>(`/portal/me/availability/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateSlot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSlot, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.availability() }) });
}
