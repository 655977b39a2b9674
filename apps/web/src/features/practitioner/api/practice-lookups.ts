import { practitionerApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { practiceKeys } from './practice-keys';

/**
 * A list a practice chooses from, kept an hour: the lists change with a release, not while a
 * practitioner fills in a form. The three lookups differ only by endpoint and key.
 */
function lookupQueryOptions<T>(queryKey: readonly string[], read: (signal: AbortSignal) => Promise<{ results: T[] }>) {
  return queryOptions({ queryKey, queryFn: async ({ signal }) => (await read(signal)).results, staleTime: 60 * 60_000 });
}

/** GET /portal/categories/: the practitioner categories. */
export function useCategories() {
  return useQuery(lookupQueryOptions(practiceKeys.categories(), (signal) => call(practitionerApi.categories, { signal })));
}

/** GET /portal/languages/: the languages a practice can offer. */
export function useLanguages() {
  return useQuery(lookupQueryOptions(practiceKeys.languages(), (signal) => call(practitionerApi.languages, { signal })));
}

/** GET /portal/specializations/: the specializations a practice can offer. */
export function useSpecializations() {
  return useQuery(lookupQueryOptions(practiceKeys.specializations(), (signal) => call(practitionerApi.specializations, { signal })));
}
