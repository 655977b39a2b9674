import { sessionsApi } from '@portal/contract/addresses';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/** Who looked at or changed this patient's data through the practice, newest first (the last 200). */
export function getAccessHistory(id: string, signal?: AbortSignal) {
  return call(sessionsApi.accessHistory, { params: { id }, signal });
}

/** Loaded on request only: reading the history is itself a recorded look at the patient's data. */
export function useAccessHistory(id: string, enabled: boolean) {
  return useQuery({ queryKey: sessionKeys.accessHistory(id), queryFn: ({ signal }) => getAccessHistory(id, signal), enabled, staleTime: 0 });
}
