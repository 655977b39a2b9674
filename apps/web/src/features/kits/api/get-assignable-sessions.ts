import { SessionStatus, type SessionSummary } from '@portal/contract';
import { sessionsApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { kitKeys } from './keys';

export const ASSIGNABLE_LIMIT = 50;

/** Accepted sessions (the sessions list API, status 2) searched by patient name; those with a kit are left out. */
export async function getAssignableSessions(search: string, signal?: AbortSignal): Promise<SessionSummary[]> {
  const page = await call(sessionsApi.list, { query: { status: SessionStatus.ACCEPTED, search, limit: ASSIGNABLE_LIMIT, offset: 0 }, signal });
  return page.results.filter((s) => s.kitID === null);
}

export function useAssignableSessions(search: string, enabled: boolean) {
  return useQuery(queryOptions({ queryKey: kitKeys.assignableSessions(search), queryFn: ({ signal }) => getAssignableSessions(search, signal), enabled }));
}
