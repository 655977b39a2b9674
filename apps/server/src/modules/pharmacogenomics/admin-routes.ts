import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCheckFor } from '../admin/service';
import * as repo from './repository';
import * as service from './service';

const tags = ['admin'];
const config = { auth: 'public' as const };

const ImportCallsBody = z.strictObject({
  /** The kit's sample label. */
  kit: z.string().trim().min(1).max(100),
  /** PharmCAT's calls-only TSV as the lab delivered it. */
  calls: z.string().min(1).max(1_000_000),
  /** PharmCAT outside-call TSV (CYP2D6, HLA-B, …), when the lab made outside calls. */
  outsideCalls: z.string().max(100_000).optional(),
});
const ImportResult = z.object({
  kitId: z.string(),
  sampleLabel: z.string(),
  sessionId: z.string().nullable(),
  pharmcatVersion: z.string().nullable(),
  genesCalled: z.number().int(),
  rows: z.number().int(),
  knowledgeBase: z.string(),
});
const LoadTableBody = z.strictObject({ table: z.string().min(1).max(15_000_000), label: z.string().trim().max(200).optional() });
const KnowledgeBaseLoad = z.object({
  version: z.string(),
  label: z.string(),
  recommendations: z.number().int(),
  loaded: z.boolean(),
  reports: z.object({ rebuilt: z.number().int(), flagged: z.number().int(), unchanged: z.number().int() }),
});
const KnowledgeBaseRef = z.object({
  version: z.string(),
  label: z.string(),
  source: z.string(),
  loadedAt: z.string(),
  recommendationCount: z.number().int(),
  current: z.boolean(),
});
const BrandNamesBody = z.strictObject({ list: z.string().min(1).max(5_000_000) });

/**
 * The provider's pharmacogenomics administration under /api/admin/pgx, behind the admin token
 * (the admin module's check): import a kit's calls, load a newer CPIC recommendation table, load
 * a brand-name list.
 */
export const pgxAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const db = ctx.database.db;
  app.addHook('onRequest', adminCheckFor(ctx));

  app.post(
    '/calls',
    {
      config,
      schema: {
        tags,
        body: ImportCallsBody,
        response: { 200: ImportResult },
        summary:
          "Import a kit's PharmCAT calls (calls-only TSV and outside calls) and build its report; calls outside PharmCAT's phenotype list are refused (400, the lines in fieldErrors.file)",
      },
    },
    async (req) => {
      const result = await service.importCalls(db, { sampleLabel: req.body.kit }, req.body.calls, req.body.outsideCalls ?? null);
      // The lab's data entered the patient's record: the audit trail says so (the provider is the actor).
      if (result.sessionId) {
        await ctx.audit.record({
          actorUserId: null,
          sessionId: result.sessionId,
          action: 'import',
          category: 'pharmacogenomic report',
          outcome: 'allowed',
          sourceIp: req.ip,
          detail: `calls of kit ${result.sampleLabel}`,
        });
      }
      return result;
    },
  );

  app.get(
    '/knowledge-bases',
    {
      config,
      schema: {
        tags,
        summary: 'Knowledge-base versions, newest first (the first is current)',
        response: { 200: z.object({ results: z.array(KnowledgeBaseRef) }) },
      },
    },
    async () => {
      await service.ensureShippedKnowledgeBase(db);
      const rows = await repo.knowledgeBaseRefs(db);
      return { results: rows.map((r, i) => ({ ...r, loadedAt: r.loadedAt.toISOString(), current: i === 0 })) };
    },
  );

  app.post(
    '/knowledge-bases',
    {
      config,
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        tags,
        body: LoadTableBody,
        response: { 200: KnowledgeBaseLoad },
        summary:
          "Load a newer CPIC recommendation table (TSV in the shipped layout, CPIC's JSON rows, or PharmCAT's per-drug JSON) as a layer over the shipped ones; sessions whose report it would change are flagged",
      },
    },
    async (req) => service.loadCpicTable(db, req.body.table, req.body.label),
  );

  app.post(
    '/brand-names',
    {
      config,
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        body: BrandNamesBody,
        response: { 200: z.object({ us: z.number().int().nullable(), za: z.number().int().nullable() }) },
        summary: 'Load a brand-name list (TSV: generic_name, market US or ZA, brand_name); each market in it replaces that market’s list',
      },
    },
    async (req) => service.loadBrandNames(db, req.body.list),
  );
};
