import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, smallint, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { kits } from './schema-commerce';
import { instant } from './columns';

const at = (name: string) => instant(name).notNull().defaultNow();

/**
 * A version of the pharmacogenomics knowledge base: CPIC drugs, levels and recommendation rows as
 * one snapshot. The shipped one is loaded at start; a provider loads newer ones. The latest loaded
 * is the one new reports are built with.
 */
export const pgxKnowledgeBases = pgTable(
  'pgx_knowledge_bases',
  {
    /** 'kb-' and the first 12 hex digits of the content's SHA-256. */
    version: text('version').primaryKey(),
    label: text('label').notNull(),
    source: text('source').notNull(),
    content: jsonb('content').notNull(),
    recommendationCount: integer('recommendation_count').notNull(),
    loadedAt: at('loaded_at'),
  },
  (t) => [index('pgx_knowledge_bases_loaded_idx').on(t.loadedAt.desc()), check('pgx_knowledge_bases_source_check', sql`${t.source} in ('shipped', 'admin')`)],
);

/** A kit's pharmacogene calls as the lab delivered them (PharmCAT calls-only TSV and outside calls). */
export const pgxCallSets = pgTable(
  'pgx_call_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kitId: uuid('kit_id')
      .notNull()
      .references(() => kits.id, { onDelete: 'cascade' }),
    pharmcatVersion: text('pharmcat_version'),
    calls: jsonb('calls').notNull(),
    callsTsv: text('calls_tsv').notNull(),
    outsideCallsTsv: text('outside_calls_tsv'),
    /** Demo data: synthetic calls (PharmCAT's example call sets and variations of them). */
    synthetic: boolean('synthetic').notNull().default(false),
    importedAt: at('imported_at'),
    /**
     * The version of the parsing rules `calls` was read with (calls.ts, CALL_RULES_VERSION): a call
     * set read with older rules is read again from the lab's files at start (docs/decisions/020).
     */
    rulesVersion: integer('rules_version').notNull().default(0),
    /** Why the lab's files no longer pass the current rules; the kit's report is withheld meanwhile. */
    problems: jsonb('problems'),
  },
  (t) => [uniqueIndex('pgx_call_sets_kit_idx').on(t.kitId)],
);

/**
 * A kit's report as built with one knowledge-base version. 'current' is the one the practitioner
 * reads; 'pending' is a build with a newer version that would change it, waiting for the
 * practitioner to take it (the session is flagged meanwhile).
 */
export const pgxReports = pgTable(
  'pgx_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kitId: uuid('kit_id')
      .notNull()
      .references(() => kits.id, { onDelete: 'cascade' }),
    kbVersion: text('kb_version')
      .notNull()
      .references(() => pgxKnowledgeBases.version),
    callSetId: uuid('call_set_id')
      .notNull()
      .references(() => pgxCallSets.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    digest: text('digest').notNull(),
    rowCount: integer('row_count').notNull(),
    /** For a pending report: rows added, removed and changed against the current one. */
    changes: jsonb('changes'),
    builtAt: at('built_at'),
  },
  (t) => [
    // A constraint, not only an index: the rows' foreign key refers to it.
    unique('pgx_reports_kit_kb_unique').on(t.kitId, t.kbVersion),
    uniqueIndex('pgx_reports_kit_current_idx')
      .on(t.kitId)
      .where(sql`${t.status} = 'current'`),
    uniqueIndex('pgx_reports_kit_pending_idx')
      .on(t.kitId)
      .where(sql`${t.status} = 'pending'`),
    check('pgx_reports_status_check', sql`${t.status} in ('current', 'pending')`),
  ],
);

/** The rows of a report, keyed by kit and knowledge-base version, filtered in SQL. */
export const pgxReportRows = pgTable(
  'pgx_report_rows',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kitId: uuid('kit_id').notNull(),
    kbVersion: text('kb_version').notNull(),
    position: integer('position').notNull(),
    category: text('category')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    therapeuticClass: text('therapeutic_class')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    atcCodes: text('atc_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    genericName: text('generic_name').notNull(),
    usName: text('us_name'),
    saName: text('sa_name'),
    gene: text('gene').notNull(),
    phenotypeCategory: text('phenotype_category'),
    variantHaplotype: text('variant_haplotype'),
    sampleGenotype: text('sample_genotype'),
    genotypeAllele: text('genotype_allele'),
    refAllele: text('ref_allele'),
    altAllele: text('alt_allele'),
    phenotype: text('phenotype'),
    metabolizerSpeed: text('metabolizer_speed'),
    activityScore: text('activity_score'),
    implication: text('implication'),
    recommendation: text('recommendation'),
    classification: text('classification'),
    cpicLevel: text('cpic_level'),
    levelOfEvidence: smallint('level_of_evidence')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    specialtyPopulation: text('specialty_population'),
    diseasePhenotype: text('disease_phenotype'),
    guidelineName: text('guideline_name'),
    guidelineUrl: text('guideline_url'),
    pmids: text('pmids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    note: text('note'),
    matched: boolean('matched').notNull(),
    /** 'recommendation', 'noRecommendation' (CPIC says so) or 'notCovered' (the knowledge base cannot answer). */
    coverage: text('coverage').notNull(),
    /** The CPIC table (version) the recommendation comes from. */
    source: text('source'),
    /** CPIC changed the drug's recommendations after that table: the latest such date (ISO). */
    guidelineUpdatedOn: text('guideline_updated_on'),
    /** Level A/B because the pair has a CPIC recommendation (not from the levels file). */
    levelInferred: boolean('level_inferred').notNull().default(false),
    comments: text('comments'),
  },
  (t) => [
    foreignKey({ name: 'pgx_report_rows_report_fk', columns: [t.kitId, t.kbVersion], foreignColumns: [pgxReports.kitId, pgxReports.kbVersion] }).onDelete(
      'cascade',
    ),
    index('pgx_report_rows_report_idx').on(t.kitId, t.kbVersion, t.position),
    check('pgx_report_rows_coverage_check', sql`${t.coverage} in ('recommendation', 'noRecommendation', 'notCovered')`),
  ],
);

/** Brand names the provider loaded (US and South African markets); none is shipped. */
export const pgxBrandNames = pgTable(
  'pgx_brand_names',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    market: text('market').notNull(),
    genericName: text('generic_name').notNull(),
    brandName: text('brand_name').notNull(),
    source: text('source').notNull(),
    loadedAt: at('loaded_at'),
  },
  (t) => [
    uniqueIndex('pgx_brand_names_idx').on(t.market, sql`lower(${t.genericName})`, sql`lower(${t.brandName})`),
    check('pgx_brand_names_market_check', sql`${t.market} in ('US', 'ZA')`),
  ],
);
