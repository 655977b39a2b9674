import { courseApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** Modules, lessons, progress and the test's status. */
export function getCourse(signal?: AbortSignal) {
  return call(courseApi.overview, { signal });
}

export const courseQueryOptions = () => queryOptions({ queryKey: courseKeys.overview(), queryFn: ({ signal }) => getCourse(signal) });

export function useCourse() {
  return useQuery(courseQueryOptions());
}
