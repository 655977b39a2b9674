import { courseApi } from '@portal/contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** Progress is kept on the server, across devices. */
export function completeLesson(id: string) {
  return call(courseApi.completeLesson, { params: { id } });
}

export function useCompleteLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeLesson,
    onSuccess: (overview, id) => {
      queryClient.setQueryData(courseKeys.overview(), overview);
      return queryClient.invalidateQueries({ queryKey: courseKeys.lesson(id) });
    },
  });
}
