import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { askAiApi, ErrorCode } from '@portal/contract';
import { route } from '../../lib/route';
import { caller } from '../../plugins/auth';
import { errorBody } from '../../plugins/errors';
import * as service from './service';

/** Ask AI under /api/portal/sessions/:id/ai. Answers stream as server-sent events. */
export const askAiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(
    app,
    askAiApi.ask,
    {
      config: {
        rateLimit: {
          max: ctx.env.AI_RATE_LIMIT,
          timeWindow: '1 minute',
          keyGenerator: (req: FastifyRequest) => `ask-ai:${req.auth?.userId ?? req.ip}`,
          errorResponseBuilder: (_req: FastifyRequest, c: { ttl: number }) => ({
            statusCode: 429,
            ...errorBody(ErrorCode.TOO_MANY_REQUESTS, `You have asked a lot in a short time. You can ask again in ${Math.ceil(c.ttl / 1000)} seconds.`),
          }),
        },
      },
    },
    async (req, reply) => {
      const userId = caller(req).userId;
      let run;
      try {
        run = await service.prepareAsk(ctx, userId, req.params.id, req.body);
      } catch (err) {
        await ctx.audit.record({ actorUserId: userId, sessionId: req.params.id, action: 'ask', category: 'ai answer', outcome: 'denied', sourceIp: req.ip });
        throw err;
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-request-id': req.id,
        'x-content-type-options': 'nosniff',
      });
      const send = (event: string, data: unknown) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const abort = new AbortController();
      req.raw.on('close', () => abort.abort());
      try {
        const answer = await run((e) => send(e.type, e.type === 'delta' ? { text: e.text } : e.statement), abort.signal);
        send('done', answer);
      } catch (err) {
        req.log.error({ err }, 'ask ai failed');
        send('error', errorBody(ErrorCode.DOWNSTREAM, 'Internal issue while communicating to downstream service'));
      } finally {
        raw.end();
      }
    },
  );

  route(app, askAiApi.answers, async (req) =>
    ctx.audit.around(req, { action: 'read', category: 'ai answer', sessionId: req.params.id, detail: 'answers list' }, () =>
      service.listAnswers(ctx, caller(req).userId, req.params.id),
    ),
  );

  route(app, askAiApi.answer, async (req) =>
    ctx.audit.around(req, { action: 'read', category: 'ai answer', sessionId: req.params.id, detail: `answer ${req.params.answerId}` }, () =>
      service.getAnswer(ctx, caller(req).userId, req.params.id, req.params.answerId),
    ),
  );

  route(app, askAiApi.toJournalDraft, async (req) =>
    ctx.audit.around(req, { action: 'save', category: 'journal', sessionId: req.params.id, detail: `from answer ${req.params.answerId}` }, () =>
      service.answerToJournalDraft(ctx, caller(req).userId, req.params.id, req.params.answerId, req.body.statements),
    ),
  );
};
