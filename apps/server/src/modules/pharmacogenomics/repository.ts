import { and, asc, count, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { PGX_NOT_STATED, type CustomFilters, type QuickFilters } from '@portal/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import {
  kits,
  pgxBrandNames,
  pgxCallSets,
  pgxKnowledgeBases,
  pgxReportRows,
  pgxReports,
  questionnaireResponses,
  questionnaires,
  sessions,
} from '../../db/schema';
import { CURRENT_MEDICINES } from '../../db/questionnaires';
import { escapeLike, rowsOf } from '../../db/sql';
import type { ReportRowDraft } from './mapping';

type Q = Db | Tx;

export async function latestKnowledgeBase(db: Q) {
  const [row] = await db.select().from(pgxKnowledgeBases).orderBy(desc(pgxKnowledgeBases.loadedAt), desc(pgxKnowledgeBases.version)).limit(1);
  return row;
}

export async function findKnowledgeBase(db: Q, version: string) {
  const [row] = await db.select().from(pgxKnowledgeBases).where(eq(pgxKnowledgeBases.version, version)).limit(1);
  return row;
}

export const knowledgeBaseRefs = (db: Q) =>
  db
    .select({
      version: pgxKnowledgeBases.version,
      label: pgxKnowledgeBases.label,
      source: pgxKnowledgeBases.source,
      loadedAt: pgxKnowledgeBases.loadedAt,
      recommendationCount: pgxKnowledgeBases.recommendationCount,
    })
    .from(pgxKnowledgeBases)
    .orderBy(desc(pgxKnowledgeBases.loadedAt), desc(pgxKnowledgeBases.version));

/** Inserts a version unless it is there; true when this call inserted it. */
export async function insertKnowledgeBase(db: Q, v: typeof pgxKnowledgeBases.$inferInsert) {
  const rows = await db.insert(pgxKnowledgeBases).values(v).onConflictDoNothing().returning({ version: pgxKnowledgeBases.version });
  return rows.length === 1;
}

export async function findKitByLabel(db: Q, sampleLabel: string) {
  const [kit] = await db
    .select({ id: kits.id, sampleLabel: kits.sampleLabel, sessionId: kits.sessionId })
    .from(kits)
    .where(eq(kits.sampleLabel, sampleLabel))
    .limit(1);
  return kit;
}

export async function findKit(db: Q, kitId: string) {
  const [kit] = await db
    .select({ id: kits.id, sampleLabel: kits.sampleLabel, sessionId: kits.sessionId, status: kits.status })
    .from(kits)
    .where(eq(kits.id, kitId))
    .limit(1);
  return kit;
}

/** The kit's one call set, replaced by a new import. */
export async function upsertCallSet(db: Q, v: typeof pgxCallSets.$inferInsert) {
  const [row] = await db
    .insert(pgxCallSets)
    .values(v)
    .onConflictDoUpdate({
      target: pgxCallSets.kitId,
      set: {
        pharmcatVersion: v.pharmcatVersion,
        calls: v.calls,
        callsTsv: v.callsTsv,
        outsideCallsTsv: v.outsideCallsTsv,
        synthetic: v.synthetic ?? false,
        importedAt: new Date(),
        rulesVersion: v.rulesVersion,
        problems: null,
      },
    })
    .returning();
  return row!;
}

export async function callSetForKit(db: Q, kitId: string) {
  const [row] = await db.select().from(pgxCallSets).where(eq(pgxCallSets.kitId, kitId)).limit(1);
  return row;
}

export const allCallSets = (db: Q) => db.select().from(pgxCallSets).orderBy(asc(pgxCallSets.importedAt));

/** Call sets read with parsing rules older than these (and not already refused by them). */
export const callSetsBelowRules = (db: Q, rulesVersion: number) =>
  db.select().from(pgxCallSets).where(lt(pgxCallSets.rulesVersion, rulesVersion)).orderBy(asc(pgxCallSets.importedAt));

/**
 * Stores a call set as read again with newer rules (its calls, or why it no longer passes them).
 * Conditional, so of several processes starting at once one does it; false when another already did.
 */
export async function claimRecheck(db: Q, id: string, rulesVersion: number, v: { calls: unknown; problems: string[] | null }) {
  const rows = await db
    .update(pgxCallSets)
    .set({ calls: v.calls, problems: v.problems, rulesVersion })
    .where(and(eq(pgxCallSets.id, id), lt(pgxCallSets.rulesVersion, rulesVersion)))
    .returning({ id: pgxCallSets.id });
  return rows.length > 0;
}

export const reportsForKit = (db: Q, kitId: string) => db.select().from(pgxReports).where(eq(pgxReports.kitId, kitId));

