import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { LookupItem } from './get-languages';
import { practiceKeys } from './practice-keys';

/** GET /portal/specializations/: the specializations a practice can offer. */
export async function getSpecializations(signal?: AbortSignal): Promise<LookupItem[]> {
  return (await apiRequest<{ results: LookupItem[] }>('/portal/specializations/', { signal })).results;
}

export const specializationsQueryOptions = () =>
  queryOptions({ queryKey: practiceKeys.specializations(), queryFn: ({ signal }) => getSpecializations(signal), staleTime: 60 * 60_000 });

export function useSpecializations() {
  return useQuery(specializationsQueryOptions());
}
