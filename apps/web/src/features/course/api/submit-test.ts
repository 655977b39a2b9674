import type { TestAttemptResult } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** POST /portal/course/test/attempts: scored on the server. */
export function submitTest(answers: Record<string, string>): Promise<TestAttemptResult> {
  return apiRequest<TestAttemptResult>('/portal/course/test/attempts', { method: 'POST', body: { answers } });
}

export function useSubmitTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.overview() }),
  });
}
