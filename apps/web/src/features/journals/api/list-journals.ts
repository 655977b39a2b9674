import { type JournalListQuery } from '@portal/contract';
import { journalsApi } from '@portal/contract/addresses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { journalKeys } from './keys';

export function listJournals(q: Partial<JournalListQuery>) {
  return call(journalsApi.list, { query: q });
}

export const journalsQueryOptions = (q: Partial<JournalListQuery>) =>
  queryOptions({ queryKey: journalKeys.list(q), queryFn: () => listJournals(q), placeholderData: keepPreviousData });

export function useJournals(q: Partial<JournalListQuery>) {
  return useQuery(journalsQueryOptions(q));
}
