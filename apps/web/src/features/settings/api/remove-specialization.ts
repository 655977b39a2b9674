import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { practitionerMeKey } from './keys';

/** DELETE /portal/me/specializations/{id}. */
export function removeSpecialization(id: number): Promise<{ results: Array<{ id: number; name: string }> }> {
  return apiRequest(`/portal/me/specializations/${id}`, { method: 'DELETE' });
}

export function useRemoveSpecialization() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeSpecialization, onSuccess: () => queryClient.invalidateQueries({ queryKey: practitionerMeKey }) });
}
