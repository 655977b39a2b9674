/**
 * The exact reference distribution of a small additive score from allele frequencies, assuming
 * Hardy-Weinberg equilibrium and independent SNPs, and the patient's place in it.
 */
import { ResultLevel } from '@portal/contract';

/** One SNP of the score: its weight, the effect allele's frequency and the patient's ploidy there. */
export interface ReferenceSnp {
  weight: number;
  /** Effect-allele frequency in the reference population (0..1). */
  eaf: number;
  /** 2 (default) for autosomes; 1 where the patient's call is haploid (male X), so the reference matches. */
  ploidy?: 1 | 2;
}

/** One possible score value and its probability. */
export interface Atom {
  value: number;
  probability: number;
}

/** Summary of the reference distribution, in the score's own units. */
export interface ReferenceStats {
  mean: number;
  variance: number;
  min: number;
  max: number;
  median: number;
  percentile25th: number;
  percentile75th: number;
  /** The full distribution, ascending by value, equal values merged. */
  distribution: Atom[];
}

/** Score values closer than this are one value: sums of decimal weights pick up float noise. */
export const SCORE_EPSILON = 1e-9;

/**
 * Convolves per-SNP genotype probabilities (p², 2p(1-p), (1-p)² at 2w, w, 0; p and 1-p at w, 0
 * when haploid) into the exact distribution of the score. Equal values are merged, so n SNPs
 * give at most 3^n atoms and usually far fewer.
 */
export function scoreDistribution(snps: readonly ReferenceSnp[]): Atom[] {
  let atoms = new Map<number, Atom>([[0, { value: 0, probability: 1 }]]);
  for (const snp of snps) {
    const p = snp.eaf;
    if (!(p >= 0 && p <= 1) || !Number.isFinite(snp.weight)) throw new Error(`reference: bad SNP ${JSON.stringify(snp)}`);
    const genotypes: Array<[number, number]> =
      (snp.ploidy ?? 2) === 1
        ? [
            [snp.weight, p],
            [0, 1 - p],
          ]
        : [
            [2 * snp.weight, p * p],
            [snp.weight, 2 * p * (1 - p)],
            [0, (1 - p) * (1 - p)],
          ];
    const next = new Map<number, Atom>();
    for (const atom of atoms.values()) {
      for (const [add, prob] of genotypes) {
        if (prob === 0) continue;
        const value = atom.value + add;
        const key = Math.round(value / SCORE_EPSILON);
        const existing = next.get(key);
        if (existing) existing.probability += atom.probability * prob;
        else next.set(key, { value, probability: atom.probability * prob });
      }
    }
    atoms = next;
  }
  return [...atoms.values()].sort((a, b) => a.value - b.value);
}

/**
 * The q-quantile (0..1) of a discrete distribution: the smallest value whose cumulative
 * probability reaches q (the usual lower quantile; a tiny tolerance absorbs float noise).
 */
export function quantile(distribution: readonly Atom[], q: number): number {
  if (distribution.length === 0) throw new Error('reference: empty distribution');
  let cumulative = 0;
  for (const atom of distribution) {
    cumulative += atom.probability;
    if (cumulative >= q - 1e-12) return atom.value;
  }
  return distribution[distribution.length - 1]!.value;
}

/**
 * Where a score sits in the reference, in percentages of the reference group: `lower` score
 * lower, `same` share the score exactly, and the percentile is lower + same / 2 (the mid-rank
 * percentile, so a score many people share sits in the middle of the range of percentiles it
 * covers: lower to lower + same). Values are rounded to 1e-9 so that float noise never moves a
 * percentile across a category boundary (0.64 + 0.32 / 2 is 80, not 80.00000000000001).
 */
export interface Placement {
  lower: number;
  same: number;
  percentile: number;
}

export function placement(distribution: readonly Atom[], x: number): Placement {
  let below = 0;
  let equal = 0;
  for (const atom of distribution) {
    if (Math.abs(atom.value - x) <= SCORE_EPSILON) equal += atom.probability;
    else if (atom.value < x) below += atom.probability;
  }
  const pct = (p: number) => Math.min(100, Math.max(0, Math.round(p * 1e11) / 1e9)) || 0;
  return { lower: pct(below), same: pct(equal), percentile: pct(below + equal / 2) };
}

/** The mid-rank percentile of x: 100 × (P(score < x) + ½ P(score = x)); see `placement`. */
export function percentileOf(distribution: readonly Atom[], x: number): number {
  return placement(distribution, x).percentile;
}

/** Mean (Σ ploidy·p·w), variance (Σ ploidy·p(1-p)·w²) and the order statistics of the reference. */
export function referenceStats(snps: readonly ReferenceSnp[]): ReferenceStats {
  const distribution = scoreDistribution(snps);
  let mean = 0;
  let variance = 0;
  for (const s of snps) {
    const n = s.ploidy ?? 2;
    mean += n * s.eaf * s.weight;
    variance += n * s.eaf * (1 - s.eaf) * s.weight * s.weight;
  }
  return {
    mean,
    variance,
    min: distribution[0]!.value,
    max: distribution[distribution.length - 1]!.value,
    median: quantile(distribution, 0.5),
    percentile25th: quantile(distribution, 0.25),
    percentile75th: quantile(distribution, 0.75),
    distribution,
  };
}

/**
 * The category from the percentile, by quintiles of the reference group: below 20 Decreased,
 * above 80 Increased, 20 to 80 (both included) Average.
 */
export function levelForPercentile(percentile: number): ResultLevel {
  if (percentile < 20) return ResultLevel.LOW;
  if (percentile > 80) return ResultLevel.HIGH;
  return ResultLevel.NORMAL;
}
