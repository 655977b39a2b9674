import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { practitionerMeKey } from './keys';

/** POST /portal/me/specializations/ {id}: answers the practice's specializations. */
export function addSpecialization(id: number): Promise<{ results: Array<{ id: number; name: string }> }> {
  return apiRequest('/portal/me/specializations/', { method: 'POST', body: { id } });
}

export function useAddSpecialization() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addSpecialization, onSuccess: () => queryClient.invalidateQueries({ queryKey: practitionerMeKey }) });
}
