import { practiceApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** GET /portal/me/addresses/: primary first. */
export async function getAddresses(signal?: AbortSignal) {
  return (await call(practiceApi.addresses, { signal })).results;
}

export const addressesQueryOptions = () => queryOptions({ queryKey: settingsKeys.addresses(), queryFn: ({ signal }) => getAddresses(signal) });

export function useAddresses() {
  return useQuery(addressesQueryOptions());
}
