import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountApi, INVITE_REDIRECT_HEADER } from '@portal/contract';
import { route } from '../../lib/route';
import { caller } from '../../plugins/auth';
import * as repo from './repository';
import * as service from './service';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, accountApi.refreshToken, { config: { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (req) =>
    ctx.tokens.refresh(req.body.token),
  );

  route(app, accountApi.logout, { config: { auth: 'public' } }, async (req) => {
    await ctx.tokens.revoke(req.body.token);
    return { ok: true as const };
  });

  route(app, accountApi.me, { config: { auth: ['practitioner', 'patient'] } }, async (req) => service.getMe(ctx, caller(req).userId));

  route(app, accountApi.updateMe, { config: { auth: ['practitioner', 'patient'] } }, async (req) => service.updateMe(ctx, caller(req).userId, req.body));

  route(app, accountApi.user, async (req) => service.getVisibleUser(ctx, caller(req).userId, req.params.id));

  route(app, accountApi.users, async (req) => service.queryUsers(ctx, caller(req).userId, req.query));

  route(app, accountApi.collections, async () => ({ results: await repo.listCollections(ctx.database.db) }));

  // Only an accepted practitioner invites (decision 023): the mails go out in the provider's name.
  const inviter = { config: { requiresAccepted: true } };
  route(app, accountApi.invite, inviter, async (req, reply) => reply.status(201).send(await service.invite(ctx, caller(req).userId, req.body, 'app')));

  route(app, accountApi.workspaceInvite, inviter, async (req, reply) =>
    reply.status(201).send(await service.invite(ctx, caller(req).userId, req.body, 'workspace', req.headers[INVITE_REDIRECT_HEADER])),
  );

  route(app, accountApi.invites, async (req) => service.listInvites(ctx, caller(req).userId));

  route(app, accountApi.confirmInvite, { config: { auth: ['practitioner', 'patient'] } }, async (req) =>
    service.confirmInvite(ctx, caller(req).userId, req.body.token),
  );

  route(app, accountApi.tos, { config: { auth: 'public' } }, async () => service.latestTos(ctx, 'account'));

  route(app, accountApi.acceptTos, { config: { auth: ['practitioner', 'patient'] } }, async (req) =>
    service.acceptLatestTos(ctx, caller(req).userId, 'account'),
  );
};
