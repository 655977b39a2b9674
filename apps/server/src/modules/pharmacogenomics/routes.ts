import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, PgxDiseases, PgxDiseasesQuery, PgxReportRow, PgxReportSummary, PgxRowsQuery, pageOf, zId } from '@portal/contract';
import { caller } from '../../plugins/auth';
import { practitionerOf } from '../sessions/access';
import { renderReportPdf } from './pdf';
import * as service from './service';

const tags = ['pharmacogenomics'];
const access = 'Owner only, while the session is accepted and its data request confirmed; otherwise 404.';

/**
 * The practitioner's pharmaco reports under /api/portal/sessions/:id/reports: the report's state and
 * filter values, its rows filtered on the server (view 1 quick, view 2 custom), diseases, the
 * printable PDF of a view, and taking a newer knowledge base's build.
 */
export const pgxSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // The shipped knowledge base is in the database before the first report is asked for.
  await service.ensureShippedKnowledgeBase(ctx.database.db);

  app.get(
    '/:id/reports',
    {
      schema: {
        tags,
        summary: `The session's pharmacogenomic report: knowledge-base version, gene calls, filter values. ${access}`,
        params: IdParams,
        response: { 200: PgxReportSummary },
      },
    },
    async (req) =>
      ctx.audit.around(req, { action: 'read', category: 'pharmacogenomic report', sessionId: req.params.id }, () =>
        service.getSummary(ctx, caller(req).userId, req.params.id),
      ),
  );

  app.get(
    '/:id/reports/rows',
    {
      schema: {
        tags,
        params: IdParams,
        querystring: PgxRowsQuery,
        response: { 200: pageOf(PgxReportRow) },
        summary: `Report rows of a view: view 1 by category, class and name (at least one), view 2 by phenotype category, specialty population, level of evidence and disease phenotype (at least two). ${access}`,
      },
    },
    async (req) =>
      ctx.audit.around(req, { action: 'read', category: 'pharmacogenomic report', sessionId: req.params.id, detail: `rows, view ${req.query.view}` }, () =>
        service.listRows(ctx, caller(req).userId, req.params.id, req.query),
      ),
  );

  app.get(
    '/:id/reports/diseases',
    {
      schema: {
        tags,
        params: IdParams,
        querystring: PgxDiseasesQuery,
        response: { 200: PgxDiseases },
        summary: `Disease phenotypes of the rows a custom filter (at least three variables) selects. ${access}`,
      },
    },
    async (req) =>
      ctx.audit.around(req, { action: 'read', category: 'pharmacogenomic report', sessionId: req.params.id, detail: 'diseases' }, () =>
        service.listDiseases(ctx, caller(req).userId, req.params.id, req.query),
      ),
  );

  app.get(
    '/:id/reports/pdf',
    {
      schema: { tags, params: IdParams, querystring: PgxRowsQuery, summary: `The printable report (PDF) of a view: every row it selects. ${access}` },
    },
    async (req, reply) => {
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
    },
  );

  app.post(
    '/:id/reports/update',
    {
      schema: {
        tags,
        params: IdParams,
        response: { 200: PgxReportSummary },
        summary: `Take the report built with a newer knowledge base (when one would change it). ${access}`,
      },
    },
    async (req) =>
      ctx.audit.around(
        req,
        { action: 'save', category: 'pharmacogenomic report', sessionId: req.params.id, detail: 'update to the newer knowledge base' },
        () => service.applyUpdate(ctx, caller(req).userId, req.params.id),
      ),
  );
};

/** Sessions whose report a newer knowledge base would change, under /api/portal/pgx. */
export const pgxPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/flagged-sessions',
    {
      schema: {
        tags,
        summary: "The caller's sessions whose pharmaco report a newer knowledge base would change",
        response: { 200: z.object({ sessionIds: z.array(zId) }) },
      },
    },
    async (req) => {
      const p = await practitionerOf(ctx, caller(req).userId);
      return { sessionIds: await service.flaggedSessions(ctx, p.id) };
    },
  );
};