export async function deleteReport(db: Q, kitId: string, kbVersion: string) {
  await db.delete(pgxReports).where(and(eq(pgxReports.kitId, kitId), eq(pgxReports.kbVersion, kbVersion)));
}

export async function deleteReportsOfKit(db: Q, kitId: string) {
  await db.delete(pgxReports).where(eq(pgxReports.kitId, kitId));
}

export async function setReportStatus(db: Q, kitId: string, kbVersion: string, status: 'current' | 'pending') {
  await db
    .update(pgxReports)
    .set({ status, changes: status === 'current' ? null : undefined })
    .where(and(eq(pgxReports.kitId, kitId), eq(pgxReports.kbVersion, kbVersion)));
}

/** A report and its rows, brand names filled in from the loaded lists. */
export async function insertReport(
  db: Q,
  report: { kitId: string; kbVersion: string; callSetId: string; status: 'current' | 'pending'; digest: string; changes?: unknown },
  rows: ReportRowDraft[],
) {
  await db.insert(pgxReports).values({ ...report, rowCount: rows.length, changes: report.changes ?? null });
  await insertRows(db, report.kitId, report.kbVersion, rows);
  await applyBrandNames(db, { kitId: report.kitId, kbVersion: report.kbVersion });
}

/** Inserts rows in batches (a bound-parameter limit applies per statement). */
export async function insertRows(db: Q, kitId: string, kbVersion: string, rows: ReportRowDraft[]) {
  for (let i = 0; i < rows.length; i += 500) {
    // A draft's fields are the table's columns by name (ReportRowDraft is written so).
    const batch = rows.slice(i, i + 500).map((r) => ({ kitId, kbVersion, ...r }));
    if (batch.length) await db.insert(pgxReportRows).values(batch);
  }
}

