import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Ends the sign-on session the refresh token belongs to (public call: the access token may be gone). */
export function logout(refreshToken: string): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/account/logout', { method: 'POST', body: { token: refreshToken }, auth: false });
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
