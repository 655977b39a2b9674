import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemApi } from '@portal/contract';
import { route } from '../../lib/route';
import { esc, messagePage, page } from '../../lib/html-page';
import { adminCheckFor } from '../admin/service';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1']);

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback. */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/** Liveness, readiness, and (outside production) the dev mailbox that shows the outbox. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, systemApi.health, { logLevel: 'warn' }, async () => ({ status: 'ok' }));

  route(app, systemApi.ready, { logLevel: 'warn' }, async (_req, reply) => {
    // Stopping (SIGTERM): still serving, but a proxy's health check should send new requests elsewhere.
    if (ctx.lifecycle.draining) return reply.status(503).header('retry-after', '5').send({ status: 'draining', database: ctx.database.kind });
    try {
      await ctx.database.ping();
      return { status: 'ready', database: ctx.database.kind };
    } catch {
      return reply.status(503).header('retry-after', '5').send({ status: 'unavailable', database: ctx.database.kind });
    }
  });

  if (ctx.env.production) return;
  const checkAdmin = adminCheckFor(ctx);
  /**
   * The mailbox shows invite links and reviews: only to this machine (a loopback client, not
   * relayed by a proxy, addressing it by a loopback name, so a DNS-rebound foreign name does not
   * count) or to a caller with the admin token.
   */
  const mayReadMailbox = async (req: FastifyRequest) => {
    const local =
      isLoopback(req.socket.remoteAddress) &&
      req.headers['x-forwarded-for'] === undefined &&
      req.headers.forwarded === undefined &&
      LOOPBACK_NAMES.has(req.hostname.replace(/^\[|\]$/g, '').toLowerCase());
    if (local) return true;
    return checkAdmin(req).then(
      () => true,
      () => false,
    );
  };
  route(app, systemApi.mailbox, async (req, reply) => {
    if (!(await mayReadMailbox(req))) {
      const body = messagePage('Dev mailbox', 'The dev mailbox opens only on this machine (loopback), or with the admin token.');
      return reply.status(403).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
    }
    const mails = await ctx.mailer.recent(50);
    const items = mails
      .map(
        (m) =>
          `<article class="mail"><h2>${esc(m.subject)}</h2><p class="hint">To ${esc(m.to)} · ${esc(m.createdAt.toISOString())} · ${esc(m.transport)}</p><pre>${esc(m.text)}</pre></article>`,
      )
      .join('');
    const body = `<h1>Dev mailbox</h1><p class="hint">Mail the portal sent while no SMTP server is configured (SMTP_URL). Not available in production.</p>${items || '<p>No mail yet.</p>'}`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page('Dev mailbox', body));
  });
};
