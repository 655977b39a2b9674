import { type UpdateMe } from '@portal/contract';
import { accountApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { accountMeKey } from './keys';

/** Name and phone number. */
export function updateMe(body: UpdateMe) {
  return call(accountApi.updateMe, { body });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMe, onSuccess: (user) => queryClient.setQueryData(accountMeKey, user) });
}
