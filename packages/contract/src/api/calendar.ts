import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { CalendarFeedLink, CalendarFeedState } from '../outside';

const tags = ['calendar'];
const feed = '/api/portal/me/calendar-feed/';

/** The caller's private calendar feed (its state, a new address, revoking it) and the feed itself (decision 012). */
export const calendarApi = {
  feedState: defineEndpoint({
    method: 'GET',
    path: feed,
    tags,
    summary: 'Whether the caller has a calendar feed (its address is shown only when made)',
    responses: { 200: CalendarFeedState },
  }),
  newFeed: defineEndpoint({
    method: 'POST',
    path: feed,
    tags,
    summary: 'A new private calendar feed address; the previous one, if any, stops answering',
    responses: { 201: CalendarFeedLink },
  }),
  revokeFeed: defineEndpoint({
    method: 'DELETE',
    path: feed,
    tags,
    summary: 'Revoke the calendar feed: its address answers 404 from now on',
    responses: { 204: z.null() },
  }),
  /** For calendar apps, at /api/calendar/{token}.ics: no sign-in, the token is the key. */
  feed: defineEndpoint({
    method: 'GET',
    path: '/api/calendar/:file',
    tags,
    summary: "A practitioner's accepted sessions as iCalendar (RFC 5545)",
    params: z.strictObject({ file: z.string().max(64) }),
    reply: 'file',
    media: ['text/calendar'],
  }),
};
