import { type PaymentDetailsInput } from '@portal/contract';
import { practiceApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** PUT /portal/me/paymentDetails/{id}. */
export function updatePaymentDetails({ id, body }: { id: string; body: PaymentDetailsInput }) {
  return call(practiceApi.editPaymentDetails, { params: { id }, body });
}

export function useUpdatePaymentDetails() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePaymentDetails, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.paymentDetails() }) });
}
