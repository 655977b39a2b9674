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

export const PGX_MESSAGES = {
  /** SPEC §5, word for word. */
  quickMinimum: 'Please select at least one filter to show the results.',
  resultsMinimum: 'Configure at least 2 filters to generate results.',
  diseasesMinimum: 'Configure at least 3 filters to generate diseases.',
  noRecommendation: 'The knowledge base has no recommendation for this phenotype.',
  noRecommendationText: 'The knowledge base entry for this genotype carries no recommendation text: read the guideline.',
  geneNotCalled: 'This gene was not called for this patient, so no recommendation applies.',
  saNameNote: 'No licensed South African brand-name list is shipped with the portal; the provider can load one.',
  usNameNote: 'No US brand-name list is loaded; the provider can load one.',
  noCalls: 'No pharmacogenomic calls have been imported for this kit yet.',
  noKit: 'This session has no kit yet.',
  noResults: 'No report rows match these filters.',
  disclaimer:
    'Pharmacogenomic recommendations support, and do not replace, clinical judgement. CPIC guidelines are updated from time to time: confirm the current guidance at cpicpgx.org before prescribing.',
} as const;
