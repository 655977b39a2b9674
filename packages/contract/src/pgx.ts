import { z } from 'zod';
import { zId } from './common';
import { PGX_COVERAGE, PGX_TIERS } from './pgx-texts';

export * from './pgx-filters';

// A query parameter given once arrives as a string, given again as an array.
const zText = z.string().trim().min(1).max(200);
const zMulti = z.union([zText, z.array(zText).max(50)]).optional();
const zLevel = z.string().regex(/^[1-4]$/);

/** Query of the report's rows and printable report: the view and its filters. */
export const PgxRowsQuery = z.strictObject({
  view: z.enum(['1', '2']),
  category: zMulti,
  class: zMulti,
  name: z.string().trim().max(100).optional(),
  /** '1': only the drugs the patient takes now. */
  taking: z.enum(['1']).optional(),
  /** '1': only the rows the knowledge base cannot answer. */
  notCovered: z.enum(['1']).optional(),
  phenotypeCategory: zMulti,
  specialtyPopulation: zMulti,
  levelOfEvidence: z.union([zLevel, z.array(zLevel).max(4)]).optional(),
  /** '1' (with levelOfEvidence): only levels CPIC gives for the pair, none inferred. */
  cpicGraded: z.enum(['1']).optional(),
  diseasePhenotype: zMulti,
  limit: z.coerce.number().int().min(1).max(100).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type PgxRowsQuery = z.infer<typeof PgxRowsQuery>;

export const PgxDiseasesQuery = PgxRowsQuery.omit({
  view: true,
  category: true,
  class: true,
  name: true,
  taking: true,
  notCovered: true,
  limit: true,
  offset: true,
});
export type PgxDiseasesQuery = z.infer<typeof PgxDiseasesQuery>;

/**
 * A medicine the patient takes that inhibits or induces an enzyme (data/pgx/phenoconversion). What a
 * user may be shown as its source (that folder's README): FDA's page of CYP inhibitors, the scheme
 * the rows follow, and whether the row was read from FDA's own words or rests on secondary sources —
 * never the addresses the facts were read at.
 */
export const PgxPhenoconverter = z.object({
  medicine: z.string(),
  enzyme: z.string(),
  strength: z.enum(['strong', 'moderate']),
  kind: z.enum(['inhibitor', 'inducer']),
  /** FDA's page of drugs that interact with CYP enzymes (the classification the rows follow). */
  reference: z.string(),
  /** 'fda': read from FDA's own words; 'secondary': rests on secondary sources, FDA's row not read. */
  basis: z.enum(['fda', 'secondary']),
  /** The class is disputed between sources and unresolved (terbinafine): check it before acting on it. */
  unresolved: z.boolean(),
});
export type PgxPhenoconverter = z.infer<typeof PgxPhenoconverter>;

/** One row of a patient's pharmaco report: SPEC §3's columns and what a practitioner needs beside them. */
export const PgxReportRow = z.object({
  id: z.string(),
  /** Our own labels of the drug's ATC anatomical groups and therapeutic classes. */
  category: z.array(z.string()),
  class: z.array(z.string()),
  atcCodes: z.array(z.string()),
  genericName: z.string(),
  usName: z.string().nullable(),
  saName: z.string().nullable(),
  gene: z.string(),
  phenotypeCategory: z.string().nullable(),
  variantHaplotype: z.string().nullable(),
  sampleGenotype: z.string().nullable(),
  genotypeAllele: z.string().nullable(),
  refAllele: z.string().nullable(),
  altAllele: z.string().nullable(),
  phenotype: z.string().nullable(),
  metabolizerSpeed: z.string().nullable(),
  activityScore: z.string().nullable(),
  implication: z.string().nullable(),
  recommendation: z.string().nullable(),
  classification: z.string().nullable(),
  /** CPIC's level as given ('A', 'A/B'); null is 'not graded'. */
  cpicLevel: z.string().nullable(),
  /** The portal's 1-4 levels of that CPIC level; empty is 'not graded'. */
  levelOfEvidence: z.array(z.number().int()),
  specialtyPopulation: z.string().nullable(),
  diseasePhenotype: z.string().nullable(),
  guidelineName: z.string().nullable(),
  guidelineUrl: z.string().nullable(),
  pmids: z.array(z.string()),
  /** Why a row has no recommendation, when it has none. */
  note: z.string().nullable(),
  /** CPIC's recommendation, CPIC's 'no recommendation', or not covered by the knowledge base (read the guideline). */
  coverage: z.enum(PGX_COVERAGE),
  /** The kind of advice CPIC's text gives (the drug verdict's tier rule, docs/decisions/021): shown beside the text, never instead. */
  tier: z.enum(PGX_TIERS),
  /** The CPIC table (version) the recommendation comes from. */
  source: z.string().nullable(),
  /** CPIC changed this drug's recommendations after that table, on this date (ISO): confirm at cpicpgx.org. */
  guidelineUpdatedOn: z.string().nullable(),
  /** The level is A/B because CPIC recommends for the pair (CPIC writes recommendations only for A and B pairs). */
  levelInferred: z.boolean(),
  /** CPIC's comments on the recommendation. */
  comments: z.string().nullable(),
  /** The patient takes this drug now (health questionnaire). */
  taking: z.boolean(),
  /** The patient's medicines that inhibit or induce this row's enzyme: the effective phenotype may differ from the genotype. */
  phenoconversion: z.array(PgxPhenoconverter),
  /** For a strong CYP2D6 inhibitor: CPIC's recommendation for activity score 0, what applies if phenoconverted. */
  ifPhenoconverted: z
    .object({
      activityScore: z.string(),
      phenotype: z.string().nullable(),
      recommendation: z.string(),
      classification: z.string().nullable(),
      implication: z.string().nullable(),
      source: z.string().nullable(),
    })
    .nullable(),
});
export type PgxReportRow = z.infer<typeof PgxReportRow>;

/** A gene and its result that a reading rests on. */
export const PgxVerdictGene = z.object({ gene: z.string(), phenotype: z.string().nullable(), activityScore: z.string().nullable() });

/**
 * One CPIC reading of a drug for one population: the tier of its advice beside CPIC's whole text and
 * classification (never replaced by the tier), every gene and phenotype it rests on, the
 * alternatives CPIC's text names, and where it comes from.
 */
export const PgxVerdictReading = z.object({
  /** CPIC's population in plain words; null where CPIC gives one for everyone. */
  population: z.string().nullable(),
  tier: z.enum(PGX_TIERS),
  genes: z.array(PgxVerdictGene),
  /** CPIC's recommendation, whole (its 'Other Considerations' included); null when not covered. */
  recommendation: z.string().nullable(),
  classification: z.string().nullable(),
  /** CPIC's implications, per gene ('CYP2C19: …'). */
  implications: z.array(z.string()),
  /** Drugs CPIC's text names to use instead (prasugrel, ticagrelor), in its words' order. */
  alternatives: z.array(z.string()),
  /** The table the recommendation comes from, with its date; CPIC's later change to the drug, if any (ISO). */
  source: z.string().nullable(),
  guidelineUpdatedOn: z.string().nullable(),
  guidelineName: z.string().nullable(),
  guidelineUrl: z.string().nullable(),
  cpicLevel: z.string().nullable(),
  levelInferred: z.boolean(),
  /** Why the knowledge base cannot answer (tier notCovered). */
  note: z.string().nullable(),
});
export type PgxVerdictReading = z.infer<typeof PgxVerdictReading>;

/**
 * One drug as a prescriber reads it, computed once on the server from the report's rows and the
 * patient's current medicines (docs/decisions/021): the Overview, the report, its PDF, Ask AI and the
 * FHIR export all render these and derive nothing of their own.
 */
export const PgxVerdict = z.object({
  drug: z.string(),
  /** The most severe tier of its readings (a not-covered gene beside a covered reading does not count). */
  tier: z.enum(PGX_TIERS),
  /** The patient takes it now (current medicines, not stopped). */
  taking: z.boolean(),
  category: z.array(z.string()),
  class: z.array(z.string()),
  readings: z.array(PgxVerdictReading),
  /** Genes the drug's guideline names that could not be read for it ('HLA-A not tested: …'), beside covered readings. */
  untested: z.array(z.string()),
  /** A current medicine inhibits or induces an enzyme this drug's readings rest on. */
  phenoconversion: z
    .object({
      converters: z.array(PgxPhenoconverter),
      /** What CPIC advises if the effective phenotype were the inhibited one (strong CYP2D6 inhibitor: activity score 0); null: a flag only. */
      reading: PgxVerdictReading.nullable(),
      text: z.string(),
    })
    .nullable(),
  /** What the result means beyond this prescription (MT-RNR1: maternal relatives; HLA: a lifelong result). */
  heritable: z.array(z.string()),
});
export type PgxVerdict = z.infer<typeof PgxVerdict>;

/** The report read as a prescriber reads it: every drug's verdict and the patient's medicines as matched. */
export const PgxReading = z.object({
  sessionId: zId,
  synthetic: z.boolean(),
  knowledgeBase: z.object({ version: z.string(), label: z.string() }),
  builtAt: z.string(),
  /** Every drug of the report, most severe first; within a tier, the medicines the patient takes first. */
  verdicts: z.array(PgxVerdict),
  medicines: z.object({
    /** The questionnaire lists the patient's medicines. */
    answered: z.boolean(),
    /** Report drugs the patient takes now. */
    taking: z.array(z.string()),
    /** Medicines the patient says they stopped: not counted as taken. */
    stopped: z.array(z.string()),
    /** What the patient wrote that matches no drug the knowledge base or the inhibitor list knows: not checked against the genotype. */
    notRecognised: z.array(z.string()),
    phenoconverters: z.array(PgxPhenoconverter),
  }),
  /** Genes not called, and calls not cross-checked against PharmCAT's tables. */
  notTested: z.array(z.string()),
  notCrossChecked: z.array(z.string()),
});
export type PgxReading = z.infer<typeof PgxReading>;

export const PgxGeneCall = z.object({
  gene: z.string(),
  source: z.enum(['MATCHER', 'OUTSIDE', 'NONE']),
  diplotype: z.string(),
  phenotype: z.string(),
  activityScore: z.string(),
  metabolizerSpeed: z.string().nullable(),
  /** How the call was checked against PharmCAT's phenotype tables (PGX_MESSAGES.callChecks); null where there is nothing to check. */
  check: z.enum(['table', 'noTable', 'noDiplotype', 'nomenclature']).nullable(),
  /** Why the gene has no usable call (PharmCAT's 'no call', an ambiguous diplotype). */
  note: z.string().nullable(),
});
export type PgxGeneCall = z.infer<typeof PgxGeneCall>;

/** What the knowledge base cannot answer for this patient: the rows, and each drug-gene pair with its reason. */
export const PgxNotCovered = z.object({
  rows: z.number().int(),
  pairs: z.array(z.object({ drug: z.string(), gene: z.string(), reason: z.string().nullable() })),
});
export type PgxNotCovered = z.infer<typeof PgxNotCovered>;

export const PgxKnowledgeBaseRef = z.object({ version: z.string(), label: z.string(), loadedAt: z.string() });

/** What the Reports page needs before any filter: the report's state and the values each filter offers. */
export const PgxReportSummary = z.object({
  sessionId: zId,
  kit: z.object({ id: zId, sampleLabel: z.string() }).nullable(),
  synthetic: z.boolean(),
  report: z
    .object({
      builtAt: z.string(),
      rowCount: z.number().int(),
      knowledgeBase: PgxKnowledgeBaseRef,
      pharmcatVersion: z.string().nullable(),
      genes: z.array(PgxGeneCall),
      /** Rows the knowledge base cannot answer (read the guideline): how many, and each drug-gene pair with why. */
      notCovered: PgxNotCovered,
      /** The CPIC tables the report's recommendations come from. */
      sources: z.array(z.string()),
    })
    .nullable(),
  /**
   * The lab's calls for this kit no longer pass the portal's checks (read again under newer rules):
   * why, line by line. The report is withheld until the lab sends corrected calls.
   */
  withheld: z.array(z.string()).nullable(),
  /** The medicines the patient takes now (health questionnaire) as the report reads them. */
  medicines: z.object({
    /** The questionnaire lists the patient's medicines. */
    answered: z.boolean(),
    /** Drugs of the report the patient takes. */
    taking: z.array(z.string()),
    phenoconverters: z.array(PgxPhenoconverter),
  }),
  /** A newer knowledge base would change this report: the practitioner decides when to update. */
  update: z.object({ knowledgeBase: PgxKnowledgeBaseRef, added: z.number().int(), removed: z.number().int(), changed: z.number().int() }).nullable(),
  brandNames: z.object({ us: z.number().int(), za: z.number().int() }),
  facets: z.object({
    category: z.array(z.string()),
    class: z.array(z.string()),
    phenotypeCategory: z.array(z.string()),
    specialtyPopulation: z.array(z.string()),
    diseasePhenotype: z.array(z.string()),
    levelOfEvidence: z.array(z.number().int()),
  }),
});
export type PgxReportSummary = z.infer<typeof PgxReportSummary>;

export const PgxDisease = z.object({
  diseasePhenotype: z.string(),
  rows: z.number().int(),
  drugs: z.array(z.string()),
  genes: z.array(z.string()),
});
export const PgxDiseases = z.object({ results: z.array(PgxDisease), notStated: z.number().int() });
export type PgxDiseases = z.infer<typeof PgxDiseases>;
