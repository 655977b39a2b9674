import { sessionsApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/** The patient's questionnaires with their answers (404 unless the patient's data is accessible). */
export function getQuestionnaires(id: string, signal?: AbortSignal) {
  return call(sessionsApi.questionnaires, { params: { id }, signal });
}

export const questionnairesQueryOptions = (id: string) =>
  queryOptions({ queryKey: sessionKeys.questionnaires(id), queryFn: ({ signal }) => getQuestionnaires(id, signal) });

export function useQuestionnaires(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...questionnairesQueryOptions(id), ...options });
}
