import { journalsApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { journalKeys } from './keys';

export function getSessionJournal(sessionId: string) {
  return call(journalsApi.sessionJournal, { params: { id: sessionId } });
}

export const sessionJournalQueryOptions = (sessionId: string) =>
  // The editor owns the text while it is open: refetching under it would fight the typist.
  queryOptions({ queryKey: journalKeys.session(sessionId), queryFn: () => getSessionJournal(sessionId), refetchOnWindowFocus: false });

export function useSessionJournal(sessionId: string) {
  return useQuery(sessionJournalQueryOptions(sessionId));
}
