import { type UpdatePracticeBody } from '@portal/contract';
import { practiceApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { practitionerMeKey } from './keys';

/** PUT /portal/me/: category, HPCSA number, practice number, description. */
export function updatePractice(body: UpdatePracticeBody) {
  return call(practiceApi.update, { body });
}

export function useUpdatePractice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePractice,
    onSuccess: (me) => queryClient.setQueryData(practitionerMeKey, me),
  });
}
