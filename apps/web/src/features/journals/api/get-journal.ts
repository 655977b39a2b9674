import { journalsApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { journalKeys } from './keys';

export function getJournal(id: string) {
  return call(journalsApi.entry, { params: { id } });
}

export const journalQueryOptions = (id: string) => queryOptions({ queryKey: journalKeys.entry(id), queryFn: () => getJournal(id) });

export function useJournal(id: string) {
  return useQuery(journalQueryOptions(id));
}
