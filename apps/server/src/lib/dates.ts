/** Today's date in UTC (YYYY-MM-DD): the day discount codes are judged on, and exports are named by. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** A nullable timestamp as the API answers it. */
export const isoOrNull = (d: Date | null | undefined) => (d ? d.toISOString() : null);
