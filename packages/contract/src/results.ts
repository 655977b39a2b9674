import type { ResultLevel } from './enums';

/**
 * Shapes of genetic results as the server's genetics module computes them and the portal shows
 * them (SPEC §3 'Result component'); types only, so they cost the portal's bundle nothing.
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
  strand: 'forward' | 'reverse' | null;
  status: VariantStatus;
}

export interface Reference {
  pmid: string;
  citation: string;
  url: string;
}

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
  /** The patient's mid-P percentile in the reference, 0..100. */
  percentile: number | null;
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
  references: Reference[];
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
