// Notification and time-zone words without zod (issue 35): the Settings notifications tab shows them
// before any schema; re-exported from outside.ts.

/** How a practitioner hears of one kind of event by e-mail (decision 013). */
export const NOTIFICATION_DELIVERIES = ['instant', 'digest', 'off'] as const;

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
