import { courseApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { courseKeys } from './keys';

export function getLesson(id: string, signal?: AbortSignal) {
  return call(courseApi.lesson, { params: { id }, signal });
}

export const lessonQueryOptions = (id: string) => queryOptions({ queryKey: courseKeys.lesson(id), queryFn: ({ signal }) => getLesson(id, signal) });

export function useLesson(id: string) {
  return useQuery(lessonQueryOptions(id));
}
