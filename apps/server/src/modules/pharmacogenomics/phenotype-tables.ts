/**
 * PharmCAT's own diplotype → phenotype tables (pharmcat/phenotype/GENE.json, PharmCAT 3.1.0, data
 * version 2025-11-05): for 17 genes, every diplotype with the phenotype, activity score and lookup
 * key PharmCAT gives it, and each allele's function and activity value. An imported call is checked
 * against them: its phenotype, activity score and lookup values must be what the table gives for its
 * diplotype (docs/decisions/020). CYP2D6, G6PD and RYR1 have no table here, so their calls cannot be
 * checked this way; HLA genes carry allele statuses, not phenotypes.
 */
import { readPgxFile } from './catalogue';

export interface TableDiplotype {
  /** As the table writes it ('*1/*2', 'Reference/c.1905+1G>A (*2A)', 'm.1555A>G'). */
  diplotype: string;
  phenotype: string;
  /** '2.0', 'n/a', or null for genes CPIC does not score. */
  activityScore: string | null;
  /** What CPIC's recommendations are looked up with: the activity score for scored genes, else the phenotype. */
  lookupKey: string;
}

export interface PhenotypeTable {
  gene: string;
  /** The data version the table states ('2025-11-05-00-25'). */
  version: string;
  /** Allele → function ('No function', 'Decreased function', …). */
  functions: Map<string, string>;
  /** Allele → activity value ('0.5'), for the genes CPIC scores. */
  activityValues: Map<string, string>;
  /** Diplotype key (alleles sorted, see diplotypeKey) → the table's entry. */
  diplotypes: Map<string, TableDiplotype>;
}

/** The genes with a table, by the file names PharmCAT uses (MT_RNR1.json is MT-RNR1). */
export const TABLE_GENES = [
  'ABCG2',
  'CACNA1S',
  'CFTR',
  'CYP2B6',
  'CYP2C19',
  'CYP2C9',
  'CYP3A4',
  'CYP3A5',
  'DPYD',
  'IFNL3',
  'MT-RNR1',
  'NAT2',
  'NUDT15',
  'SLCO1B1',
  'TPMT',
  'UGT1A1',
  'VKORC1',
] as const;

/** One key for a diplotype whichever order its alleles are written in; a haploid call is its one allele. */
export const diplotypeKey = (alleles: Array<string | null>) =>
  alleles
    .filter((a): a is string => a !== null)
    .map((a) => a.trim())
    .sort()
    .join('\u0000');

interface RawTable {
  gene: string;
  version: string;
  haplotypes: Record<string, string>;
  activityValues: Record<string, string>;
  diplotypes: Array<{ diplotype: string; phenotype: string; activityScore: string | null; lookupkey: string; diplotypekey: Record<string, number> }>;
}

function parseTable(raw: RawTable): PhenotypeTable {
  const diplotypes = new Map<string, TableDiplotype>();
  for (const d of raw.diplotypes) {
    // diplotypekey counts each allele ({"*1": 2} is *1/*1): the key is the alleles, each as often as counted.
    const alleles = Object.entries(d.diplotypekey).flatMap(([a, n]) => Array.from({ length: n }, () => a));
    diplotypes.set(diplotypeKey(alleles), { diplotype: d.diplotype, phenotype: d.phenotype, activityScore: d.activityScore, lookupKey: d.lookupkey });
  }
  return {
    gene: raw.gene,
    version: raw.version,
    functions: new Map(Object.entries(raw.haplotypes)),
    activityValues: new Map(Object.entries(raw.activityValues ?? {})),
    diplotypes,
  };
}

let cache: Map<string, PhenotypeTable> | null = null;

/** Every shipped table, read once. */
export function phenotypeTables(): Map<string, PhenotypeTable> {
  if (cache) return cache;
  cache = new Map();
  for (const gene of TABLE_GENES) {
    const raw = JSON.parse(readPgxFile(`pharmcat/phenotype/${gene.replace('-', '_')}.json`)) as RawTable;
    if (raw.gene !== gene) throw new Error(`pharmcat/phenotype: ${gene}'s file names ${raw.gene}`);
    cache.set(gene, parseTable(raw));
  }
  return cache;
}

export const phenotypeTable = (gene: string): PhenotypeTable | undefined => phenotypeTables().get(gene);

/** The table's entry for a diplotype given by its alleles (null: the gene has a table, but not this diplotype). */
export function tableEntry(table: PhenotypeTable, alleles: Array<string | null>): TableDiplotype | null {
  return table.diplotypes.get(diplotypeKey(alleles)) ?? null;
}
