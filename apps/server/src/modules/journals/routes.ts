import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { journalsApi } from '@portal/contract';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { caller } from '../../plugins/auth';
import * as service from './service';

/** A session's journal, under /api/portal/sessions/:id/journal. */
export const sessionJournalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, journalsApi.sessionJournal, async (req) =>
    ctx.audit.around(req, { action: 'read', category: 'journal', sessionId: req.params.id }, () =>
      service.getSessionJournal(ctx, caller(req).userId, req.params.id),
    ),
  );

  route(app, journalsApi.saveDraft, async (req) =>
    ctx.audit.around(req, { action: 'save', category: 'journal', sessionId: req.params.id }, () =>
      service.saveDraft(ctx, caller(req).userId, req.params.id, req.body.description),
    ),
  );

  route(app, journalsApi.submit, async (req) =>
    ctx.audit.around(req, { action: 'submit', category: 'journal', sessionId: req.params.id }, () =>
      service.submit(ctx, caller(req).userId, req.params.id, req.body.description),
    ),
  );

  route(app, journalsApi.addAddendum, async (req, reply) =>
    reply
      .status(201)
      .send(
        await ctx.audit.around(req, { action: 'addendum', category: 'journal', sessionId: req.params.id }, () =>
          service.addAddendum(ctx, caller(req).userId, req.params.id, req.body.description),
        ),
      ),
  );
};

/** Every journal entry across sessions, under /api/portal/journals. */
export const journalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** A read or edit by entry id writes one audit row, tied to the entry's session once it proves the caller's. */
  async function byEntry<T extends { session: { id: string } }>(
    req: FastifyRequest<{ Params: { id: string } }>,
    action: 'read' | 'save',
    fn: () => Promise<T>,
  ): Promise<T> {
    const base = { actorUserId: caller(req).userId, action, category: 'journal' as const, sourceIp: req.ip };
    let out: T;
    try {
      out = await fn();
    } catch (err) {
      await ctx.audit.record({
        ...base,
        outcome: 'denied',
        detail: `journal ${req.params.id}: ${err instanceof AppError ? `${err.statusCode} ${err.code}` : 'error'}`,
      });
      throw err;
    }
    await ctx.audit.record({ ...base, sessionId: out.session.id, outcome: 'allowed', detail: `journal ${req.params.id}` });
    return out;
  }
  route(app, journalsApi.list, async (req) => service.listJournals(ctx, caller(req).userId, req.query));

  route(app, journalsApi.entry, async (req) => byEntry(req, 'read', () => service.getJournal(ctx, caller(req).userId, req.params.id)));

  route(app, journalsApi.updateEntry, async (req) =>
    byEntry(req, 'save', () => service.updateJournal(ctx, caller(req).userId, req.params.id, req.body.description)),
  );
};
