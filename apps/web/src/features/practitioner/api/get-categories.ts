import { practitionerApi } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { practiceKeys } from './practice-keys';

/** GET /portal/categories/: the practitioner categories. */
export async function getCategories(signal?: AbortSignal) {
  return (await call(practitionerApi.categories, { signal })).results;
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: practiceKeys.categories(), queryFn: ({ signal }) => getCategories(signal), staleTime: 60 * 60_000 });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
