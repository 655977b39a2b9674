import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuditRow,
  DataRequest,
  IdParams,
  SessionCounts,
  SessionCountsQuery,
  SessionDetail,
  SessionListQuery,
  SessionSummary,
  pageOf,
  zId,
} from '@portal/contract';
import { caller, tokenOf } from '../../plugins/auth';
import * as service from './service';

const tags = ['sessions'];
const ResultRef = z.object({ id: zId, title: z.string(), computedAt: z.string() });
const ResultParams = z.strictObject({ id: zId, resultId: zId });
const ComponentParams = z.strictObject({ id: zId, resultId: zId, componentId: z.string().regex(/^[a-z0-9-]{1,64}$/) });
const QuestionnaireParams = z.strictObject({ id: zId, questionnaireId: z.coerce.number().int().min(1).max(1_000_000) });
const Questionnaire = z.object({
  id: z.number().int(),
  category: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  questions: z.array(z.object({ id: z.string(), text: z.string(), type: z.string(), options: z.array(z.string()).optional() })),
  answers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  completedAt: z.string().nullable(),
});

/** The practitioner's side of sessions: list, detail, accept, reject, data request, patient data. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Sessions of the caller, filtered by status and patient name, paged',
        querystring: SessionListQuery,
        response: { 200: pageOf(SessionSummary) },
      },
    },
    async (req) => service.listSessions(ctx, caller(req).userId, req.query),
  );

  app.get(
    '/counts',
    {
      schema: {
        tags,
        summary: "How many sessions the caller has in each status (of those whose patient's name matches `search`)",
        querystring: SessionCountsQuery,
        response: { 200: SessionCounts },
      },
    },
    async (req) => service.sessionCounts(ctx, caller(req).userId, req.query.search),
  );

  // The most frequent read: the session-live check rides in the detail's one query (plugins/auth.ts, liveSessionInQuery).
  app.get(
    '/:id',
    {
      config: { liveSessionInQuery: true },
      schema: { tags, summary: 'One session with its kit, readiness and highlights', params: IdParams, response: { 200: SessionDetail } },
    },
    async (req) => {
      const { live, owned } = await service.readSession(ctx, tokenOf(req).sessionId, req.params.id);
      await req.admit(live);
      const parties = owned ? { patientId: owned.patientId, practitionerId: owned.practitionerId } : {};
      return ctx.audit.around(req, { action: 'read', category: 'session', sessionId: req.params.id, ...parties }, () => service.sessionDetail(ctx, owned));
    },
  );

  app.post(
    '/:id/accept',
    {
      schema: { tags, summary: 'Accept a requested session', params: IdParams, response: { 200: SessionSummary } },
    },
    async (req) =>
      ctx.audit.around(req, { action: 'accept', category: 'session', sessionId: req.params.id }, () =>
        service.decide(ctx, caller(req).userId, req.params.id, 2),
      ),
  );

  app.post(
    '/:id/reject',
    {
      schema: { tags, summary: 'Reject a requested session (cannot be undone)', params: IdParams, response: { 200: SessionSummary } },
    },
    async (req) =>
      ctx.audit.around(req, { action: 'reject', category: 'session', sessionId: req.params.id }, () =>
        service.decide(ctx, caller(req).userId, req.params.id, 3),
      ),
  );

  app.post(
    '/:id/data-request',
    {
      schema: { tags, summary: "Request the patient's data through their app (one per session)", params: IdParams, response: { 201: DataRequest } },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          await ctx.audit.around(req, { action: 'request', category: 'data request', sessionId: req.params.id }, () =>
            service.requestData(ctx, caller(req).userId, req.params.id),
          ),
        ),
  );

  app.get(
    '/:id/results',
    {
      schema: { tags, summary: "The patient's genetic results", params: IdParams, response: { 200: z.object({ results: z.array(ResultRef) }) } },
    },
    async (req) =>
      ctx.audit.around(req, { action: 'read', category: 'results', sessionId: req.params.id }, () =>
        service.listResults(ctx, caller(req).userId, req.params.id),
      ),
  );

  app.get(
    '/:id/results/:resultId',
    {
      schema: {
        tags,
        summary: 'One result with its components',
        params: ResultParams,
        response: { 200: ResultRef.extend({ engineVersion: z.string(), data: z.record(z.string(), z.unknown()) }) },
      },
    },
    async (req) =>
      ctx.audit.around(req, { action: 'read', category: 'results', sessionId: req.params.id, detail: `result ${req.params.resultId}` }, () =>
        service.getResult(ctx, caller(req).userId, req.params.id, req.params.resultId),
      ),
  );

  app.get(
    '/:id/results/:resultId/components/:componentId',
    {
      schema: {
        tags,
        summary: 'One result component with its genotype table',
        params: ComponentParams,
        response: { 200: z.object({ resultID: zId, computedAt: z.string(), synthetic: z.boolean(), component: z.record(z.string(), z.unknown()) }) },
      },
    },
    async (req) =>
      ctx.audit.around(
        req,
        { action: 'read', category: 'component', sessionId: req.params.id, detail: `result ${req.params.resultId} component ${req.params.componentId}` },
        () => service.getComponent(ctx, caller(req).userId, req.params.id, req.params.resultId, req.params.componentId),
      ),
  );

  app.get(
    '/:id/access-history',
    {
      schema: {
        tags,
        summary: "Who looked at or changed this patient's data through the caller's practice",
        params: IdParams,
        response: { 200: z.object({ results: z.array(AuditRow) }) },
      },
    },
    async (req) =>
      ctx.audit.around(req, { action: 'read', category: 'access history', sessionId: req.params.id }, () =>
        service.accessHistory(ctx, caller(req).userId, req.params.id),
      ),
  );

  app.get(
    '/:id/questionnaires',
    {
      schema: {
        tags,
        summary: "The patient's questionnaires with answers",
        params: IdParams,
        response: { 200: z.object({ results: z.array(Questionnaire) }) },
      },
    },
    async (req) =>
      ctx.audit.around(req, { action: 'read', category: 'questionnaires', sessionId: req.params.id }, () =>
        service.listQuestionnaires(ctx, caller(req).userId, req.params.id),
      ),
  );

  app.get(
    '/:id/questionnaires/:questionnaireId',
    {
      schema: { tags, summary: 'One questionnaire with answers', params: QuestionnaireParams, response: { 200: Questionnaire } },
    },
    async (req) =>
      ctx.audit.around(
        req,
        { action: 'read', category: 'questionnaires', sessionId: req.params.id, detail: `questionnaire ${req.params.questionnaireId}` },
        () => service.getQuestionnaire(ctx, caller(req).userId, req.params.id, req.params.questionnaireId),
      ),
  );
};
