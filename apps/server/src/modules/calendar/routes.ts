import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CalendarFeedLink, CalendarFeedState } from '@portal/contract';
import { caller } from '../../plugins/auth';
import * as service from './service';

const tags = ['calendar'];

/** The caller's private calendar feed, under /api/portal/me/calendar-feed: its state, a new address, revoking it. */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/',
    {
      schema: { tags, summary: 'Whether the caller has a calendar feed (its address is shown only when made)', response: { 200: CalendarFeedState } },
    },
    async (req) => service.feedState(ctx, caller(req).userId),
  );

  app.post(
    '/',
    {
      schema: { tags, summary: 'A new private calendar feed address; the previous one, if any, stops answering', response: { 201: CalendarFeedLink } },
    },
    async (req, reply) => {
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
    },
  );

  app.delete(
    '/',
    {
      schema: { tags, summary: 'Revoke the calendar feed: its address answers 404 from now on', response: { 204: z.null() } },
    },
    async (req, reply) => {
      await service.revokeFeed(ctx, caller(req).userId);
      await ctx.audit.record({ actorUserId: caller(req).userId, action: 'revoke', category: 'calendar feed', sourceIp: req.ip, outcome: 'allowed' });
      return reply.status(204).send(null);
    },
  );
};

/**
 * The feed itself at /api/calendar/{token}.ics, for calendar apps: no sign-in, the token is the
 * key. Accepted sessions only, each with the patient's first name and initial, the booking time and
 * a link to the session. An unknown, replaced or revoked token answers 404.
 */
export const calendarFeedPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/:file',
    {
      config: { auth: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags, summary: "A practitioner's accepted sessions as iCalendar (RFC 5545)", params: z.strictObject({ file: z.string().max(64) }) },
    },
    async (req, reply) => {
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
    },
  );
};
