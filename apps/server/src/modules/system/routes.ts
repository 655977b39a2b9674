import type { FastifyInstance } from 'fastify';
import { esc, page } from '../sso/views';

/** Liveness, readiness, and (outside production) the dev mailbox that shows the outbox. */
export async function systemRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/healthz', { logLevel: 'warn', schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn', schema: { hide: true } }, async (_req, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ready', database: ctx.database.kind };
    } catch {
      return reply.status(503).header('retry-after', '5').send({ status: 'unavailable', database: ctx.database.kind });
    }
  });

  if (ctx.env.production) return;
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_req, reply) => {
    const mails = await ctx.mailer.recent(50);
    const items = mails
      .map((m) => `<article class="mail"><h2>${esc(m.subject)}</h2><p class="hint">To ${esc(m.to)} · ${esc(m.createdAt.toISOString())} · ${esc(m.transport)}</p><pre>${esc(m.text)}</pre></article>`)
      .join('');
    const body = `<h1>Dev mailbox</h1><p class="hint">Mail the portal sent while no SMTP server is configured (SMTP_URL). Not available in production.</p>${items || '<p>No mail yet.</p>'}`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page('Dev mailbox', body));
  });
}
