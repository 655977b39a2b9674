import { practiceApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** PATCH /portal/me/paymentDetails/{id}/default/: these become the default, the others stop being it. */
export function makeDefaultPaymentDetails(id: string) {
  return call(practiceApi.makeDefaultPaymentDetails, { params: { id } });
}

export function useMakeDefaultPaymentDetails() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: makeDefaultPaymentDetails, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.paymentDetails() }) });
}
