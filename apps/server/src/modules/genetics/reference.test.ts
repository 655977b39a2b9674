import { describe, it, expect } from 'vitest';
import { ResultLevel } from '@portal/contract';
import { levelForPercentile, percentileOf, quantile, referenceStats, scoreDistribution, type ReferenceSnp } from './reference';

/** Every one of the 3^n genotype combinations, with its probability and score (no merging). */
function enumerate(snps: ReferenceSnp[]): Array<{ score: number; p: number }> {
  let combos = [{ score: 0, p: 1 }];
  for (const { weight: w, eaf: q } of snps) {
    combos = combos.flatMap((c) => [
      { score: c.score + 2 * w, p: c.p * q * q },
      { score: c.score + w, p: c.p * 2 * q * (1 - q) },
      { score: c.score, p: c.p * (1 - q) * (1 - q) },
    ]);
  }
  return combos;
}

function bruteQuantile(combos: Array<{ score: number; p: number }>, q: number): number {
  const sorted = [...combos].sort((a, b) => a.score - b.score);
  let cum = 0;
  for (const c of sorted) {
    cum += c.p;
    if (cum >= q - 1e-12) return c.score;
  }
  return sorted[sorted.length - 1]!.score;
}

function brutePercentile(combos: Array<{ score: number; p: number }>, x: number): number {
  let below = 0;
  let equal = 0;
  for (const c of combos) {
    if (Math.abs(c.score - x) < 1e-9) equal += c.p;
    else if (c.score < x) below += c.p;
  }
  return 100 * (below + equal / 2);
}

const CASES: Record<string, ReferenceSnp[]> = {
  'n=3': [
    { weight: 0.5, eaf: 0.3 },
    { weight: -1.2, eaf: 0.6 },
    { weight: 2.0, eaf: 0.15 },
  ],
  'n=5': [
    { weight: 0.071, eaf: 0.15 },
    { weight: 0.018, eaf: 0.31 },
    { weight: -0.022, eaf: 0.15 },
    { weight: 0.3, eaf: 0.72 },
    { weight: -1.1, eaf: 0.45 },
  ],
};

describe('reference distribution against brute-force enumeration', () => {
  for (const [name, snps] of Object.entries(CASES)) {
    describe(name, () => {
      const combos = enumerate(snps);
      const stats = referenceStats(snps);

      it('has total probability 1 and the enumerated support', () => {
        expect(combos).toHaveLength(3 ** snps.length);
        expect(stats.distribution.reduce((s, a) => s + a.probability, 0)).toBeCloseTo(1, 12);
        const scores = [...new Set(combos.map((c) => Math.round(c.score * 1e9)))].sort((a, b) => a - b);
        expect(stats.distribution.map((a) => Math.round(a.value * 1e9))).toEqual(scores);
        expect(stats.min).toBeCloseTo(Math.min(...combos.map((c) => c.score)), 12);
        expect(stats.max).toBeCloseTo(Math.max(...combos.map((c) => c.score)), 12);
      });

      it('has the enumerated mean and variance, equal to Σ2pw and Σ2p(1-p)w²', () => {
        const mean = combos.reduce((s, c) => s + c.p * c.score, 0);
        const variance = combos.reduce((s, c) => s + c.p * (c.score - mean) ** 2, 0);
        expect(stats.mean).toBeCloseTo(mean, 12);
        expect(stats.variance).toBeCloseTo(variance, 12);
        expect(stats.mean).toBeCloseTo(snps.reduce((s, x) => s + 2 * x.eaf * x.weight, 0), 12);
      });

      it('has the enumerated median and quartiles', () => {
        expect(stats.median).toBeCloseTo(bruteQuantile(combos, 0.5), 12);
        expect(stats.percentile25th).toBeCloseTo(bruteQuantile(combos, 0.25), 12);
        expect(stats.percentile75th).toBeCloseTo(bruteQuantile(combos, 0.75), 12);
        expect(stats.percentile25th).toBeLessThanOrEqual(stats.median);
        expect(stats.median).toBeLessThanOrEqual(stats.percentile75th);
      });

      it('places every possible score at its enumerated mid-P percentile', () => {
        for (const c of combos) expect(percentileOf(stats.distribution, c.score)).toBeCloseTo(brutePercentile(combos, c.score), 9);
        expect(percentileOf(stats.distribution, stats.min - 1)).toBe(0);
        expect(percentileOf(stats.distribution, stats.max + 1)).toBe(100);
      });
    });
  }

  it('n=3: the patient with genotypes (1, 2, 0) sits at a hand-checked percentile', () => {
    const snps = CASES['n=3']!;
    const x = 0.5 * 1 + -1.2 * 2 + 0; // -1.9
    const combos = enumerate(snps);
    const below = combos.filter((c) => c.score < x - 1e-9).reduce((s, c) => s + c.p, 0);
    const at = combos.filter((c) => Math.abs(c.score - x) < 1e-9).reduce((s, c) => s + c.p, 0);
    // The only way to score -1.9 is exactly this genotype: 2·0.3·0.7 × 0.6² × 0.85² = 0.109186.
    expect(at).toBeCloseTo(0.42 * 0.36 * 0.7225, 12);
    expect(percentileOf(scoreDistribution(snps), x)).toBeCloseTo(100 * (below + at / 2), 9);
  });
});

