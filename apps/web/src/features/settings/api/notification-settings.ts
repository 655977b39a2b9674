import type { NotificationSettings, NotificationSettingsState } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

const path = '/portal/me/notifications/';

/** GET /portal/me/notifications/: which e-mails the practice gets and when (decision 013). */
export function useNotificationSettings() {
  return useQuery({ queryKey: settingsKeys.notifications(), queryFn: ({ signal }) => apiRequest<NotificationSettingsState>(path, { signal }) });
}

/** PUT: each kind instantly, in the 07:00 digest or off, and the practice's time zone. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) => apiRequest<NotificationSettingsState>(path, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.notifications(), saved),
  });
}
