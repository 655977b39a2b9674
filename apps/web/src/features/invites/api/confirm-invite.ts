import { accountApi } from '@portal/contract/addresses';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Confirms a workspace invite sent to the signed-in user (the token comes from the invite mail). */
export function confirmInvite(token: string) {
  return call(accountApi.confirmInvite, { body: { token } });
}

export function useConfirmInvite() {
  return useMutation({ mutationFn: confirmInvite });
}
