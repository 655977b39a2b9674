import type { User } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

export function getMe(): Promise<User> {
  return apiRequest<User>('/account/me/');
}

export const meQueryOptions = () => queryOptions({ queryKey: accountKeys.me(), queryFn: getMe });

export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), ...options });
}
