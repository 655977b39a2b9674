import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '@portal/contract';
import { caller } from '../../plugins/auth';
import { sessionBundle } from './service';

/** GET /api/portal/sessions/:id/fhir: the session's results as a FHIR R4 Bundle, downloaded as a file. */
export const fhirRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/:id/fhir',
    {
      schema: {
        tags: ['fhir'],
        params: IdParams,
        summary:
          "The session's nutrigenomic and pharmacogenomic results as a FHIR R4 Bundle (collection). Owner only, while the session is accepted and its data request confirmed; otherwise 404.",
      },
    },
    async (req, reply) => {
      const { bundle, sampleLabel } = await ctx.audit.around(
        req,
        { action: 'read', category: 'results', sessionId: req.params.id, detail: 'FHIR export' },
        () => sessionBundle(ctx, caller(req).userId, req.params.id),
      );
      const name = sampleLabel ? sampleLabel.replace(/[^\w-]/g, '') : req.params.id;
      return reply
        .type('application/fhir+json; charset=utf-8')
        .header('content-disposition', `attachment; filename="results-${name}.fhir.json"`)
        .header('cache-control', 'private, no-store')
        .send(JSON.stringify(bundle));
    },
  );
};
