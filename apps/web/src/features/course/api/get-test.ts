import { courseApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** The questions and their options; the answers stay on the server. */
export function getTest(signal?: AbortSignal) {
  return call(courseApi.test, { signal });
}

export const testQueryOptions = () => queryOptions({ queryKey: courseKeys.test(), queryFn: ({ signal }) => getTest(signal), staleTime: Infinity });

export function useCourseTest(options: { enabled?: boolean } = {}) {
  return useQuery({ ...testQueryOptions(), ...options });
}
