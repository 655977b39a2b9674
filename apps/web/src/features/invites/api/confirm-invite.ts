import type { Invite } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Confirms a workspace invite sent to the signed-in user (the token comes from the invite mail). */
export function confirmInvite(token: string): Promise<Invite> {
  return apiRequest<Invite>('/account/invites/confirm', { method: 'POST', body: { token } });
}

export function useConfirmInvite() {
  return useMutation({ mutationFn: confirmInvite });
}
