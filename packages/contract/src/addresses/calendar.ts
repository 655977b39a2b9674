// Written by packages/contract/scripts/write-addresses.ts from src/api/calendar.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { calendarApi as calendarApiEndpoints } from '../api/calendar';

export const calendarApi: AddressesOf<typeof calendarApiEndpoints> = {
  feedState: { method: 'GET', path: '/api/portal/me/calendar-feed/' },
  newFeed: { method: 'POST', path: '/api/portal/me/calendar-feed/' },
  revokeFeed: { method: 'DELETE', path: '/api/portal/me/calendar-feed/' },
  feed: { method: 'GET', path: '/api/calendar/:file', reply: 'file' },
};
