import type { JournalListQuery } from '@portal/contract';

export const journalKeys = {
  all: ['journals'] as const,
  lists: () => [...journalKeys.all, 'list'] as const,
  list: (q: Partial<JournalListQuery>) => [...journalKeys.lists(), q] as const,
  entry: (id: string) => [...journalKeys.all, 'entry', id] as const,
  session: (sessionId: string) => [...journalKeys.all, 'session', sessionId] as const,
};
