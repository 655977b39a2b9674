import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, fhirApi } from '@portal/contract';
import { route } from '../../lib/route';
import { caller } from '../../plugins/auth';
import { errorBody } from '../../plugins/errors';
import { sessionBundle } from './service';

/**
 * GET /api/portal/sessions/:id/fhir: the session's results as a FHIR R4 Bundle, downloaded as a file.
 * Bounded per practitioner like Ask AI (decision 027): FHIR_RATE_LIMIT exports a minute.
 */
export const fhirRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const rateLimit = {
    max: ctx.env.FHIR_RATE_LIMIT,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => `fhir:${req.auth?.userId ?? req.ip}`,
    errorResponseBuilder: (_req: FastifyRequest, c: { ttl: number }) => ({
      statusCode: 429,
      ...errorBody(ErrorCode.TOO_MANY_REQUESTS, `You have exported a lot in a short time. You can export again in ${Math.ceil(c.ttl / 1000)} seconds.`),
    }),
  };
  route(app, fhirApi.bundle, { config: { rateLimit } }, async (req, reply) => {
    const { bundle, sampleLabel } = await ctx.audit.around(req, { action: 'read', category: 'results', sessionId: req.params.id, detail: 'FHIR export' }, () =>
      sessionBundle(ctx, caller(req).userId, req.params.id),
    );
    const name = sampleLabel ? sampleLabel.replace(/[^\w-]/g, '') : req.params.id;
    return reply
      .type('application/fhir+json; charset=utf-8')
      .header('content-disposition', `attachment; filename="results-${name}.fhir.json"`)
      .header('cache-control', 'private, no-store')
      .send(JSON.stringify(bundle));
  });
};
