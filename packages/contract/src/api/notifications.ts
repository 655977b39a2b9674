import { defineEndpoint } from '../endpoint';
import { NotificationSettings, NotificationSettingsState } from '../outside';

const tags = ['notifications'];
const settings = '/api/portal/me/notifications/';

/** The caller's e-mail notification settings (decision 013). */
export const notificationsApi = {
  settings: defineEndpoint({
    method: 'GET',
    path: settings,
    tags,
    summary: "Which e-mails the practitioner gets and when (every kind instantly until saved), and the practice's time zone with where it comes from",
    responses: { 200: NotificationSettingsState },
  }),
  saveSettings: defineEndpoint({
    method: 'PUT',
    path: settings,
    tags,
    summary: "Each kind instantly, in the daily digest at 07:00 in the practice's time zone, or off",
    body: NotificationSettings,
    responses: { 200: NotificationSettingsState },
  }),
};
