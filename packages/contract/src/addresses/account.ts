// Written by packages/contract/scripts/write-addresses.ts from src/api/account.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { accountApi as accountApiEndpoints } from '../api/account';

export const accountApi: AddressesOf<typeof accountApiEndpoints> = {
  refreshToken: { method: 'POST', path: '/api/account/refresh-token' },
  logout: { method: 'POST', path: '/api/account/logout' },
  me: { method: 'GET', path: '/api/account/me/' },
  updateMe: { method: 'PUT', path: '/api/account/me/' },
  user: { method: 'GET', path: '/api/account/v1/users/:id' },
  users: { method: 'GET', path: '/api/account/v1/users/' },
  collections: { method: 'GET', path: '/api/account/collections/' },
  invite: { method: 'POST', path: '/api/account/me/invite' },
  workspaceInvite: { method: 'POST', path: '/api/account/me/workspace-invite' },
  invites: { method: 'GET', path: '/api/account/me/invites/' },
  confirmInvite: { method: 'POST', path: '/api/account/invites/confirm' },
  tos: { method: 'GET', path: '/api/account/tos' },
  acceptTos: { method: 'PUT', path: '/api/account/me/tos' },
};
