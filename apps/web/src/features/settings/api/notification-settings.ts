import { type NotificationSettings } from '@portal/contract';
import { notificationsApi } from '@portal/contract/addresses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** Which e-mails the practice gets and when (decision 013). */
export function useNotificationSettings() {
  return useQuery({ queryKey: settingsKeys.notifications(), queryFn: ({ signal }) => call(notificationsApi.settings, { signal }) });
}

/** Each kind instantly, in the 07:00 digest or off, and the practice's time zone. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) => call(notificationsApi.saveSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.notifications(), saved),
  });
}
