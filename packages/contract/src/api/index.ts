import { calendarApi } from './calendar';
import { notificationsApi } from './notifications';

export { calendarApi, notificationsApi };

/** Every endpoint the contract describes, by module: the server's route inventory test walks it. */
export const API = {
  calendar: calendarApi,
  notifications: notificationsApi,
};
