import { practiceApi } from '@portal/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** GET /portal/me/availability/: weekly slots by day and time. */
export async function getAvailability(signal?: AbortSignal) {
  return (await call(practiceApi.availability, { signal })).results;
}

export const availabilityQueryOptions = () => queryOptions({ queryKey: settingsKeys.availability(), queryFn: ({ signal }) => getAvailability(signal) });

export function useAvailability() {
  return useQuery(availabilityQueryOptions());
}
