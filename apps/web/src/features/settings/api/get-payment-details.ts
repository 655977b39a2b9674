import { practiceApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** GET /portal/me/paymentDetails/ (accepted practitioners only). */
export async function getPaymentDetails(signal?: AbortSignal) {
  return (await call(practiceApi.paymentDetails, { signal })).results;
}

export const paymentDetailsQueryOptions = () => queryOptions({ queryKey: settingsKeys.paymentDetails(), queryFn: ({ signal }) => getPaymentDetails(signal) });

export function usePaymentDetails() {
  return useQuery(paymentDetailsQueryOptions());
}
