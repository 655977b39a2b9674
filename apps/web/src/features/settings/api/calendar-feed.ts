import { type CalendarFeedState } from '@portal/contract';
import { calendarApi } from '@portal/contract/addresses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** Whether the practice has a calendar feed (its address is shown only when made). */
export function useCalendarFeed() {
  return useQuery({ queryKey: settingsKeys.calendarFeed(), queryFn: ({ signal }) => call(calendarApi.feedState, { signal }) });
}

/** A new private address; the one before, if any, stops answering. */
export function useNewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(calendarApi.newFeed),
    onSuccess: (link) => queryClient.setQueryData<CalendarFeedState>(settingsKeys.calendarFeed(), { active: true, createdAt: link.createdAt }),
  });
}

/** The address answers 404 from now on. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(calendarApi.revokeFeed),
    onSuccess: () => queryClient.setQueryData<CalendarFeedState>(settingsKeys.calendarFeed(), { active: false, createdAt: null }),
  });
}
