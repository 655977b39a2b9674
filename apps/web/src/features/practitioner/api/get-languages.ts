import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { practiceKeys } from './practice-keys';

export interface LookupItem {
  id: number;
  name: string;
}

/** GET /portal/languages/: the languages a practice can offer. */
export async function getLanguages(signal?: AbortSignal): Promise<LookupItem[]> {
  return (await apiRequest<{ results: LookupItem[] }>('/portal/languages/', { signal })).results;
}

export const languagesQueryOptions = () =>
  queryOptions({ queryKey: practiceKeys.languages(), queryFn: ({ signal }) => getLanguages(signal), staleTime: 60 * 60_000 });

export function useLanguages() {
  return useQuery(languagesQueryOptions());
}
