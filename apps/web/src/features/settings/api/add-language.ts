import { practiceApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { practitionerMeKey } from './keys';

/** Adds a language: answers the practice's languages. */
export function addLanguage(id: number) {
  return call(practiceApi.addLanguage, { body: { id } });
}

export function useAddLanguage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addLanguage, onSuccess: () => queryClient.invalidateQueries({ queryKey: practitionerMeKey }) });
}
