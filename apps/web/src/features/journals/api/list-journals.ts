import type { JournalListItem, JournalListQuery } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { journalKeys } from './keys';

export interface JournalPage {
  results: JournalListItem[];
  count: number;
  limit: number;
  offset: number;
}

export function listJournals(q: Partial<JournalListQuery>): Promise<JournalPage> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') params.set(k, String(v));
  return apiRequest<JournalPage>(`/portal/journals/?${params}`);
}

export const journalsQueryOptions = (q: Partial<JournalListQuery>) =>
  queryOptions({ queryKey: journalKeys.list(q), queryFn: () => listJournals(q), placeholderData: keepPreviousData });

export function useJournals(q: Partial<JournalListQuery>) {
  return useQuery(journalsQueryOptions(q));
}
