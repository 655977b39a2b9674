import type { ResultLevel } from './enums';

/**
 * Shapes of genetic results as the server's genetics module computes them and the portal shows
 * them (SPEC §3 'Result component'); types and one constant, so they cost the portal's bundle next to nothing.
 */

/** Why a variant did or did not contribute to the score. Only 'called' counts towards the 75% rule. */
export type VariantStatus = 'called' | 'no-call' | 'ambiguous' | 'allele-mismatch';

/** One row of the portal's genotype table (headers: Effects & Alleles, Genotype, Effect Allele, Effect Weight). */
export interface GenotypeRow {
  rsid: string;
  gene: string | null;
  /** e.g. "CASR rs1801725: T/G (T raises)"; '?' stands for an other allele the source did not give. */
  effectsAndAlleles: string;
  effectAllele: string;
  otherAllele: string | null;
  /** The patient's genotype as written in the raw file, or null when the rsID is absent. */
  genotype: string | null;
  effectWeight: number;
  dosage: number | null;
  ploidy: 1 | 2 | null;
  /**
   * The strand the genotype was read on: 'forward' or 'reverse' (complemented) where it fits only
   * that one, 'either' where it fits both with the same count of the effect allele (results
   * computed before engine 1.1.0 never say 'either'); null unless called.
   */
  strand: 'forward' | 'reverse' | 'either' | null;
  status: VariantStatus;
}

/** What a reference contributes to the score. */
export type ReferenceBasis = 'snps' | 'reference-population' | 'snps-and-reference-population';

/** A paper the score rests on: the source of its SNPs and weights, or of its reference population. */
export interface Reference {
  pmid: string;
  citation: string;
  url: string;
  /** Absent in results computed before engine 1.1.0, whose lists mixed in further reading. */
  basis?: ReferenceBasis;
}

/** A paper about the component that the score does not use, and why. */
export interface FurtherReading {
  pmid: string;
  citation: string;
  url: string;
  reason: string;
}

/**
 * Where the patient's score is shared by at least this percentage of the reference group, the
 * portal shows the range of percentiles the score covers beside the percentile.
 */
export const SHARED_SCORE_SHOWN_FROM = 5;

/** Why a component was not processed; null when it was. */
export type NotProcessedReason = 'no-established-snps' | 'insufficient-calls' | 'no-reference-frequencies';

/** One result component with SPEC §3's fields (id, createdAt and updatedAt belong to storage). */
export interface ResultComponent {
  componentID: string;
  title: string;
  description: string;
  score: number | null;
  /** The reference mean, as SPEC shows both averageScore and mean. */
  averageScore: number | null;
  scoreCategory: 'average' | 'decreased' | 'increased' | null;
  /** The level's label (Decreased/Average/Increased) or the locked message. */
  scoreDescription: string;
  /** Display colour per SPEC: low red, high green, anything else (including not processed) yellow. */
  scoreMood: 'red' | 'yellow' | 'green';
  mean: number | null;
  median: number | null;
  minValue: number | null;
  maxValue: number | null;
  /**
   * The patient's percentile, 0..100: the percentage of the reference group with a lower score
   * plus half the percentage with the same score (mid-rank), so percentile = shareLower +
   * shareSame / 2. The category follows it: below 20 decreased, above 80 increased.
   */
  percentile: number | null;
  /** Percentage of the reference group with a lower score than the patient (absent before engine 1.1.0). */
  shareLower?: number | null;
  /** Percentage of the reference group with the same score as the patient (absent before engine 1.1.0). */
  shareSame?: number | null;
  /** Score values at the reference's 25th and 75th percentiles (score units). */
  percentile25th: number | null;
  percentile75th: number | null;
  /** SNPs called in this sample and used in the score. */
  numberOfSnps: number;
  /** SNPs in the component's scoring file (the denominator of the 75% rule). */
  totalSnps: number;
  genes: string[];
  signs: string[];
  recommendation: string;
  /** The papers of the SNPs the score uses and the source of its reference population. */
  references: Reference[];
  /** Other papers about the component, outside the score (absent before engine 1.1.0). */
  furtherReading?: FurtherReading[];
  letsGetTechnical: string;
  riskLevel: ResultLevel;
  notProcessedReason: NotProcessedReason | null;
  genotypes: GenotypeRow[];
  referencePopulation: string | null;
  ancestryCaveat: string;
}

/** The whole result: the swab component grouping minerals (SPEC order) and vitamins. */
export interface SwabResult {
  title: string;
  minerals: ResultComponent[];
  vitamins: ResultComponent[];
  /** True when the raw file says it is synthetic demo data; the portal must label it so. */
  synthetic: boolean;
  engineVersion: string;
}

/**
 * The category cut-off (the 20th or 80th percentile) that a shared score's percentiles straddle, or
 * null: people with this very score fall on both sides of it, so the score's colour is uncertain.
 * One rule for the recommendation's text, the results grid, the component page and the Overview.
 */
export function cutOffStraddled(c: { shareLower?: number | null; shareSame?: number | null }): 20 | 80 | null {
  if (c.shareLower == null || c.shareSame == null || c.shareSame < SHARED_SCORE_SHOWN_FROM) return null;
  const to = c.shareLower + c.shareSame;
  return c.shareLower < 20 && to > 20 ? 20 : c.shareLower < 80 && to > 80 ? 80 : null;
}

/** What the Overview, the grid and the component page say beside such a score's colour. */
export const categoryCaveat = (cut: 20 | 80) =>
  `Near the ${cut}th-percentile cut-off: people with this very score fall on both sides of it, so the category is uncertain. The reference group is of European ancestry.`;
