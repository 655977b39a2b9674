import type { PaymentDetails } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** PATCH /portal/me/paymentDetails/{id}/default/: these become the default, the others stop being it. */
export function makeDefaultPaymentDetails(id: string): Promise<PaymentDetails> {
  return apiRequest<PaymentDetails>(`/portal/me/paymentDetails/${encodeURIComponent(id)}/default/`, { method: 'PATCH' });
}

export function useMakeDefaultPaymentDetails() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: makeDefaultPaymentDetails, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.paymentDetails() }) });
}
