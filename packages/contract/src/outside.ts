import { z } from 'zod';

/** Whether the practitioner has a private calendar feed; its address is shown only when it is made. */
export const CalendarFeedState = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedState = z.infer<typeof CalendarFeedState>;

/** A new calendar feed address: shown this once, kept on the server only as a hash of its token. */
export const CalendarFeedLink = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarFeedLink = z.infer<typeof CalendarFeedLink>;

/** How a practitioner hears of one kind of event by e-mail (decision 013). */
export const NOTIFICATION_DELIVERIES = ['instant', 'digest', 'off'] as const;
export const NotificationDelivery = z.enum(NOTIFICATION_DELIVERIES);
export type NotificationDelivery = z.infer<typeof NotificationDelivery>;

/** The kinds, in the order Settings lists them. */
export const NOTIFICATION_KINDS = ['sessionRequest', 'dataRequest', 'kitResults', 'feeDue'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The daily digest's hour, in the practice's time zone. */
export const DIGEST_HOUR = 7;
/** A data-request fee is reminded of this many days before it is due. */
export const FEE_REMINDER_DAYS = 3;

let zones: string[] | null = null;
/** The IANA time zones this runtime knows, 'UTC' first (made on first use). */
export function timeZones(): string[] {
  zones ??= ['UTC', ...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC') : [])];
  return zones;
}
/** An IANA time zone this runtime knows, such as 'Africa/Johannesburg'. */
export const isTimeZone = (tz: string) => timeZones().includes(tz);

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
