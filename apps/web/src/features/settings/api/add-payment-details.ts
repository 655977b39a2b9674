import type { PaymentDetails, PaymentDetailsInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** POST /portal/me/paymentDetails/. */
export function addPaymentDetails(body: PaymentDetailsInput): Promise<PaymentDetails> {
  return apiRequest<PaymentDetails>('/portal/me/paymentDetails/', { method: 'POST', body });
}

export function useAddPaymentDetails() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPaymentDetails, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.paymentDetails() }) });
}
