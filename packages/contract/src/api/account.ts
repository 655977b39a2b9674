import { z } from 'zod';
import {
  Collection,
  INVITE_REDIRECT_HEADER,
  Invite,
  InviteBody,
  LogoutBody,
  PublicUser,
  RefreshBody,
  TokenPair,
  Tos,
  TosAccepted,
  UpdateMe,
  User,
  UserQuery,
} from '../account';
import { IdParams, listOf, Ok, pageOf } from '../common';
import { ENTRY_ADDRESSES } from './addresses';
import { defineEndpoint } from '../endpoint';

const tags = ['account'];

/** The signed-in user's account: tokens, profile, invites and the account's Terms & Conditions. */
export const accountApi = {
  refreshToken: defineEndpoint({
    ...ENTRY_ADDRESSES.refreshToken,
    tags,
    summary: 'Rotate a refresh token',
    body: RefreshBody,
    responses: { 200: TokenPair },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/account/logout',
    tags,
    summary: 'End the session the refresh token belongs to',
    body: LogoutBody,
    responses: { 200: Ok },
  }),
  me: defineEndpoint({ method: 'GET', path: '/api/account/me/', tags, summary: 'The signed-in user', responses: { 200: User } }),
  updateMe: defineEndpoint({
    method: 'PUT',
    path: '/api/account/me/',
    tags,
    summary: 'Update the signed-in user',
    body: UpdateMe,
    responses: { 200: User },
  }),
  user: defineEndpoint({
    method: 'GET',
    path: '/api/account/v1/users/:id',
    tags,
    summary: 'A user the caller may see',
    params: IdParams,
    responses: { 200: PublicUser },
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/api/account/v1/users/',
    tags,
    summary: 'Search the users the caller may see',
    query: UserQuery,
    responses: { 200: pageOf(PublicUser) },
  }),
  collections: defineEndpoint({
    method: 'GET',
    path: '/api/account/collections/',
    tags,
    summary: 'The sample collections kits carry',
    responses: { 200: listOf(Collection) },
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/api/account/me/invite',
    tags,
    summary: 'Invite someone to create an account',
    body: InviteBody,
    responses: { 201: Invite },
  }),
  workspaceInvite: defineEndpoint({
    method: 'POST',
    path: '/api/account/me/workspace-invite',
    tags,
    summary: `Invite someone to the caller's workspace; the ${INVITE_REDIRECT_HEADER} header names the confirm-invite page`,
    body: InviteBody,
    headers: z.object({ [INVITE_REDIRECT_HEADER]: z.string().max(2048) }),
    responses: { 201: Invite },
  }),
  invites: defineEndpoint({
    method: 'GET',
    path: '/api/account/me/invites/',
    tags,
    summary: 'Invites the caller sent',
    responses: { 200: listOf(Invite) },
  }),
  confirmInvite: defineEndpoint({
    method: 'POST',
    path: '/api/account/invites/confirm',
    tags,
    summary: 'Confirm a workspace invite sent to the signed-in user',
    body: z.strictObject({ token: z.string().min(1).max(256) }),
    responses: { 200: Invite },
  }),
  tos: defineEndpoint({ method: 'GET', path: '/api/account/tos', tags, summary: 'The latest Terms & Conditions', responses: { 200: Tos } }),
  acceptTos: defineEndpoint({
    method: 'PUT',
    path: '/api/account/me/tos',
    tags,
    summary: 'Accept the latest Terms & Conditions',
    responses: { 200: TosAccepted },
  }),
};
