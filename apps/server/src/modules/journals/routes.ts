import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, JournalDraftBody, JournalEntry, JournalListItem, JournalListQuery, JournalTextBody, SessionJournal, pageOf } from '@portal/contract';
import { AppError } from '../../lib/errors';
import { caller } from '../../plugins/auth';
import * as service from './service';

const tags = ['journals'];
const JournalDetail = JournalListItem.extend({ addenda: z.array(JournalEntry) });

/** A session's journal, under /api/portal/sessions/:id/journal. */
export const sessionJournalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/:id/journal',
    {
      schema: { tags, summary: "The session's journal entry and addenda", params: IdParams, response: { 200: SessionJournal } },
    },
    async (req) =>
      ctx.audit.around(req, { action: 'read', category: 'journal', sessionId: req.params.id }, () =>
        service.getSessionJournal(ctx, caller(req).userId, req.params.id),
      ),
  );

  app.put(
    '/:id/journal',
    {
      schema: { tags, summary: 'Save the draft (Saved); refused once submitted', params: IdParams, body: JournalDraftBody, response: { 200: JournalEntry } },
    },
    async (req) =>
      ctx.audit.around(req, { action: 'save', category: 'journal', sessionId: req.params.id }, () =>
        service.saveDraft(ctx, caller(req).userId, req.params.id, req.body.description),
      ),
  );

  app.post(
    '/:id/journal/submit',
    {
      schema: {
        tags,
        summary: 'Submit to the patient: the entry is Submitted and the session completed, together',
        params: IdParams,
        body: JournalTextBody,
        response: { 200: SessionJournal },
      },
    },
    async (req) =>
      ctx.audit.around(req, { action: 'submit', category: 'journal', sessionId: req.params.id }, () =>
        service.submit(ctx, caller(req).userId, req.params.id, req.body.description),
      ),
  );

  app.post(
    '/:id/journal/addenda',
    {
      schema: { tags, summary: 'Add a dated addendum after submission', params: IdParams, body: JournalTextBody, response: { 201: SessionJournal } },
    },
    async (req, reply) =>
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
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Journal entries across sessions, filtered by status, searched, paged',
        querystring: JournalListQuery,
        response: { 200: pageOf(JournalListItem) },
      },
    },
    async (req) => service.listJournals(ctx, caller(req).userId, req.query),
  );

  app.get(
    '/:id',
    {
      schema: { tags, summary: 'One journal entry with its session and addenda', params: IdParams, response: { 200: JournalDetail } },
    },
    async (req) => byEntry(req, 'read', () => service.getJournal(ctx, caller(req).userId, req.params.id)),
  );

  app.put(
    '/:id',
    {
      schema: { tags, summary: 'Edit a draft entry', params: IdParams, body: JournalDraftBody, response: { 200: JournalDetail } },
    },
    async (req) => byEntry(req, 'save', () => service.updateJournal(ctx, caller(req).userId, req.params.id, req.body.description)),
  );
};
