import { z } from 'zod';

/** Whether the practitioner has a private calendar feed; its address is shown only when it is made. */
export const CalendarFeedState = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedState = z.infer<typeof CalendarFeedState>;

/** A new calendar feed address: shown this once, kept on the server only as a hash of its token. */
export const CalendarFeedLink = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarFeedLink = z.infer<typeof CalendarFeedLink>;
