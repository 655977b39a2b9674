import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarApi } from '@portal/contract';
import { route } from '../../lib/route';
import { caller } from '../../plugins/auth';
import * as service from './service';

/** The caller's private calendar feed, under /api/portal/me/calendar-feed: its state, a new address, revoking it. */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, calendarApi.feedState, async (req) => service.feedState(ctx, caller(req).userId));

  route(app, calendarApi.newFeed, async (req, reply) => {
    const link = await service.regenerateFeed(ctx, caller(req).userId);
    await ctx.audit.record({
      actorUserId: caller(req).userId,
      action: 'save',
      category: 'calendar feed',
      sourceIp: req.ip,
      outcome: 'allowed',
      detail: 'new address',
    });
    return reply.status(201).header('cache-control', 'no-store').send(link);
  });

  route(app, calendarApi.revokeFeed, async (req, reply) => {
    await service.revokeFeed(ctx, caller(req).userId);
    await ctx.audit.record({ actorUserId: caller(req).userId, action: 'revoke', category: 'calendar feed', sourceIp: req.ip, outcome: 'allowed' });
    return reply.status(204).send(null);
  });
};

/**
 * The feed itself at /api/calendar/{token}.ics, for calendar apps: no sign-in, the token is the
 * key. Accepted sessions only, each with the patient's first name and initial, the booking time and
 * a link to the session. An unknown, replaced or revoked token answers 404.
 */
export const calendarFeedPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, calendarApi.feed, { config: { auth: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (req, reply) => {
    const feed = await service.feedCalendar(ctx, req.params.file);
    await ctx.audit.record({
      actorUserId: feed.userId,
      practitionerId: feed.practitionerId,
      action: 'read',
      category: 'calendar feed',
      sourceIp: req.ip,
      outcome: 'allowed',
      detail: `feed read by a calendar app, ${feed.count} accepted sessions`,
    });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="sessions.ics"')
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex')
      .send(feed.text);
  });
};
