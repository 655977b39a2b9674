import type { CourseTest } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** GET /portal/course/test/: the questions and their options; the answers stay on the server. */
export function getTest(signal?: AbortSignal): Promise<CourseTest> {
  return apiRequest<CourseTest>('/portal/course/test/', { signal });
}

export const testQueryOptions = () => queryOptions({ queryKey: courseKeys.test(), queryFn: ({ signal }) => getTest(signal), staleTime: Infinity });

export function useCourseTest(options: { enabled?: boolean } = {}) {
  return useQuery({ ...testQueryOptions(), ...options });
}
