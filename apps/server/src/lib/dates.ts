/** Today's date in UTC (YYYY-MM-DD): the day discount codes are judged on, and exports are named by. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** A nullable timestamp as the API answers it. */
export const isoOrNull = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * A calendar date (YYYY-MM-DD) as the portal writes one in a sentence: '14 August 2023'. For the
 * texts the server writes itself (report notes, source labels); dates the portal shows in its own
 * fields are formatted by the web for the user's locale.
 */
export const longDate = (iso: string) =>
  new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
