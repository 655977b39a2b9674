import type { PgxDiseasesQuery, PgxRowsQuery } from './pgx';
import { PGX_FILTER_MINIMUMS } from './pgx-texts';

/**
 * Pharmacogenomic reports (SPEC §2 Reports screen, §3 pharmaco report columns, §5 filter minimums).
 * Texts and rules shared by the server (which filters) and the portal (which shows the filters).
 * Without zod, so the portal's Reports page reads them without building the schemas (pgx.ts; issue 35).
 */

/** The README's phenotype categories (derived from the data only; otherwise 'not stated'). */
export const PHENOTYPE_CATEGORIES = ['Toxicity', 'Efficacy', 'Dosage', 'Metabolism/PK', 'PD', 'Other'] as const;
export type PhenotypeCategory = (typeof PHENOTYPE_CATEGORIES)[number];

/** CPIC's classification of a recommendation, as the knowledge base gives it. */
export const PGX_CLASSIFICATIONS = ['Strong', 'Moderate', 'Optional', 'No recommendation'] as const;

/**
 * Metabolizer speeds: SPEC §3's four, plus CPIC's ultrarapid and indeterminate where they apply.
 * Transporters (SLCO1B1, ABCG2) take CPIC's function terms instead.
 */
export const METABOLIZER_SPEED_VALUES = ['poor', 'intermediate', 'normal', 'rapid', 'ultrarapid', 'indeterminate'] as const;
export const TRANSPORTER_FUNCTION_VALUES = ['poor function', 'decreased function', 'normal function', 'increased function'] as const;

/** Level of evidence 1-4, 1 highest (SPEC §3, §9; LEVELS_OF_EVIDENCE): the CPIC level of the gene-drug pair. */
const CPIC_LEVEL_TO_EVIDENCE: Record<string, number> = { A: 1, B: 2, C: 3, D: 4 };
export const EVIDENCE_TO_CPIC_LEVEL: Record<number, string> = { 1: 'A', 2: 'B', 3: 'C', 4: 'D' };

/**
 * The portal's levels for a CPIC level: A→1, B→2, C→3, D→4. A split level such as 'A/B' (CPIC
 * gives some pairs two) belongs to both; anything else (none, provisional, unknown) is not graded.
 */
export function evidenceLevelsOf(cpicLevel: string | null | undefined): number[] {
  if (!cpicLevel) return [];
  const parts = cpicLevel
    .trim()
    .toUpperCase()
    .split('/')
    .map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => !(p in CPIC_LEVEL_TO_EVIDENCE))) return [];
  return [...new Set(parts.map((p) => CPIC_LEVEL_TO_EVIDENCE[p]!))].sort();
}

export const CUSTOM_FILTER_KEYS = ['phenotypeCategory', 'specialtyPopulation', 'levelOfEvidence', 'diseasePhenotype'] as const;
export type CustomFilterKey = (typeof CUSTOM_FILTER_KEYS)[number];
export const QUICK_FILTER_KEYS = ['category', 'class', 'name', 'taking', 'notCovered'] as const;
export type QuickFilterKey = (typeof QUICK_FILTER_KEYS)[number];

export interface QuickFilters {
  category: string[];
  class: string[];
  /** A drug (generic or brand) or gene name, matched in part. */
  name: string;
  /** Only the drugs the patient takes now (health questionnaire). */
  taking: boolean;
  /** Only the rows the knowledge base cannot answer (read the guideline): every row is reachable by some filter. */
  notCovered: boolean;
}

export interface CustomFilters {
  phenotypeCategory: string[];
  specialtyPopulation: string[];
  levelOfEvidence: number[];
  diseasePhenotype: string[];
  /** With the level of evidence: only the rows whose level CPIC gives for the pair, none inferred from its recommendation. */
  cpicGradedOnly: boolean;
}

/** How many quick filters are chosen. */
export function quickFilterCount(f: Partial<QuickFilters>): number {
  return (f.category?.length ? 1 : 0) + (f.class?.length ? 1 : 0) + (f.name?.trim() ? 1 : 0) + (f.taking ? 1 : 0) + (f.notCovered ? 1 : 0);
}

/** How many custom filter variables are configured (added and given at least one value). */
export function customFilterCount(f: Partial<CustomFilters>): number {
  return CUSTOM_FILTER_KEYS.filter((k) => (f[k]?.length ?? 0) > 0).length;
}

export const canShowQuickResults = (f: Partial<QuickFilters>) => quickFilterCount(f) >= PGX_FILTER_MINIMUMS.quick;
export const canGenerateResults = (f: Partial<CustomFilters>) => customFilterCount(f) >= PGX_FILTER_MINIMUMS.results;
export const canGenerateDiseases = (f: Partial<CustomFilters>) => customFilterCount(f) >= PGX_FILTER_MINIMUMS.diseases;

export const asList = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export function quickFiltersOf(q: Partial<PgxRowsQuery>): QuickFilters {
  return { category: asList(q.category), class: asList(q.class), name: q.name?.trim() ?? '', taking: q.taking === '1', notCovered: q.notCovered === '1' };
}

export function customFiltersOf(q: Partial<PgxDiseasesQuery>): CustomFilters {
  return {
    phenotypeCategory: asList(q.phenotypeCategory),
    specialtyPopulation: asList(q.specialtyPopulation),
    levelOfEvidence: asList(q.levelOfEvidence).map(Number),
    diseasePhenotype: asList(q.diseasePhenotype),
    cpicGradedOnly: q.cpicGraded === '1',
  };
}
