import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Collection,
  IdParams,
  INVITE_REDIRECT_HEADER,
  Invite,
  InviteBody,
  LogoutBody,
  Ok,
  PublicUser,
  RefreshBody,
  Tos,
  TosAccepted,
  TokenPair,
  UpdateMe,
  User,
  UserQuery,
  pageOf,
} from '@portal/contract';
import { caller } from '../../plugins/auth';
import * as repo from './repository';
import * as service from './service';

const tags = ['account'];

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/refresh-token',
    {
      config: { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Rotate a refresh token', body: RefreshBody, response: { 200: TokenPair } },
    },
    async (req) => ctx.tokens.refresh(req.body.token),
  );

  app.post(
    '/logout',
    {
      config: { auth: 'public' },
      schema: { tags, summary: 'End the session the refresh token belongs to', body: LogoutBody, response: { 200: Ok } },
    },
    async (req) => {
      await ctx.tokens.revoke(req.body.token);
      return { ok: true as const };
    },
  );

  app.get(
    '/me/',
    {
      config: { auth: ['practitioner', 'patient'] },
      schema: { tags, summary: 'The signed-in user', response: { 200: User } },
    },
    async (req) => service.getMe(ctx, caller(req).userId),
  );

  app.put(
    '/me/',
    {
      config: { auth: ['practitioner', 'patient'] },
      schema: { tags, summary: 'Update the signed-in user', body: UpdateMe, response: { 200: User } },
    },
    async (req) => service.updateMe(ctx, caller(req).userId, req.body),
  );

  app.get(
    '/v1/users/:id',
    {
      schema: { tags, summary: 'A user the caller may see', params: IdParams, response: { 200: PublicUser } },
    },
    async (req) => service.getVisibleUser(ctx, caller(req).userId, req.params.id),
  );

  app.get(
    '/v1/users/',
    {
      schema: { tags, summary: 'Search the users the caller may see', querystring: UserQuery, response: { 200: pageOf(PublicUser) } },
    },
    async (req) => service.queryUsers(ctx, caller(req).userId, req.query),
  );

  app.get(
    '/collections/',
    {
      schema: { tags, summary: 'The sample collections kits carry', response: { 200: z.object({ results: z.array(Collection) }) } },
    },
    async () => ({ results: await repo.listCollections(ctx.database.db) }),
  );

  app.post(
    '/me/invite',
    {
      schema: { tags, summary: 'Invite someone to create an account', body: InviteBody, response: { 201: Invite } },
    },
    async (req, reply) => reply.status(201).send(await service.invite(ctx, caller(req).userId, req.body, 'app')),
  );

  app.post(
    '/me/workspace-invite',
    {
      schema: {
        tags,
        summary: `Invite someone to the caller's workspace; the ${INVITE_REDIRECT_HEADER} header names the confirm-invite page`,
        body: InviteBody,
        headers: z.object({ [INVITE_REDIRECT_HEADER]: z.string().max(2048) }),
        response: { 201: Invite },
      },
    },
    async (req, reply) => reply.status(201).send(await service.invite(ctx, caller(req).userId, req.body, 'workspace', req.headers[INVITE_REDIRECT_HEADER])),
  );

  app.get(
    '/me/invites/',
    {
      schema: { tags, summary: 'Invites the caller sent', response: { 200: z.object({ results: z.array(Invite) }) } },
    },
    async (req) => service.listInvites(ctx, caller(req).userId),
  );

  app.post(
    '/invites/confirm',
    {
      config: { auth: ['practitioner', 'patient'] },
      schema: {
        tags,
        summary: 'Confirm a workspace invite sent to the signed-in user',
        body: z.strictObject({ token: z.string().min(1).max(256) }),
        response: { 200: Invite },
      },
    },
    async (req) => service.confirmInvite(ctx, caller(req).userId, req.body.token),
  );

  app.get(
    '/tos',
    {
      config: { auth: 'public' },
      schema: { tags, summary: 'The latest Terms & Conditions', response: { 200: Tos } },
    },
    async () => service.latestTos(ctx, 'account'),
  );

  app.put(
    '/me/tos',
    {
      config: { auth: ['practitioner', 'patient'] },
      schema: { tags, summary: 'Accept the latest Terms & Conditions', response: { 200: TosAccepted } },
    },
    async (req) => service.acceptLatestTos(ctx, caller(req).userId, 'account'),
  );
};
