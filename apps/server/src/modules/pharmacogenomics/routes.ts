import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pgxApi } from '@portal/contract';
import { route } from '../../lib/route';
import { caller } from '../../plugins/auth';
import { practitionerOf } from '../sessions/access';
import { renderReportPdf } from './pdf';
import * as service from './service';

/**
 * The practitioner's pharmaco reports under /api/portal/sessions/:id/reports: the report's state and
 * filter values, its rows filtered on the server (view 1 quick, view 2 custom), diseases, the
 * printable PDF of a view, and taking a newer knowledge base's build.
 */
export const pgxSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // The shipped knowledge base is in the database before the first report is asked for.
  await service.ensureShippedKnowledgeBase(ctx.database.db);

  route(app, pgxApi.summary, async (req) =>
    ctx.audit.around(req, { action: 'read', category: 'pharmacogenomic report', sessionId: req.params.id }, () =>
      service.getSummary(ctx, caller(req).userId, req.params.id),
    ),
  );

  route(app, pgxApi.reading, async (req) =>
    ctx.audit.around(req, { action: 'read', category: 'pharmacogenomic report', sessionId: req.params.id, detail: 'drug verdicts' }, () =>
      service.readingFor(ctx, caller(req).userId, req.params.id),
    ),
  );

  route(app, pgxApi.rows, async (req) =>
    ctx.audit.around(req, { action: 'read', category: 'pharmacogenomic report', sessionId: req.params.id, detail: `rows, view ${req.query.view}` }, () =>
      service.listRows(ctx, caller(req).userId, req.params.id, req.query),
    ),
  );

  route(app, pgxApi.diseases, async (req) =>
    ctx.audit.around(req, { action: 'read', category: 'pharmacogenomic report', sessionId: req.params.id, detail: 'diseases' }, () =>
      service.listDiseases(ctx, caller(req).userId, req.params.id, req.query),
    ),
  );

  route(app, pgxApi.pdf, async (req, reply) => {
    const data = await ctx.audit.around(
      req,
      { action: 'read', category: 'pharmacogenomic report', sessionId: req.params.id, detail: `printable report, view ${req.query.view}` },
      () => service.printable(ctx, caller(req).userId, req.params.id, req.query),
    );
    const pdf = await renderReportPdf(data, { view: req.query.view });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="pharmaco-report-${data.kit.sampleLabel.replace(/[^\w-]/g, '')}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  });

  route(app, pgxApi.update, async (req) =>
    ctx.audit.around(req, { action: 'save', category: 'pharmacogenomic report', sessionId: req.params.id, detail: 'update to the newer knowledge base' }, () =>
      service.applyUpdate(ctx, caller(req).userId, req.params.id),
    ),
  );
};

/** Sessions whose report a newer knowledge base would change, under /api/portal/pgx. */
export const pgxPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, pgxApi.flaggedSessions, async (req) => {
    const p = await practitionerOf(ctx, caller(req).userId);
    return { sessionIds: await service.flaggedSessions(ctx, p.id) };
  });
};
