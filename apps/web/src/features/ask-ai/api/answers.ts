import type { AiAnswer, JournalEntry } from '@portal/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { askAiKeys } from './keys';

export type AnswerSummary = Pick<AiAnswer, 'id' | 'preset' | 'question' | 'engine' | 'model' | 'createdAt' | 'declined'>;

const base = (sessionId: string) => `/portal/sessions/${encodeURIComponent(sessionId)}/ai/answers`;

export const answersQueryOptions = (sessionId: string) =>
  queryOptions({ queryKey: askAiKeys.answers(sessionId), queryFn: () => apiRequest<{ results: AnswerSummary[] }>(base(sessionId)) });

export function useAnswers(sessionId: string) {
  return useQuery(answersQueryOptions(sessionId));
}

export function getAnswer(sessionId: string, answerId: string): Promise<AiAnswer> {
  return apiRequest<AiAnswer>(`${base(sessionId)}/${encodeURIComponent(answerId)}`);
}

export function useAnswerToJournal(sessionId: string) {
  return useMutation({
    mutationFn: (answerId: string) => apiRequest<JournalEntry>(`${base(sessionId)}/${encodeURIComponent(answerId)}/journal-draft`, { method: 'POST' }),
  });
}
