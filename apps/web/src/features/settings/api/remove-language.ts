import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { practitionerMeKey } from './keys';

/** DELETE /portal/me/languages/{id}. */
export function removeLanguage(id: number): Promise<{ results: Array<{ id: number; name: string }> }> {
  return apiRequest(`/portal/me/languages/${id}`, { method: 'DELETE' });
}

export function useRemoveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeLanguage, onSuccess: () => queryClient.invalidateQueries({ queryKey: practitionerMeKey }) });
}
