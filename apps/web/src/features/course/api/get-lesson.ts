import type { Lesson } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** GET /portal/course/lessons/{id}. */
export function getLesson(id: string, signal?: AbortSignal): Promise<Lesson> {
  return apiRequest<Lesson>(`/portal/course/lessons/${encodeURIComponent(id)}`, { signal });
}

export const lessonQueryOptions = (id: string) => queryOptions({ queryKey: courseKeys.lesson(id), queryFn: ({ signal }) => getLesson(id, signal) });

export function useLesson(id: string) {
  return useQuery(lessonQueryOptions(id));
}
