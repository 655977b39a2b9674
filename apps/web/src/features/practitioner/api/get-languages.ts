import { practitionerApi } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { practiceKeys } from './practice-keys';

/** the languages a practice can offer. */
export async function getLanguages(signal?: AbortSignal) {
  return (await call(practitionerApi.languages, { signal })).results;
}

export const languagesQueryOptions = () =>
  queryOptions({ queryKey: practiceKeys.languages(), queryFn: ({ signal }) => getLanguages(signal), staleTime: 60 * 60_000 });

export function useLanguages() {
  return useQuery(languagesQueryOptions());
}
