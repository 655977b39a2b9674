import type { ResultLevel } from '@portal/contract';

/**
 * Shapes of the patient-data calls the contract leaves as records (results, components,
 * questionnaires); they mirror apps/server's genetics module (ResultComponent, GenotypeRow).
 */
export interface ResultRef {
  id: string;
  title: string;
  computedAt: string;
}

export interface Reference {
  pmid: string;
  citation: string;
  url: string;
}

export type VariantStatus = 'called' | 'no-call' | 'ambiguous' | 'allele-mismatch';

/** One row of the genotype table. */
export interface GenotypeRow {
  rsid: string;
  gene: string | null;
  effectsAndAlleles: string;
  effectAllele: string;
  otherAllele: string | null;
  genotype: string | null;
  effectWeight: number;
  dosage: number | null;
  ploidy: 1 | 2 | null;
  strand: 'forward' | 'reverse' | null;
  status: VariantStatus;
}

export type NotProcessedReason = 'no-established-snps' | 'insufficient-calls' | 'no-reference-frequencies';

/** SPEC §3 'Result component'. Score fields are null when the component is NOT_PROCESSED. */
export interface ResultComponent {
  componentID: string;
  title: string;
  description: string;
  score: number | null;
  averageScore: number | null;
  scoreCategory: 'average' | 'decreased' | 'increased' | null;
  scoreDescription: string;
  scoreMood: 'red' | 'yellow' | 'green';
  mean: number | null;
  median: number | null;
  minValue: number | null;
  maxValue: number | null;
  percentile: number | null;
  percentile25th: number | null;
  percentile75th: number | null;
  numberOfSnps: number;
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

/** The swab component grouping minerals (SPEC's fixed order) and vitamins. */
export interface SwabResult {
  title: string;
  minerals: ResultComponent[];
  vitamins: ResultComponent[];
  synthetic: boolean;
  engineVersion: string;
}

export interface ResultDetail extends ResultRef {
  engineVersion: string;
  data: { swab?: SwabResult };
}

export interface ComponentResponse {
  resultID: string;
  computedAt: string;
  component: ResultComponent;
}

export interface Question {
  id: string;
  text: string;
  type: string;
  options?: string[];
}

export type Answer = string | string[];

export interface Questionnaire {
  id: number;
  category: string;
  description: string;
  createdAt: string;
  updatedAt: string;
  questions: Question[];
  answers: Record<string, Answer>;
  completedAt: string | null;
}

export interface Page<T> {
  results: T[];
  count: number;
  limit: number;
  offset: number;
}
