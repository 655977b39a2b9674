import type { JournalEntry, JournalListItem } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { journalKeys } from './keys';

export type JournalDetail = JournalListItem & { addenda: JournalEntry[] };

export function getJournal(id: string): Promise<JournalDetail> {
  return apiRequest<JournalDetail>(`/portal/journals/${encodeURIComponent(id)}`);
}

export const journalQueryOptions = (id: string) => queryOptions({ queryKey: journalKeys.entry(id), queryFn: () => getJournal(id) });

export function useJournal(id: string) {
  return useQuery(journalQueryOptions(id));
}
