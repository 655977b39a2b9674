import type { PaymentDetails, PaymentDetailsInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** PUT /portal/me/paymentDetails/{id}. */
export function updatePaymentDetails({ id, body }: { id: string; body: PaymentDetailsInput }): Promise<PaymentDetails> {
  return apiRequest<PaymentDetails>(`/portal/me/paymentDetails/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdatePaymentDetails() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePaymentDetails, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.paymentDetails() }) });
}
