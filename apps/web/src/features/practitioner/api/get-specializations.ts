import { practitionerApi } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { practiceKeys } from './practice-keys';

/** GET /portal/specializations/: the specializations a practice can offer. */
export async function getSpecializations(signal?: AbortSignal) {
  return (await call(practitionerApi.specializations, { signal })).results;
}

export const specializationsQueryOptions = () =>
  queryOptions({ queryKey: practiceKeys.specializations(), queryFn: ({ signal }) => getSpecializations(signal), staleTime: 60 * 60_000 });

export function useSpecializations() {
  return useQuery(specializationsQueryOptions());
}
