import { practiceApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { practitionerMeKey } from './keys';

/** POST /portal/me/specializations/ {id}: answers the practice's specializations. */
export function addSpecialization(id: number) {
  return call(practiceApi.addSpecialization, { body: { id } });
}

export function useAddSpecialization() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addSpecialization, onSuccess: () => queryClient.invalidateQueries({ queryKey: practitionerMeKey }) });
}
