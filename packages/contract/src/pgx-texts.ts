/**
 * The pharmaco reports' texts and filter minimums, apart from their schemas (pgx.ts) so the
 * portal's message catalogue can use them without pulling the schemas into its first download.
 */

/** SPEC §5: quick view needs 1 filter; custom filtering needs 2 for results and 3 for diseases. */
export const PGX_FILTER_MINIMUMS = { quick: 1, results: 2, diseases: 3 } as const;

/** A value the data does not state: shown as such and filterable as such, never guessed. */
export const PGX_NOT_STATED = 'not stated';
/** A gene-drug pair without a CPIC level in the knowledge base. */
export const PGX_NOT_GRADED = 'not graded';

type Converter = { medicine: string; strength: string; enzyme: string; kind: 'inhibitor' | 'inducer' };
const effect = (kind: Converter['kind']) => (kind === 'inhibitor' ? 'poorer' : 'faster');
const otherDrugs = (f: Pick<Converter, 'enzyme' | 'kind'>) =>
  `for the report's other ${f.enzyme} drugs the effective phenotype may be ${effect(f.kind)} than the genotype`;

export const PGX_MESSAGES = {
  /** SPEC §5, word for word. */
  quickMinimum: 'Please select at least one filter to show the results.',
  resultsMinimum: 'Configure at least 2 filters to generate results.',
  diseasesMinimum: 'Configure at least 3 filters to generate diseases.',
  /** A drug-gene pair the knowledge base cannot answer for this patient (issue 16: never a blank). */
  notCovered: 'Not covered by the knowledge base — read the guideline',
  /** Why a row is not covered, beside those words. */
  notCoveredWhy: {
    notCalled: 'This gene was not called for this patient, and CPIC’s table has no recommendation for an uncalled gene with this drug.',
    indeterminate: 'The phenotype is indeterminate, and CPIC’s table gives no recommendation for it.',
    noRow: 'CPIC’s table has no row for this phenotype.',
    noRows: 'The knowledge base holds no recommendation rows for this drug.',
    noText: 'CPIC’s row for this genotype carries no recommendation text.',
    levelOnly: (level: string) => `CPIC level ${level}: CPIC writes prescribing recommendations only for level A and B gene-drug pairs.`,
  },
  /** On a row: a medicine the patient takes that inhibits or induces the row's enzyme. */
  phenoconversion: (f: Converter) =>
    `Takes ${f.medicine}, a ${f.strength} ${f.enzyme} ${f.kind}: the effective phenotype may be ${effect(f.kind)} than the genotype (phenoconversion)`,
  /**
   * Said of the patient (the report's medicines, its PDF, Ask AI): which rows the flag concerns. A
   * medicine never flags its own row, so a reader of paroxetine's row is not told to avoid paroxetine.
   */
  phenoconversionOthers: otherDrugs,
  phenoconversionAcross: (f: Converter) => `Takes ${f.medicine}, a ${f.strength} ${f.enzyme} ${f.kind}: ${otherDrugs(f)} (phenoconversion)`,
  /** Beside CPIC's recommendation for activity score 0, for a strong CYP2D6 inhibitor. */
  ifPhenoconverted: 'If phenoconverted (CYP2D6 activity score 0)',
  noPhenoconvertedRow: 'CPIC’s table has no recommendation for this drug at CYP2D6 activity score 0.',
  phenoconversionCaveat:
    'A flag for decision support, not a genotype: the inhibitor list is small and partly secondary-sourced, holds no doses, and an unlisted medicine can still inhibit. Moderate inhibitors and CYP2C19 and CYP2C9 get the flag only.',
  currentlyTaking: 'Currently taking',
  noRecommendationLabel: 'CPIC: no recommendation for this phenotype',
  /** CPIC changed the drug's recommendations after the table a row comes from. */
  guidelineUpdated: (date: string) => `CPIC updated this guideline on ${date}: confirm at cpicpgx.org`,
  /** How the 1-4 levels are read from CPIC's levels (shown beside the level filter and in the PDF). */
  levelsExplained:
    'Level of evidence is the CPIC level of the gene-drug pair: A is 1, B is 2, C is 3, D is 4, and a split level such as A/B counts for both. CPIC writes prescribing recommendations only for level A and B pairs, so a pair with a CPIC recommendation whose level the shipped levels file does not give is shown as A/B (levels 1 and 2). A pair without either is not graded.',
  saNameNote: 'No licensed South African brand-name list is shipped with the portal; the provider can load one.',
  usNameNote: 'No US brand-name list is loaded; the provider can load one.',
  noCalls: 'No pharmacogenomic calls have been imported for this kit yet.',
  noKit: 'This session has no kit yet.',
  noResults: 'No report rows match these filters.',
  disclaimer:
    'Pharmacogenomic recommendations support, and do not replace, clinical judgement. CPIC guidelines are updated from time to time: confirm the current guidance at cpicpgx.org before prescribing.',
} as const;

/** Whether the knowledge base answers a row: CPIC's recommendation, CPIC's 'no recommendation', or not covered. */
export const PGX_COVERAGE = ['recommendation', 'noRecommendation', 'notCovered'] as const;
export type PgxCoverage = (typeof PGX_COVERAGE)[number];

/**
 * CPIC's population codes in plain words (CPIC abbreviates: CVI cardiovascular and NVI
 * neurovascular indications, ACS acute coronary syndrome, PCI percutaneous coronary intervention,
 * PHT phenytoin, CBZ carbamazepine, OXC oxcarbazepine). A code not listed is shown as CPIC writes it.
 */
const POPULATIONS: Record<string, string> = {
  general: 'General',
  adults: 'Adults',
  pediatrics: 'Children',
  'child >40kg_adult': 'Children over 40 kg and adults',
  'CVI ACS PCI': 'Cardiovascular: acute coronary syndrome or PCI',
  'CVI non-ACS non-PCI': 'Cardiovascular: no acute coronary syndrome or PCI',
  NVI: 'Neurovascular indications',
  'PHT naive': 'Not yet taking phenytoin or fosphenytoin',
  'PHT use >3mos': 'Taking phenytoin or fosphenytoin for over 3 months',
  'CBZ naive': 'Not yet taking carbamazepine',
  'CBZ use >3mos': 'Taking carbamazepine for over 3 months',
  'CBZ-no alternatives': 'Carbamazepine with no alternative available',
  'OXC naive': 'Not yet taking oxcarbazepine',
  'OXC use >3 mos': 'Taking oxcarbazepine for over 3 months',
  '<= 1g per day': 'Up to 1 g a day',
};
export const populationLabel = (code: string) => POPULATIONS[code.trim()] ?? code.trim();
