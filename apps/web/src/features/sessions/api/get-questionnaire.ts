import { sessionsApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/** One questionnaire with the patient's answers. */
export function getQuestionnaire(id: string, questionnaireId: string, signal?: AbortSignal) {
  return call(sessionsApi.questionnaire, { params: { id, questionnaireId }, signal });
}

export const questionnaireQueryOptions = (id: string, questionnaireId: string) =>
  queryOptions({ queryKey: sessionKeys.questionnaire(id, questionnaireId), queryFn: ({ signal }) => getQuestionnaire(id, questionnaireId, signal) });

export function useQuestionnaire(id: string, questionnaireId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...questionnaireQueryOptions(id, questionnaireId), ...options });
}
