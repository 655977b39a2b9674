import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** DELETE /portal/me/availability/{id}. */
export function deleteSlot(id: string): Promise<void> {
  return apiRequest<void>(`/portal/me/availability/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSlot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSlot, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.availability() }) });
}
