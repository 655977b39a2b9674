import { practiceApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** DELETE /portal/me/paymentDetails/{id}; removing the default makes the oldest left the default. */
export function removePaymentDetails(id: string) {
  return call(practiceApi.removePaymentDetails, { params: { id } });
}

export function useRemovePaymentDetails() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePaymentDetails, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.paymentDetails() }) });
}
