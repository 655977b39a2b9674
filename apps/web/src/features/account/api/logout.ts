import { accountApi } from '@portal/contract/addresses';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Ends the sign-on session the refresh token belongs to (public call: the access token may be gone). */
export function logout(refreshToken: string) {
  return call(accountApi.logout, { body: { token: refreshToken }, auth: false });
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
