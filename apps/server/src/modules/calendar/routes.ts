import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarApi, ErrorCode } from '@portal/contract';
import { AppError } from '../../lib/errors';
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

/** Feed reads a minute from one client address across all feeds (decision 023). */
export const FEED_READS_PER_ADDRESS = 1_200;

/**
 * The feed itself at /api/calendar/{token}.ics, for calendar apps: no sign-in, the token is the
 * key. Accepted sessions only, each with the patient's first name and initial, the booking time and
 * a link to the session. An unknown, replaced or revoked token answers 404.
 */
export const calendarFeedPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // The address is the key: the request log names the route only (`logPath: false`). 120 reads a
  // minute per feed (its token's hash), so a calendar service polling many practices' feeds from one
  // address has a budget per feed; FEED_READS_PER_ADDRESS a minute per client address bounds the rest.
  const perFeed = (req: FastifyRequest) =>
    `feed:${createHash('sha256')
      .update(String((req.params as { file?: unknown }).file))
      .digest('hex')}`;
  const config = { auth: 'public' as const, logPath: false, rateLimit: { max: 120, timeWindow: '1 minute', keyGenerator: perFeed } };
  // Counted here, not as a second route limiter: the plugin runs one limiter per request.
  const perAddress = app.createRateLimit({ max: FEED_READS_PER_ADDRESS, timeWindow: '1 minute' });
  const addressBound = async (req: FastifyRequest) => {
    const r = await perAddress(req);
    if (!r.isAllowed && r.isExceeded) {
      throw new AppError(429, ErrorCode.TOO_MANY_REQUESTS, `Too many requests, please try again in ${r.ttlInSeconds} seconds`, {
        headers: { 'retry-after': String(r.ttlInSeconds) },
      });
    }
  };
  route(app, calendarApi.feed, { config, preHandler: addressBound }, async (req, reply) => {
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
