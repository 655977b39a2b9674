import type { PractitionerMe, UpdatePracticeBody } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { practitionerMeKey } from './keys';

/** PUT /portal/me/: category, HPCSA number, practice number, description. */
export function updatePractice(body: UpdatePracticeBody): Promise<PractitionerMe> {
  return apiRequest<PractitionerMe>('/portal/me/', { method: 'PUT', body });
}

export function useUpdatePractice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePractice,
    onSuccess: (me) => queryClient.setQueryData(practitionerMeKey, me),
  });
}
