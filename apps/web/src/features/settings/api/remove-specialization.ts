import { practiceApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { practitionerMeKey } from './keys';

/** DELETE /portal/me/specializations/{id}. */
export function removeSpecialization(id: number) {
  return call(practiceApi.removeSpecialization, { params: { id } });
}

export function useRemoveSpecialization() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeSpecialization, onSuccess: () => queryClient.invalidateQueries({ queryKey: practitionerMeKey }) });
}
