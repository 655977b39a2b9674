import { type PractitionerMe } from '@portal/contract';
import { practitionerApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, isApiError } from '../../../lib/api-client';
import { practitionerKeys } from './keys';

/** The caller's practitioner profile, or null when the user has none yet (the API answers 404). */
export async function getPractitionerMe(): Promise<PractitionerMe | null> {
  try {
    return await call(practitionerApi.me);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const practitionerMeQueryOptions = () => queryOptions({ queryKey: practitionerKeys.me(), queryFn: getPractitionerMe });

export function usePractitionerMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...practitionerMeQueryOptions(), ...options });
}
