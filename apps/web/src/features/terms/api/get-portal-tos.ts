import { practitionerApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { termsKeys } from './keys';

/** The latest Portal Terms & Conditions; the API wraps the record in `data`. */
export async function getPortalTos() {
  return (await call(practitionerApi.tos)).data;
}

export const portalTosQueryOptions = () => queryOptions({ queryKey: termsKeys.latest('portal'), queryFn: getPortalTos });

export function usePortalTos(options: { enabled?: boolean } = {}) {
  return useQuery({ ...portalTosQueryOptions(), ...options });
}
