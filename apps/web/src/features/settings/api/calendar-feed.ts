import type { CalendarFeedLink, CalendarFeedState } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

const path = '/portal/me/calendar-feed/';

/** GET /portal/me/calendar-feed/: whether the practice has a calendar feed (its address is shown only when made). */
export function useCalendarFeed() {
  return useQuery({ queryKey: settingsKeys.calendarFeed(), queryFn: ({ signal }) => apiRequest<CalendarFeedState>(path, { signal }) });
}

/** POST: a new private address; the one before, if any, stops answering. */
export function useNewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeedLink>(path, { method: 'POST' }),
    onSuccess: (link) => queryClient.setQueryData<CalendarFeedState>(settingsKeys.calendarFeed(), { active: true, createdAt: link.createdAt }),
  });
}

/** DELETE: the address answers 404 from now on. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>(path, { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData<CalendarFeedState>(settingsKeys.calendarFeed(), { active: false, createdAt: null }),
  });
}
