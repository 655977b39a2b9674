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
/** The tiers in a sentence ('CPIC's advice is: avoid, or use an alternative'). */
const TIER_WORDS: Record<string, string> = {
  avoid: 'avoid, or use an alternative',
  adjust: 'change the dose, monitor, or take CPIC’s precaution',
  usual: 'use as usual',
  noAdvice: 'no advice for that result',
  notCovered: 'not covered',
};
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
    /** A gene a multi-gene recommendation needs that was not tested: never shown as that gene's result. */
    notTested: (gene: string, alleles: readonly string[]) =>
      alleles.length ? `${gene} not tested: ${alleles.map((a) => `${gene}${a}`).join(', ')} status unknown.` : `${gene} not tested: its result is unknown.`,
    indeterminate: 'The phenotype is indeterminate, and CPIC’s table gives no recommendation for it.',
    /** A blank, n/a or absent activity score for a gene CPIC looks up by score: never read as 0. */
    noScore: (gene: string) => `No activity score was reported for ${gene}, and CPIC looks ${gene} up by activity score.`,
    noPhenotype: (gene: string) => `No phenotype was reported for ${gene}.`,
    /** An HLA call that gives some allele statuses but not the one this drug's recommendation needs. */
    statusUnknown: (gene: string, allele: string) => `${gene}${allele} status not reported.`,
    noRow: 'CPIC’s table has no row for this phenotype.',
    noRows: 'The knowledge base holds no recommendation rows for this drug.',
    /** CPIC created or changed the drug's recommendations after the newest complete table the portal holds. */
    predates: (tableDate: string, drug: string, guidelineDate: string) =>
      `The portal’s CPIC table (${tableDate}) predates CPIC’s guideline for ${drug} (${guidelineDate}): read it.`,
    /** CPIC's guidance for the drug is not a table lookup (warfarin: a dosing algorithm). */
    algorithm: (drug: string) =>
      `CPIC gives a dosing algorithm for ${drug}, not a table the portal can look up: read the guideline and its recommendation diagram.`,
    noText: 'CPIC’s row for this genotype carries no recommendation text.',
    levelOnly: (level: string) => `CPIC level ${level}: CPIC writes prescribing recommendations only for level A and B gene-drug pairs.`,
  },
  /** Why an imported gene has no call a lookup can use (shown beside the gene and as the rows' reason). */
  callNotes: {
    noCall: 'PharmCAT reported no call for this gene.',
    ambiguous: (written: string) => `PharmCAT could not tell which of these diplotypes the sample carries: ${written}.`,
    noLookup: (written: string) => `PharmCAT listed the variants ${written} but gave no diplotype to look recommendations up with.`,
  },
  /** Beside a gene whose call could not be checked against PharmCAT's diplotype-to-phenotype table. */
  callChecks: {
    table: 'Phenotype and activity score checked against PharmCAT’s table for the diplotype.',
    noTable: 'Not cross-checked: the portal has no PharmCAT phenotype table for this gene, so the lab’s phenotype is shown as given.',
    noDiplotype: 'Not cross-checked: the lab gave a phenotype or activity score without a diplotype.',
    nomenclature: 'Allele statuses read from the HLA allele names (any resolution counts as its two-field allele).',
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
  /**
   * A drug's phenoconversion in one sentence: which current medicines inhibit or induce the enzyme it
   * rests on, and (strong CYP2D6 inhibitor) the tier of CPIC's advice at activity score 0.
   */
  phenoconversionVerdict: (converters: ReadonlyArray<Converter>, convertedTier: string | null) => {
    const who = converters.map((c) => `${c.medicine}, a ${c.strength} ${c.enzyme} ${c.kind}`).join('; ');
    const effect = converters.every((c) => c.kind === 'inducer') ? 'faster' : 'poorer';
    const ifConverted = convertedTier ? `; if phenoconverted (CYP2D6 activity score 0), CPIC’s advice is: ${TIER_WORDS[convertedTier] ?? convertedTier}` : '';
    return `Takes ${who}: the effective phenotype may be ${effect} than the genotype (phenoconversion)${ifConverted}.`;
  },
  /** Where an inhibitor flag comes from, as a user may be shown it (phenoconversion/README.md). */
  converterBasis: {
    fda: 'FDA class, read from FDA’s own words',
    secondary: 'FDA class as secondary sources give it (FDA’s own row not read)',
    unresolved: 'Sources disagree on its class (unresolved): check it before acting on it',
  },
  /** What a result means beyond this prescription. */
  heritable: {
    mtRnr1:
      'MT-RNR1 is mitochondrial: the variant passes from a mother to all her children. The patient’s mother, siblings and maternal relatives may carry it and share the risk of aminoglycoside-induced hearing loss; worth telling them.',
    hla: (allele: string) => `${allele} positive is a lifelong result: record it in the patient’s record (alerts) so it is seen at every future prescription.`,
  },
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
  withheld:
    'The report is withheld: the lab’s calls for this kit do not pass the portal’s checks, so no recommendation is shown from them. Ask the lab to send corrected calls.',
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

/**
 * The drug-gene pairs a report cannot answer, grouped by why ('CYP2D6 not tested: its result is
 * unknown.' → codeine, tramadol, …), so the report header, its PDF and Ask AI list the same gaps.
 */
export function notCoveredByReason(pairs: ReadonlyArray<{ drug: string; gene: string; reason: string | null }>): Array<{ reason: string; drugs: string[] }> {
  const groups = new Map<string, Set<string>>();
  for (const p of pairs) {
    const reason = p.reason ?? PGX_MESSAGES.notCovered;
    // A reason that names its gene needs no gene beside each drug.
    const label = reason.includes(p.gene) ? p.drug : `${p.drug} (${p.gene})`;
    groups.set(reason, (groups.get(reason) ?? new Set()).add(label));
  }
  return [...groups.entries()]
    .map(([reason, drugs]) => ({ reason, drugs: [...drugs].sort() }))
    .sort((a, b) => b.drugs.length - a.drugs.length || a.reason.localeCompare(b.reason));
}

/**
 * The kinds of advice a drug verdict sorts by, most severe first (docs/decisions/021): what CPIC's
 * text asks for, read from its own words. Shown beside CPIC's text and classification, never instead.
 */
export const PGX_TIERS = ['avoid', 'adjust', 'usual', 'noAdvice', 'notCovered'] as const;
export type PgxTier = (typeof PGX_TIERS)[number];
export const PGX_TIER_LABELS: Record<PgxTier, string> = {
  avoid: 'Avoid, or use an alternative',
  adjust: 'Change the dose, monitor, or take CPIC’s precaution',
  usual: 'Use as usual per CPIC',
  noAdvice: 'CPIC has no advice for this result',
  notCovered: 'Not tested or not covered',
};

/** The genes whose result is a list of allele statuses, not a phenotype ('*57:01 positive;*58:01 negative'). */
export const PGX_HLA_GENES: ReadonlySet<string> = new Set(['HLA-A', 'HLA-B']);

/**
 * A gene's result in words, one way everywhere: 'CYP2D6 Intermediate Metabolizer (activity score 1.0)',
 * 'HLA-B*58:01 positive, HLA-B*57:01 negative' (each status with its gene, as HLA alleles are written).
 */
export function pgxGeneResult(g: { gene: string; phenotype: string | null; activityScore?: string | null }): string {
  if (!g.phenotype) return `${g.gene} result`;
  if (PGX_HLA_GENES.has(g.gene))
    return (
      g.phenotype
        .split(';')
        .map((x) => x.trim())
        .filter(Boolean)
        // A risk allele found is what a reader must not miss: positives first, in the lab's order otherwise.
        .sort((a, b) => Number(/positive/i.test(b)) - Number(/positive/i.test(a)))
        .map((x) => `${g.gene}${x}`)
        .join(', ')
    );
  const score = g.activityScore && !/activity score/i.test(g.phenotype) ? ` (activity score ${g.activityScore})` : '';
  return `${g.gene} ${g.phenotype}${score}`;
}

/** Sources of the knowledge base, with the attribution their licences ask for. */
export const PGX_ATTRIBUTION = {
  cpic: {
    name: 'Clinical Pharmacogenetics Implementation Consortium (CPIC®)',
    licence: 'CC0 1.0 Universal (public domain dedication)',
    release:
      'CPIC data release 1.56.0 (2026-04-30), github.com/cpicpgx/cpic-data commit 459e3ebdccdccbe515a71dacf038ec532d1bc68d (drugs, levels, change log); the whole recommendation table of CPIC v1.30.0 as PharmCAT shipped it (PharmCAT commit c115ed25, 2023-08-14); CPIC recommendation rows of 2025-11-05 as PharmCAT 3.1.0 reports them for its two examples',
    primarySource: 'https://www.clinpgx.org',
    guidelinesUrl: 'https://cpicpgx.org/guidelines/',
    publicationsUrl: 'https://www.clinpgx.org/publications?cat=CPIC&cat=guideline',
    note: 'CPIC guidelines and content are subject to updates and modifications: refer to cpicpgx.org to confirm you are reading the most current content. CPIC does not endorse this portal, and the CPIC logo is not used here.',
  },
  pharmcat: {
    name: 'PharmCAT (Pharmacogenomics Clinical Annotation Tool)',
    licence: 'Mozilla Public License 2.0',
    release: 'PharmCAT v3.1.0 (data version 2025-11-05), github.com/PharmGKB/PharmCAT commit 5431bf1187e50383df7e7db18ef67b36fc8b562e',
    sourceUrl: 'https://github.com/PharmGKB/PharmCAT',
    licenceUrl: 'https://www.mozilla.org/en-US/MPL/2.0/',
    note: "The portal reads PharmCAT's calls-only output. It ships PharmCAT's phenotype list, its diplotype-to-phenotype tables for 17 genes, CPIC's recommendation table as PharmCAT shipped it in August 2023, its example call sets and tables derived from its example reports under the MPL-2.0, with the licence file; demo variations of an example call set are marked as modified.",
  },
} as const;
