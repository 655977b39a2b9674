// Written by packages/contract/scripts/write-addresses.ts from src/api/notifications.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { notificationsApi as notificationsApiEndpoints } from '../api/notifications';

export const notificationsApi: AddressesOf<typeof notificationsApiEndpoints> = {
  settings: { method: 'GET', path: '/api/portal/me/notifications/' },
  saveSettings: { method: 'PUT', path: '/api/portal/me/notifications/' },
};
