import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fhirApi } from '@portal/contract';
import { route } from '../../lib/route';
import { caller } from '../../plugins/auth';
import { sessionBundle } from './service';

/** GET /api/portal/sessions/:id/fhir: the session's results as a FHIR R4 Bundle, downloaded as a file. */
export const fhirRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, fhirApi.bundle, async (req, reply) => {
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
