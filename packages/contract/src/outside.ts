import { z } from 'zod';
import { NOTIFICATION_DELIVERIES, isTimeZone } from './outside-words';

export * from './outside-words';

/** Whether the practitioner has a private calendar feed; its address is shown only when it is made. */
export const CalendarFeedState = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedState = z.infer<typeof CalendarFeedState>;

/** A new calendar feed address: shown this once, kept on the server only as a hash of its token. */
export const CalendarFeedLink = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarFeedLink = z.infer<typeof CalendarFeedLink>;

export const NotificationDelivery = z.enum(NOTIFICATION_DELIVERIES);
export type NotificationDelivery = z.infer<typeof NotificationDelivery>;

export const NotificationSettings = z.strictObject({
  sessionRequest: NotificationDelivery,
  dataRequest: NotificationDelivery,
  kitResults: NotificationDelivery,
  feeDue: NotificationDelivery,
  timeZone: z.string().max(64).refine(isTimeZone, 'Choose a time zone from the list'),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/**
 * Where the practice's time zone comes from (decision 024): chosen in Settings, named by its primary
 * address, the browser's when it registered, or none of them (UTC).
 */
export const TimeZoneSource = z.enum(['chosen', 'address', 'browser', 'default']);
export type TimeZoneSource = z.infer<typeof TimeZoneSource>;

/**
 * What GET answers: the settings, whether they were ever saved (the defaults otherwise), and where
 * the time zone in them comes from. Until one is chosen it is the practice's own (its address).
 */
export const NotificationSettingsState = NotificationSettings.extend({ saved: z.boolean(), timeZoneSource: TimeZoneSource });
export type NotificationSettingsState = z.infer<typeof NotificationSettingsState>;
