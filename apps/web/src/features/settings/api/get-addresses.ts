import type { Address } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** GET /portal/me/addresses/: primary first. */
export async function getAddresses(signal?: AbortSignal): Promise<Address[]> {
  return (await apiRequest<{ results: Address[] }>('/portal/me/addresses/', { signal })).results;
}

export const addressesQueryOptions = () => queryOptions({ queryKey: settingsKeys.addresses(), queryFn: ({ signal }) => getAddresses(signal) });

export function useAddresses() {
  return useQuery(addressesQueryOptions());
}