describe('scoreDistribution details', () => {
  it('one SNP, p = 0.5, w = 1: atoms 0, 1, 2 at ¼, ½, ¼', () => {
    const d = scoreDistribution([{ weight: 1, eaf: 0.5 }]);
    expect(d).toEqual([
      { value: 0, probability: 0.25 },
      { value: 1, probability: 0.5 },
      { value: 2, probability: 0.25 },
    ]);
    expect([percentileOf(d, 0), percentileOf(d, 1), percentileOf(d, 2)]).toEqual([12.5, 50, 87.5]);
    expect([quantile(d, 0.25), quantile(d, 0.5), quantile(d, 0.75)]).toEqual([0, 1, 1]);
  });

  it('merges equal scores: two SNPs of weight 0.1 give 5 atoms, not 9', () => {
    const d = scoreDistribution([{ weight: 0.1, eaf: 0.2 }, { weight: 0.1, eaf: 0.7 }]);
    expect(d).toHaveLength(5);
    expect(d[2]!.value).toBeCloseTo(0.2, 12);
    // P(score 0.2) = P(2,0) + P(1,1) + P(0,2) = .04·.09 + .32·.42 + .64·.49
    expect(d[2]!.probability).toBeCloseTo(0.04 * 0.09 + 0.32 * 0.42 + 0.64 * 0.49, 12);
  });

  it('models a haploid call as one allele: p at w, 1-p at 0', () => {
    const stats = referenceStats([{ weight: 2, eaf: 0.3, ploidy: 1 }]);
    expect(stats.distribution).toEqual([
      { value: 0, probability: 0.7 },
      { value: 2, probability: 0.3 },
    ]);
    expect(stats.mean).toBeCloseTo(0.6, 12);
    expect(stats.variance).toBeCloseTo(0.3 * 0.7 * 4, 12);
  });

  it('refuses frequencies outside 0..1', () => {
    expect(() => scoreDistribution([{ weight: 1, eaf: 1.2 }])).toThrow();
    expect(() => scoreDistribution([{ weight: 1, eaf: Number.NaN }])).toThrow();
  });
});

describe('levelForPercentile (quintiles)', () => {
  it('bottom fifth Decreased, top fifth Increased, otherwise Average', () => {
    expect(levelForPercentile(0)).toBe(ResultLevel.LOW);
    expect(levelForPercentile(19.999)).toBe(ResultLevel.LOW);
    expect(levelForPercentile(20)).toBe(ResultLevel.NORMAL);
    expect(levelForPercentile(50)).toBe(ResultLevel.NORMAL);
    expect(levelForPercentile(80)).toBe(ResultLevel.NORMAL);
    expect(levelForPercentile(80.001)).toBe(ResultLevel.HIGH);
    expect(levelForPercentile(100)).toBe(ResultLevel.HIGH);
  });
});
