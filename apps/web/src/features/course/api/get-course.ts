import type { CourseOverview } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** GET /portal/course/: modules, lessons, progress and the test's status. */
export function getCourse(signal?: AbortSignal): Promise<CourseOverview> {
  return apiRequest<CourseOverview>('/portal/course/', { signal });
}

export const courseQueryOptions = () => queryOptions({ queryKey: courseKeys.overview(), queryFn: ({ signal }) => getCourse(signal) });

export function useCourse() {
  return useQuery(courseQueryOptions());
}
