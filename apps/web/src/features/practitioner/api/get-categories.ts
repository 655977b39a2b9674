import type { Category } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { practiceKeys } from './practice-keys';

/** GET /portal/categories/: the practitioner categories. */
export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return (await apiRequest<{ results: Category[] }>('/portal/categories/', { signal })).results;
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: practiceKeys.categories(), queryFn: ({ signal }) => getCategories(signal), staleTime: 60 * 60_000 });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
