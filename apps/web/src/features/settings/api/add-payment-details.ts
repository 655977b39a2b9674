import { type PaymentDetailsInput } from '@portal/contract';
import { practiceApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** POST /portal/me/paymentDetails/. */
export function addPaymentDetails(body: PaymentDetailsInput) {
  return call(practiceApi.addPaymentDetails, { body });
}

export function useAddPaymentDetails() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPaymentDetails, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.paymentDetails() }) });
}