const texts = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** A text column among values, where 'not stated' means the data gives none (NULL). */
function amongOrNull(col: AnyPgColumn, values: string[]): SQL {
  const stated = values.filter((v) => v !== PGX_NOT_STATED);
  const parts: SQL[] = [];
  if (stated.length) parts.push(sql`${col} = any(${texts(stated)})`);
  if (stated.length !== values.length) parts.push(sql`${col} is null`);
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`;
}

export interface RowFilters {
  quick?: QuickFilters;
  custom?: CustomFilters;
  /** With quick.taking: the drugs the patient takes (lower case). */
  takingDrugs?: string[];
}

function whereOf(kitId: string, kbVersion: string, f: RowFilters): SQL {
  const r = pgxReportRows;
  const c: SQL[] = [eq(r.kitId, kitId), eq(r.kbVersion, kbVersion)];
  if (f.quick) {
    if (f.quick.category.length) c.push(sql`${r.category} && ${texts(f.quick.category)}`);
    if (f.quick.class.length) c.push(sql`${r.therapeuticClass} && ${texts(f.quick.class)}`);
    if (f.quick.name) {
      const term = `%${escapeLike(f.quick.name)}%`;
      c.push(or(ilike(r.genericName, term), ilike(r.usName, term), ilike(r.saName, term), ilike(r.gene, term))!);
    }
    if (f.quick.taking) c.push(f.takingDrugs?.length ? sql`lower(${r.genericName}) = any(${texts(f.takingDrugs)})` : sql`false`);
    if (f.quick.notCovered) c.push(eq(r.coverage, 'notCovered'));
  }
  if (f.custom) {
    if (f.custom.phenotypeCategory.length) c.push(amongOrNull(r.phenotypeCategory, f.custom.phenotypeCategory));
    if (f.custom.specialtyPopulation.length) c.push(amongOrNull(r.specialtyPopulation, f.custom.specialtyPopulation));
    if (f.custom.diseasePhenotype.length) c.push(amongOrNull(r.diseasePhenotype, f.custom.diseasePhenotype));
    if (f.custom.cpicGradedOnly) c.push(eq(r.levelInferred, false));
    if (f.custom.levelOfEvidence.length) {
      c.push(
        sql`${r.levelOfEvidence} && array[${sql.join(
          f.custom.levelOfEvidence.map((l) => sql`${l}`),
          sql`, `,
        )}]::smallint[]`,
      );
    }
  }
  return and(...c)!;
}

const rowColumns = {
  id: pgxReportRows.id,
  category: pgxReportRows.category,
  therapeuticClass: pgxReportRows.therapeuticClass,
  atcCodes: pgxReportRows.atcCodes,
  genericName: pgxReportRows.genericName,
  usName: pgxReportRows.usName,
  saName: pgxReportRows.saName,
  gene: pgxReportRows.gene,
  phenotypeCategory: pgxReportRows.phenotypeCategory,
  variantHaplotype: pgxReportRows.variantHaplotype,
  sampleGenotype: pgxReportRows.sampleGenotype,
  genotypeAllele: pgxReportRows.genotypeAllele,
  refAllele: pgxReportRows.refAllele,
  altAllele: pgxReportRows.altAllele,
  phenotype: pgxReportRows.phenotype,
  metabolizerSpeed: pgxReportRows.metabolizerSpeed,
  activityScore: pgxReportRows.activityScore,
  implication: pgxReportRows.implication,
  recommendation: pgxReportRows.recommendation,
  classification: pgxReportRows.classification,
  cpicLevel: pgxReportRows.cpicLevel,
  levelOfEvidence: pgxReportRows.levelOfEvidence,
  specialtyPopulation: pgxReportRows.specialtyPopulation,
  diseasePhenotype: pgxReportRows.diseasePhenotype,
  guidelineName: pgxReportRows.guidelineName,
  guidelineUrl: pgxReportRows.guidelineUrl,
  pmids: pgxReportRows.pmids,
  note: pgxReportRows.note,
  matched: pgxReportRows.matched,
  coverage: pgxReportRows.coverage,
  source: pgxReportRows.source,
  guidelineUpdatedOn: pgxReportRows.guidelineUpdatedOn,
  levelInferred: pgxReportRows.levelInferred,
  comments: pgxReportRows.comments,
  total: sql<number>`count(*) over ()`.mapWith(Number),
};
export type StoredRow = Awaited<ReturnType<typeof queryRows>>['rows'][number];

/** One page of a report's rows under the filters, in report order, with the total that match. */
export async function queryRows(db: Q, kitId: string, kbVersion: string, filters: RowFilters, page: { limit: number; offset: number }) {
  const rows = await db
    .select(rowColumns)
    .from(pgxReportRows)
    .where(whereOf(kitId, kbVersion, filters))
    .orderBy(asc(pgxReportRows.position))
    .limit(page.limit)
    .offset(page.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.offset > 0) {
    const [n] = await db
      .select({ n: count() })
      .from(pgxReportRows)
      .where(whereOf(kitId, kbVersion, filters));
    total = Number(n?.n ?? 0);
  }
  return { rows, total };
}

/** The values each filter can take in this report. */
export async function facets(db: Q, kitId: string, kbVersion: string) {
  const res = await db.execute(sql`
    select
      coalesce((select array_agg(distinct c order by c) from ${pgxReportRows} r, unnest(r.category) c where r.kit_id = ${kitId} and r.kb_version = ${kbVersion}), '{}') as category,
      coalesce((select array_agg(distinct c order by c) from ${pgxReportRows} r, unnest(r.therapeutic_class) c where r.kit_id = ${kitId} and r.kb_version = ${kbVersion}), '{}') as class,
      coalesce(array_agg(distinct phenotype_category order by phenotype_category) filter (where phenotype_category is not null), '{}') as "phenotypeCategory",
      coalesce(array_agg(distinct specialty_population order by specialty_population) filter (where specialty_population is not null), '{}') as "specialtyPopulation",
      coalesce(array_agg(distinct disease_phenotype order by disease_phenotype) filter (where disease_phenotype is not null), '{}') as "diseasePhenotype",
      bool_or(phenotype_category is null) as "phenotypeCategoryUnstated",
      bool_or(specialty_population is null) as "specialtyPopulationUnstated",
      bool_or(disease_phenotype is null) as "diseasePhenotypeUnstated",
      count(*) filter (where coverage = 'notCovered')::int as "notCoveredRows",
      coalesce((
        select json_agg(p order by p.drug, p.gene)
        from (select distinct generic_name as drug, gene, note as reason from ${pgxReportRows} r
              where r.kit_id = ${kitId} and r.kb_version = ${kbVersion} and r.coverage = 'notCovered') p
      ), '[]') as "notCoveredPairs",
      coalesce(array_agg(distinct source order by source) filter (where source is not null), '{}') as sources
    from ${pgxReportRows}
    where kit_id = ${kitId} and kb_version = ${kbVersion}`);
  const [row] = rowsOf<{
    category: string[];
    class: string[];
    phenotypeCategory: string[];
    specialtyPopulation: string[];
    diseasePhenotype: string[];
    phenotypeCategoryUnstated: boolean | null;
    specialtyPopulationUnstated: boolean | null;
    diseasePhenotypeUnstated: boolean | null;
    notCoveredRows: number;
    /** The drug-gene pairs the knowledge base cannot answer, each with why (a pair whose populations differ in why is listed per reason). */
    notCoveredPairs: Array<{ drug: string; gene: string; reason: string | null }>;
    sources: string[];
  }>(res);
  return row!;
}

/** The disease phenotypes the filtered rows name, with their drugs and genes, and how many rows name none. */
export async function diseases(db: Q, kitId: string, kbVersion: string, custom: CustomFilters) {
  const r = pgxReportRows;
  const rows = await db
    .select({
      diseasePhenotype: r.diseasePhenotype,
      rows: count(),
      drugs: sql<string[]>`array_agg(distinct ${r.genericName} order by ${r.genericName})`,
      genes: sql<string[]>`array_agg(distinct ${r.gene} order by ${r.gene})`,
    })
    .from(r)
    .where(whereOf(kitId, kbVersion, { custom }))
    .groupBy(r.diseasePhenotype)
    .orderBy(asc(r.diseasePhenotype));
  return rows.map((x) => ({ ...x, rows: Number(x.rows) }));
}

export async function brandCounts(db: Q) {
  const rows = await db.select({ market: pgxBrandNames.market, n: count() }).from(pgxBrandNames).groupBy(pgxBrandNames.market);
  return { us: Number(rows.find((r) => r.market === 'US')?.n ?? 0), za: Number(rows.find((r) => r.market === 'ZA')?.n ?? 0) };
}

/** When a brand list was last loaded (or none): what a cached reading of medicines depends on besides the answers. */
export async function brandListStamp(db: Q) {
  const [row] = await db.select({ at: sql<string | null>`max(${pgxBrandNames.loadedAt})::text` }).from(pgxBrandNames);
  return row?.at ?? 'none';
}

/** Every loaded brand name with its generic (both markets): what a patient's written medicine is matched against. */
export async function brandNames(db: Q) {
  const rows = await db.selectDistinct({ brand: pgxBrandNames.brandName, generic: pgxBrandNames.genericName }).from(pgxBrandNames);
  return rows.map((r) => ({ brand: r.brand, generic: r.generic.toLowerCase() }));
}

/** A market's list, replaced as a whole by the one loaded. */
export async function replaceBrandNames(db: Q, market: 'US' | 'ZA', names: Array<{ genericName: string; brandName: string }>, source: string) {
  await db.delete(pgxBrandNames).where(eq(pgxBrandNames.market, market));
  for (let i = 0; i < names.length; i += 500) {
    const batch = names.slice(i, i + 500).map((n) => ({ market, genericName: n.genericName, brandName: n.brandName, source }));
    if (batch.length) await db.insert(pgxBrandNames).values(batch).onConflictDoNothing();
  }
}

/** Fills the US and South African names of report rows (all, or one report's) from the loaded lists. */
export async function applyBrandNames(db: Q, only?: { kitId: string; kbVersion: string }) {
  const scope = only ? sql`and r.kit_id = ${only.kitId} and r.kb_version = ${only.kbVersion}` : sql``;
  await db.execute(sql`
    update ${pgxReportRows} r set
      us_name = (select string_agg(b.brand_name, ', ' order by b.brand_name) from ${pgxBrandNames} b where b.market = 'US' and lower(b.generic_name) = lower(r.generic_name)),
      sa_name = (select string_agg(b.brand_name, ', ' order by b.brand_name) from ${pgxBrandNames} b where b.market = 'ZA' and lower(b.generic_name) = lower(r.generic_name))
    where true ${scope}`);
}

/** Sessions of a practitioner whose report a newer knowledge base would change. */
export async function flaggedSessions(db: Q, practitionerId: string) {
  return db
    .select({ sessionId: sessions.id, kbVersion: pgxReports.kbVersion, changes: pgxReports.changes })
    .from(pgxReports)
    .innerJoin(kits, eq(kits.id, pgxReports.kitId))
    .innerJoin(sessions, eq(sessions.id, kits.sessionId))
    .where(and(eq(pgxReports.status, 'pending'), eq(sessions.practitionerId, practitionerId)));
}

/** The patient's answers to the questionnaire where they list the medicines they take now, if answered. */
export async function medicineAnswers(db: Q, patientId: string) {
  const [row] = await db
    .select({ answers: questionnaireResponses.answers })
    .from(questionnaireResponses)
    .innerJoin(questionnaires, eq(questionnaires.id, questionnaireResponses.questionnaireId))
    .where(and(eq(questionnaireResponses.patientId, patientId), eq(questionnaires.category, CURRENT_MEDICINES.category)))
    .limit(1);
  return (row?.answers ?? null) as Record<string, unknown> | null;
}
