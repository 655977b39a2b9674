import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pgxAdminApi } from '@portal/contract';
import { route } from '../../lib/route';
import { adminCheckFor } from '../admin/service';
import * as repo from './repository';
import * as service from './service';

const config = { auth: 'public' as const };

/**
 * The provider's pharmacogenomics administration under /api/admin/pgx, behind the admin token
 * (the admin module's check): import a kit's calls, load a newer CPIC recommendation table, load
 * a brand-name list.
 */
export const pgxAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const db = ctx.database.db;
  app.addHook('onRequest', adminCheckFor(ctx));

  route(app, pgxAdminApi.importCalls, { config }, async (req) => {
    const result = await service.importCalls(db, { sampleLabel: req.body.kit }, req.body.calls, req.body.outsideCalls ?? null);
    // The lab's data entered the patient's record: the audit trail says so (the provider is the actor).
    if (result.sessionId) await ctx.audit.labImport(req, result.sessionId, 'pharmacogenomic report', `calls of kit ${result.sampleLabel}`);
    return result;
  });

  route(app, pgxAdminApi.knowledgeBases, { config }, async () => {
    await service.ensureShippedKnowledgeBase(db);
    const rows = await repo.knowledgeBaseRefs(db);
    return { results: rows.map((r, i) => ({ ...r, loadedAt: r.loadedAt.toISOString(), current: i === 0 })) };
  });

  route(app, pgxAdminApi.loadKnowledgeBase, { config, bodyLimit: 16 * 1024 * 1024 }, async (req) =>
    service.loadCpicTable(db, req.body.table, req.body.label, req.body.dataDate),
  );

  route(app, pgxAdminApi.brandNames, { config, bodyLimit: 8 * 1024 * 1024 }, async (req) => service.loadBrandNames(db, req.body.list));
};
