import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode, liveApi, type LiveEndReason, type LiveEvent } from '@portal/contract';
import { AppError, notFound, unauthenticated } from '../../lib/errors';
import { UNAVAILABLE_MESSAGE } from '../../plugins/errors';
import { route } from '../../lib/route';
import { caller, LIVE_SESSION, type LiveSessionRow } from '../../plugins/auth';
import { sessionLimitsOf, sessionTimedOut } from '../auth/service';
import type { LiveStream } from './hub';

/** Streams one user may hold open in one server process (one per tab; a runaway page cannot hold thousands). */
export const MAX_STREAMS_PER_USER = 16;

const PRACTITIONER_OF = { name: 'live_practitioner_of', text: 'select id from practitioners where user_id = $1' };

/** Why a live session row no longer admits a stream, or null while it does. */
function endReasonOf(row: LiveSessionRow | undefined, userId: string, limits: ReturnType<typeof sessionLimitsOf>, now: number): LiveEndReason | null {
  if (!row || row.revokedAt || row.userId !== userId) return 'signed out';
  if (!row.isActive) return 'deactivated';
  return sessionTimedOut(row, limits, now) ? 'session expired' : null;
}

/**
 * GET /api/portal/events: the caller's live stream (server-sent events, decision 011). Admitted as
 * every route is (bearer token, live session, practitioner scope); then open until the sign-on session
 * is signed out (revoked), times out (idle or absolute: the stream itself is no use of the session),
 * or its user is deactivated, each ending it with an `end` event. It carries ids and kinds only and
 * writes no audit row: whatever the portal reads because of it is audited as any read.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const limits = sessionLimitsOf(ctx.env);

  route(app, liveApi.events, async (req, reply) => {
    const me = caller(req);
    const [live] = await ctx.database.query<LiveSessionRow>(LIVE_SESSION, [me.sessionId]);
    if (endReasonOf(live, me.userId, limits, Date.now())) throw unauthenticated('The access token is not valid');
    if (ctx.live.countOf(me.userId) >= MAX_STREAMS_PER_USER) {
      throw new AppError(429, ErrorCode.TOO_MANY_REQUESTS, 'Too many live connections are open, please close some tabs');
    }
    // However many accounts ask: the process holds at most LIVE_STREAM_LIMIT; the portal retries later.
    if (ctx.live.size() >= ctx.env.LIVE_STREAM_LIMIT) {
      throw new AppError(503, ErrorCode.UNAVAILABLE, UNAVAILABLE_MESSAGE, { headers: { 'retry-after': '30' } });
    }
    // Only an account that uses the portal (a practice of its own) has anything to hear: without one,
    // the same 404 as every practice route (the portal tries again later, after its onboarding).
    const [practitioner] = await ctx.database.query<{ id: string }>(PRACTITIONER_OF, [me.userId]);
    if (!practitioner) throw notFound();

    reply.hijack();
    const raw = reply.raw;
    // The security headers are already on raw (set in onRequest); what onSend would add, added here.
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // nginx and the like: pass each event on as it is written.
      'x-accel-buffering': 'no',
      'x-request-id': req.id,
    });
    const write = (chunk: string) => {
      if (!raw.destroyed && !raw.writableEnded) raw.write(chunk);
    };

    let timer: NodeJS.Timeout | null = null;
    let closed = false;
    const stream: LiveStream = {
      userId: me.userId,
      authSessionId: me.sessionId,
      practitionerId: practitioner.id,
      send: (event: LiveEvent) => write(`data: ${JSON.stringify(event)}\n\n`),
      heartbeat: () => write(':\n\n'),
      end(reason) {
        if (closed) return;
        write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
        raw.end();
        cleanup();
      },
    };
    const remove = ctx.live.add(stream);
    function cleanup() {
      if (closed) return;
      closed = true;
      if (timer) clearTimeout(timer);
      remove();
    }
    raw.on('close', cleanup);

    // At the moment the session would time out, read it again: other requests may have used it since.
    const watch = (row: LiveSessionRow) => {
      const deadline = Math.min(row.createdAt.getTime() + limits.absoluteMs, row.lastUsedAt.getTime() + limits.idleMs);
      timer = setTimeout(
        async () => {
          timer = null;
          if (closed) return;
          try {
            const [again] = await ctx.database.query<LiveSessionRow>(LIVE_SESSION, [me.sessionId]);
            const reason = endReasonOf(again, me.userId, limits, Date.now());
            if (reason) stream.end(reason);
            else if (!closed) watch(again!);
          } catch (err) {
            // The database is unreachable: the stream cannot tell whether its session still holds.
            req.log.warn({ err: { message: (err as Error).message } }, 'live updates: could not check a stream’s session');
            stream.end('reconnect');
          }
        },
        Math.max(0, deadline - Date.now()) + 50,
      );
    };
    watch(live!);
    write('event: ready\ndata: {}\n\n');
  });
};
