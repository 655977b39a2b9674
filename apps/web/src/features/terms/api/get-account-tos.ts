import { accountApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { termsKeys } from './keys';

/** The latest account Terms & Conditions (public). */
export function getAccountTos() {
  return call(accountApi.tos, { auth: false });
}

export const accountTosQueryOptions = () => queryOptions({ queryKey: termsKeys.latest('account'), queryFn: getAccountTos });

export function useAccountTos(options: { enabled?: boolean } = {}) {
  return useQuery({ ...accountTosQueryOptions(), ...options });
}
