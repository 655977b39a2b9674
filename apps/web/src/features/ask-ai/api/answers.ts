import { askAiApi } from '@portal/contract/addresses';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { askAiKeys } from './keys';

export const answersQueryOptions = (sessionId: string) =>
  queryOptions({ queryKey: askAiKeys.answers(sessionId), queryFn: () => call(askAiApi.answers, { params: { id: sessionId } }) });

export function useAnswers(sessionId: string) {
  return useQuery(answersQueryOptions(sessionId));
}

export function getAnswer(sessionId: string, answerId: string) {
  return call(askAiApi.answer, { params: { id: sessionId, answerId } });
}

export function useAnswerToJournal(sessionId: string) {
  return useMutation({
    mutationFn: ({ answerId, statements }: { answerId: string; statements: number[] }) =>
      call(askAiApi.toJournalDraft, { params: { id: sessionId, answerId }, body: { statements } }),
  });
}
