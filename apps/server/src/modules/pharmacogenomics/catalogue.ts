/**
 * PharmCAT's phenotype list (pharmcat/phenotypes.tsv): for each gene its named alleles, CPIC
 * phenotypes and activity scores. It is what an imported call is checked against, and where a
 * gene's reference haplotype comes from.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTsvRecords } from './tsv';

export interface GeneDefinition {
  gene: string;
  namedAlleles: string[];
  /** CPIC phenotypes; empty for genes whose calls carry none (CYP4F2, IFNL3, HLA-A, HLA-B). */
  phenotypes: string[];
  activityScores: string[];
  /** The reference haplotype where the data names one; null otherwise (star alleles, HLA). */
  referenceAllele: string | null;
  /** Mitochondrial: one haplotype, no diplotype. */
  haploid: boolean;
}

export type Catalogue = Map<string, GeneDefinition>;

/**
 * PharmCAT labels the CFTR reference sequence this way in calls, and 'Reference' in its report
 * (gene_calls_examples.tsv). Other genes name their reference allele 'Reference',
 * '… reference (X)' or 'B (reference)'. Star-allele genes do not say which allele is the
 * reference (for CYP2C19 it is *38, not *1), so none is assumed for them.
 */
export const CFTR_REFERENCE = 'ivacaftor non-responsive CFTR sequence';
/** MT-RNR1 sits on the mitochondrial genome: a call is one haplotype. */
const HAPLOID = new Set(['MT-RNR1']);

function referenceOf(gene: string, alleles: string[]): string | null {
  if (gene === 'CFTR' && alleles.includes(CFTR_REFERENCE)) return CFTR_REFERENCE;
  return alleles.find((a) => /(^|\W)reference(\W|$)/i.test(a)) ?? null;
}

export function parseCatalogue(text: string): Catalogue {
  const { header, records } = parseTsvRecords(text);
  for (const col of ['Gene', 'Named Alleles', 'CPIC Phenotypes', 'CPIC Activity Scores']) {
    if (!header.includes(col)) throw new Error(`phenotypes.tsv: the column '${col}' is missing`);
  }
  const split = (v: string | undefined) =>
    (v ?? '')
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean);
  const out: Catalogue = new Map();
  for (const r of records) {
    const gene = r['Gene']!.trim();
    if (!gene) continue;
    const namedAlleles = split(r['Named Alleles']);
    out.set(gene, {
      gene,
      namedAlleles,
      phenotypes: split(r['CPIC Phenotypes']),
      activityScores: split(r['CPIC Activity Scores']),
      referenceAllele: referenceOf(gene, namedAlleles),
      haploid: HAPLOID.has(gene),
    });
  }
  return out;
}

/**
 * apps/server/data/pgx, found by walking up from this file so it resolves the same from the
 * sources (tsx, vitest) and from the esbuild bundle in apps/server/dist.
 */
export function defaultPgxDataDir(): string {
  const start = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = path.dirname(dir)) {
    for (const candidate of [path.join(dir, 'data', 'pgx'), path.join(dir, 'apps', 'server', 'data', 'pgx')]) {
      if (fs.existsSync(path.join(candidate, 'pharmcat', 'phenotypes.tsv'))) return candidate;
    }
    if (path.dirname(dir) === dir) throw new Error('pharmacogenomics: data folder apps/server/data/pgx not found');
  }
}

export const readPgxFile = (relative: string, dataDir = defaultPgxDataDir()) => fs.readFileSync(path.join(dataDir, relative), 'utf8');

let cached: Catalogue | null = null;
export function loadCatalogue(): Catalogue {
  cached ??= parseCatalogue(readPgxFile('pharmcat/phenotypes.tsv'));
  return cached;
}
