export const reportKeys = {
  all: ['reports'] as const,
  session: (sessionId: string) => [...reportKeys.all, sessionId] as const,
  summary: (sessionId: string) => [...reportKeys.session(sessionId), 'summary'] as const,
  reading: (sessionId: string) => [...reportKeys.session(sessionId), 'reading'] as const,
  rows: (sessionId: string, query: string) => [...reportKeys.session(sessionId), 'rows', query] as const,
  diseases: (sessionId: string, query: string) => [...reportKeys.session(sessionId), 'diseases', query] as const,
};
