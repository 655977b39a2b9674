import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** DELETE /portal/me/paymentDetails/{id}; removing the default makes the oldest left the default. */
export function removePaymentDetails(id: string): Promise<unknown> {
  return apiRequest(`/portal/me/paymentDetails/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemovePaymentDetails() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePaymentDetails, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.paymentDetails() }) });
}
