import type { UpdateMe, User } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountMeKey } from './keys';

/** PUT /account/me/: name and phone number. */
export function updateMe(body: UpdateMe): Promise<User> {
  return apiRequest<User>('/account/me/', { method: 'PUT', body });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMe, onSuccess: (user) => queryClient.setQueryData(accountMeKey, user) });
}
