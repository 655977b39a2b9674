import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionsApi } from '@portal/contract';
import { route } from '../../lib/route';
import { caller, tokenOf } from '../../plugins/auth';
import * as service from './service';

/** The practitioner's side of sessions: list, detail, accept, reject, data request, patient data. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, sessionsApi.list, async (req) => service.listSessions(ctx, caller(req).userId, req.query));

  route(app, sessionsApi.counts, async (req) => service.sessionCounts(ctx, caller(req).userId, req.query.search));

  // The most frequent read: the session-live check rides in the detail's one query (plugins/auth.ts, liveSessionInQuery).
  route(app, sessionsApi.detail, { config: { liveSessionInQuery: true } }, async (req) => {
    const { live, owned } = await service.readSession(ctx, tokenOf(req).sessionId, req.params.id);
    await req.admit(live);
    const parties = owned ? { patientId: owned.patientId, practitionerId: owned.practitionerId } : {};
    return ctx.audit.around(req, { action: 'read', category: 'session', sessionId: req.params.id, ...parties }, () => service.sessionDetail(ctx, owned));
  });

  route(app, sessionsApi.accept, async (req) =>
    ctx.audit.around(req, { action: 'accept', category: 'session', sessionId: req.params.id }, () => service.decide(ctx, caller(req).userId, req.params.id, 2)),
  );

  route(app, sessionsApi.reject, async (req) =>
    ctx.audit.around(req, { action: 'reject', category: 'session', sessionId: req.params.id }, () => service.decide(ctx, caller(req).userId, req.params.id, 3)),
  );

  route(app, sessionsApi.requestData, async (req, reply) =>
    reply
      .status(201)
      .send(
        await ctx.audit.around(req, { action: 'request', category: 'data request', sessionId: req.params.id }, () =>
          service.requestData(ctx, caller(req).userId, req.params.id),
        ),
      ),
  );

  route(app, sessionsApi.results, async (req) =>
    ctx.audit.around(req, { action: 'read', category: 'results', sessionId: req.params.id }, () => service.listResults(ctx, caller(req).userId, req.params.id)),
  );

  route(app, sessionsApi.result, async (req) =>
    ctx.audit.around(req, { action: 'read', category: 'results', sessionId: req.params.id, detail: `result ${req.params.resultId}` }, () =>
      service.getResult(ctx, caller(req).userId, req.params.id, req.params.resultId),
    ),
  );

  route(app, sessionsApi.component, async (req) =>
    ctx.audit.around(
      req,
      { action: 'read', category: 'component', sessionId: req.params.id, detail: `result ${req.params.resultId} component ${req.params.componentId}` },
      () => service.getComponent(ctx, caller(req).userId, req.params.id, req.params.resultId, req.params.componentId),
    ),
  );

  route(app, sessionsApi.accessHistory, async (req) =>
    ctx.audit.around(req, { action: 'read', category: 'access history', sessionId: req.params.id }, () =>
      service.accessHistory(ctx, caller(req).userId, req.params.id),
    ),
  );

  route(app, sessionsApi.questionnaires, async (req) =>
    ctx.audit.around(req, { action: 'read', category: 'questionnaires', sessionId: req.params.id }, () =>
      service.listQuestionnaires(ctx, caller(req).userId, req.params.id),
    ),
  );

  route(app, sessionsApi.questionnaire, async (req) =>
    ctx.audit.around(req, { action: 'read', category: 'questionnaires', sessionId: req.params.id, detail: `questionnaire ${req.params.questionnaireId}` }, () =>
      service.getQuestionnaire(ctx, caller(req).userId, req.params.id, req.params.questionnaireId),
    ),
  );
};
