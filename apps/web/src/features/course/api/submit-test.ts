import { courseApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** Scored on the server. */
export function submitTest(answers: Record<string, string>) {
  return call(courseApi.submitTest, { body: { answers } });
}

export function useSubmitTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.overview() }),
  });
}
