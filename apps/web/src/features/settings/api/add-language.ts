import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { practitionerMeKey } from './keys';

/** POST /portal/me/languages/ {id}: answers the practice's languages. */
export function addLanguage(id: number): Promise<{ results: Array<{ id: number; name: string }> }> {
  return apiRequest('/portal/me/languages/', { method: 'POST', body: { id } });
}

export function useAddLanguage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addLanguage, onSuccess: () => queryClient.invalidateQueries({ queryKey: practitionerMeKey }) });
}
