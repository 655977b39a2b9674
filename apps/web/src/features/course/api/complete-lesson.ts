import type { CourseOverview } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** PUT /portal/course/lessons/{id}/complete: progress is kept on the server, across devices. */
export function completeLesson(id: string): Promise<CourseOverview> {
  return apiRequest<CourseOverview>(`/portal/course/lessons/${encodeURIComponent(id)}/complete`, { method: 'PUT' });
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
