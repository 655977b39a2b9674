/**
 * Reproducible synthetic consumer raw genotype files for demos and tests. No real raw file could
 * be shipped under a permissive licence (README), so genotypes are sampled from the panel's
 * European allele frequencies, and every file says it is synthetic.
 */
import { loadGeneticsData, type Confidence, type GeneticsData, type PanelRow } from './panel';
import { complement } from './scoring';

/** Options for generateSyntheticGenotypeFile; every fraction is 0..1 and applies per panel SNP. */
export interface SyntheticOptions {
  /** Panel and scores to sample from (default: the shipped data folder). */
  data?: GeneticsData;
  /** Share of panel SNPs left out of the file, to exercise the 75% rule. */
  dropFraction?: number;
  /** Share of panel SNPs written on the reverse strand (complemented), to exercise strand matching. */
  reverseStrandFraction?: number;
  /** Share of panel SNPs written as the no-call '--'. */
  noCallFraction?: number;
  /** 'male' writes X-chromosome SNPs as one (haploid) allele, as vendors do. */
  sex?: 'female' | 'male';
  /** How many unrelated filler probes to add (about 1 in 10 a no-call). */
  fillerLines?: number;
  /** Column separator: tab (23andMe) or comma. */
  delimiter?: '\t' | ',';
}

/** The header line every synthetic file starts with; parseRawGenotypes flags such files. */
export const SYNTHETIC_MARKER = '# SYNTHETIC DEMO DATA - not a real person';

/** 32-bit string hash (murmur-style mixing), to turn a seed string into a PRNG state. */
export function hashString(s: string): number {
  let h = 1779033703 ^ s.length;
  for (let i = 0; i < s.length; i++) {
    h = Math.imul(h ^ s.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^ (h >>> 16)) >>> 0;
}

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1); plenty for demo data, not for crypto. */
export function mulberry32(state: number): () => number {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Stand-in for an other allele the panel does not give: the transition partner (A<->G, C<->T),
// the commonest kind of SNP and never the complement, so the synthetic SNP is never palindromic.
// Only synthetic files use it; the scorer still treats the other allele as unknown.
const TRANSITION: Record<string, string> = { A: 'G', G: 'A', C: 'T', T: 'C' };
const RANK: Record<Confidence, number> = { high: 3, medium: 2, low: 1, not_scored: 0 };
const CHROMOSOMES = [...Array.from({ length: 22 }, (_, i) => String(i + 1)), 'X', 'Y', 'MT'];

/**
 * A consumer-format raw file for one synthetic person: each panel SNP's genotype is drawn from
 * its eaf_eur under Hardy-Weinberg (SNPs without a frequency or effect allele are written as
 * no-calls rather than invented). Each SNP draws from its own stream (seed + rsID), so options
 * such as dropFraction never change the other SNPs' genotypes. Same seed and options, same bytes.
 */
export function generateSyntheticGenotypeFile(seed: string, opts: SyntheticOptions = {}): string {
  const data = opts.data ?? loadGeneticsData();
  const sep = opts.delimiter ?? '\t';
  const lines: Array<{ chr: string; pos: number; text: string }> = [];
  for (const row of uniqueSnps(data.panel)) {
    const rand = mulberry32(hashString(`${seed}:${row.rsid}`));
    const [uGenotype, uSecond, uDrop, uReverse, uNoCall] = [rand(), rand(), rand(), rand(), rand()];
    if (uDrop < (opts.dropFraction ?? 0)) continue;
    let genotype = '--';
    const p = row.eafEur;
    if (p !== null && row.effectAllele && uNoCall >= (opts.noCallFraction ?? 0)) {
      const other = row.otherAllele ?? TRANSITION[row.effectAllele] ?? 'N';
      const haploid = opts.sex === 'male' && row.chr === 'X';
      let alleles = haploid ? [uGenotype < p ? row.effectAllele : other] : [uGenotype < p ? row.effectAllele : other, uSecond < p ? row.effectAllele : other];
      if (uReverse < (opts.reverseStrandFraction ?? 0)) alleles = alleles.map(complement);
      genotype = alleles.sort().join('');
    }
    lines.push({ chr: row.chr || '0', pos: row.posGrch38 ?? 0, text: [row.rsid, row.chr || '0', row.posGrch38 ?? 0, genotype].join(sep) });
  }
  const filler = mulberry32(hashString(`${seed}:filler`));
  const fillerGenotypes = ['AA', 'AG', 'GG', 'CC', 'CT', 'TT', 'AC', 'GT'];
  for (let i = 0; i < (opts.fillerLines ?? 40); i++) {
    const chr = CHROMOSOMES[Math.floor(filler() * 22)]!;
    const pos = 1 + Math.floor(filler() * 150_000_000);
    const genotype = filler() < 0.1 ? '--' : fillerGenotypes[Math.floor(filler() * fillerGenotypes.length)]!;
    // 'i' ids are vendor-internal probe names, so filler can never collide with a panel rsID.
    lines.push({ chr, pos, text: [`i${7_000_000 + i}`, chr, pos, genotype].join(sep) });
  }
  const order = (chr: string) => {
    const i = CHROMOSOMES.indexOf(chr);
    return i < 0 ? CHROMOSOMES.length : i;
  };
  lines.sort((a, b) => order(a.chr) - order(b.chr) || a.pos - b.pos || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  return [
    SYNTHETIC_MARKER,
    `# Generated by the portal's genetics module (synthetic.ts) from seed ${JSON.stringify(seed).replace(/[\r\n]/g, ' ')}.`,
    '# Genotypes are sampled from the European discovery-cohort allele frequencies in panel.tsv (Hardy-Weinberg).',
    '# Positions are GRCh38 where the panel gives one, otherwise 0; the portal matches by rsid.',
    `# rsid${sep}chromosome${sep}position${sep}genotype`,
    ...lines.map((l) => l.text),
    '',
  ].join('\n');
}

/** One row per rsID, preferring the scored (higher-confidence) row where a SNP serves two components. */
function uniqueSnps(panel: readonly PanelRow[]): PanelRow[] {
  const best = new Map<string, PanelRow>();
  for (const row of panel) {
    const current = best.get(row.rsid);
    if (!current || RANK[row.confidence] > RANK[current.confidence]) best.set(row.rsid, row);
  }
  return [...best.values()];
}
