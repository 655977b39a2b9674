import { practiceApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { practitionerMeKey } from './keys';

/** DELETE /portal/me/languages/{id}. */
export function removeLanguage(id: number) {
  return call(practiceApi.removeLanguage, { params: { id } });
}

export function useRemoveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeLanguage, onSuccess: () => queryClient.invalidateQueries({ queryKey: practitionerMeKey }) });
}
