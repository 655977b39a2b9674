import { z } from 'zod';
import { IdParams, listOf, pageOf, zId } from '../common';
import { defineEndpoint } from '../endpoint';
import { PgxDiseases, PgxDiseasesQuery, PgxReading, PgxReportRow, PgxReportSummary, PgxRowsQuery } from '../pgx';
import { Highlight } from '../sessions';

/** The reading, with the lines the Overview shows for it (the same derivation: what to do first, in tier order). */
export const PgxReadingAnswer = PgxReading.extend({ actions: z.array(Highlight) });
export type PgxReadingAnswer = z.infer<typeof PgxReadingAnswer>;

const tags = ['pharmacogenomics'];
const access = 'Owner only, while the session is accepted and its data request confirmed; otherwise 404.';
const reports = '/api/portal/sessions/:id/reports';

/**
 * The practitioner's pharmaco reports: the report's state and filter values, its rows filtered on the
 * server (view 1 quick, view 2 custom), diseases, the printable PDF of a view, taking a newer
 * knowledge base's build, and the sessions such a build would change.
 */
export const pgxApi = {
  summary: defineEndpoint({
    method: 'GET',
    path: reports,
    tags,
    summary: `The session's pharmacogenomic report: knowledge-base version, gene calls, filter values. ${access}`,
    params: IdParams,
    responses: { 200: PgxReportSummary },
  }),
  reading: defineEndpoint({
    method: 'GET',
    path: `${reports}/reading`,
    tags,
    params: IdParams,
    responses: { 200: PgxReadingAnswer },
    summary: `The report read as a prescriber reads it: every drug's verdict (the action CPIC's advice asks for, per population, beside CPIC's text), the patient's medicines as matched, and the Overview's action lines in tier order. 404 without a report. ${access}`,
  }),
  rows: defineEndpoint({
    method: 'GET',
    path: `${reports}/rows`,
    tags,
    params: IdParams,
    query: PgxRowsQuery,
    responses: { 200: pageOf(PgxReportRow) },
    summary: `Report rows of a view: view 1 by category, class and name (at least one), view 2 by phenotype category, specialty population, level of evidence and disease phenotype (at least two). ${access}`,
  }),
  diseases: defineEndpoint({
    method: 'GET',
    path: `${reports}/diseases`,
    tags,
    params: IdParams,
    query: PgxDiseasesQuery,
    responses: { 200: PgxDiseases },
    summary: `Disease phenotypes of the rows a custom filter (at least three variables) selects. ${access}`,
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: `${reports}/pdf`,
    tags,
    params: IdParams,
    query: PgxRowsQuery,
    summary: `The printable report (PDF) of a view: every row it selects. ${access}`,
    reply: 'file',
    media: ['application/pdf'],
  }),
  update: defineEndpoint({
    method: 'POST',
    path: `${reports}/update`,
    tags,
    params: IdParams,
    responses: { 200: PgxReportSummary },
    summary: `Take the report built with a newer knowledge base (when one would change it). ${access}`,
  }),
  flaggedSessions: defineEndpoint({
    method: 'GET',
    path: '/api/portal/pgx/flagged-sessions',
    tags,
    summary: "The caller's sessions whose pharmaco report a newer knowledge base would change",
    responses: { 200: z.object({ sessionIds: z.array(zId) }) },
  }),
};

const adminTags = ['admin'];

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
const LoadTableBody = z.strictObject({
  table: z.string().min(1).max(15_000_000),
  label: z.string().trim().max(200).optional(),
  /** The date of the CPIC data the table holds (YYYY-MM-DD): CPIC changes after it flag its rows. Default: the day it is loaded. */
  dataDate: z.iso.date().optional(),
});
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

/** The provider's pharmacogenomics administration, behind the admin token: calls, CPIC tables, brand names. */
export const pgxAdminApi = {
  importCalls: defineEndpoint({
    method: 'POST',
    path: '/api/admin/pgx/calls',
    tags: adminTags,
    body: ImportCallsBody,
    responses: { 200: ImportResult },
    summary:
      "Import a kit's PharmCAT calls (calls-only TSV and outside calls) and build its report; calls outside PharmCAT's phenotype list are refused (400, the lines in fieldErrors.file)",
  }),
  knowledgeBases: defineEndpoint({
    method: 'GET',
    path: '/api/admin/pgx/knowledge-bases',
    tags: adminTags,
    summary: 'Knowledge-base versions, newest first (the first is current)',
    responses: { 200: listOf(KnowledgeBaseRef) },
  }),
  loadKnowledgeBase: defineEndpoint({
    method: 'POST',
    path: '/api/admin/pgx/knowledge-bases',
    tags: adminTags,
    body: LoadTableBody,
    responses: { 200: KnowledgeBaseLoad },
    summary:
      "Load a newer CPIC recommendation table (TSV in the shipped layout, CPIC's JSON rows, or PharmCAT's per-drug JSON) as a layer over the shipped ones; sessions whose report it would change are flagged",
  }),
  brandNames: defineEndpoint({
    method: 'POST',
    path: '/api/admin/pgx/brand-names',
    tags: adminTags,
    body: BrandNamesBody,
    responses: { 200: z.object({ us: z.number().int().nullable(), za: z.number().int().nullable() }) },
    summary: 'Load a brand-name list (TSV: generic_name, market US or ZA, brand_name); each market in it replaces that market’s list',
  }),
};
