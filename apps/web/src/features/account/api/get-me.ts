import { accountApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { accountKeys } from './keys';

export function getMe() {
  return call(accountApi.me);
}

export const meQueryOptions = () => queryOptions({ queryKey: accountKeys.me(), queryFn: getMe });

export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), ...options });
}
