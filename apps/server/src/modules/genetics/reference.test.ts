import { describe, it, expect } from 'vitest';
import { ResultLevel } from '@portal/contract';
import { levelForPercentile, percentileOf, placement, quantile, referenceStats, scoreDistribution, type ReferenceSnp } from './reference';

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
        expect(stats.mean).toBeCloseTo(
          snps.reduce((s, x) => s + 2 * x.eaf * x.weight, 0),
          12,
        );
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
    const d = scoreDistribution([
      { weight: 0.1, eaf: 0.2 },
      { weight: 0.1, eaf: 0.7 },
    ]);
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

/**
 * Small scores take few values, so many people share each one. The percentile is the share with a
 * lower score plus half the share with the same score; the category is its quintile (below 20
 * Decreased, above 80 Increased). Every figure below is worked out by hand in the comments.
 */
describe('percentile and category with heavy ties, worked out by hand', () => {
  const level = (snps: ReferenceSnp[], x: number) => levelForPercentile(placement(scoreDistribution(snps), x).percentile);

  it('one SNP, weight -1.45, p = 0.5 (vitamin B6): scores 0, -1.45, -2.9 held by 25%, 50%, 25%', () => {
    const d = scoreDistribution([{ weight: -1.45, eaf: 0.5 }]);
    // Score 0 (no copy of C, the maximum): 75% score lower, 25% the same: 75 + 25/2 = 87.5, above 80.
    expect(placement(d, 0)).toEqual({ lower: 75, same: 25, percentile: 87.5 });
    expect(level([{ weight: -1.45, eaf: 0.5 }], 0)).toBe(ResultLevel.HIGH);
    // Score -1.45: 25% lower, 50% the same: 25 + 25 = 50.
    expect(placement(d, -1.45)).toEqual({ lower: 25, same: 50, percentile: 50 });
    expect(level([{ weight: -1.45, eaf: 0.5 }], -1.45)).toBe(ResultLevel.NORMAL);
    // Score -2.9 (the minimum): none lower, 25% the same: 12.5, below 20.
    expect(placement(d, -2.9)).toEqual({ lower: 0, same: 25, percentile: 12.5 });
    expect(level([{ weight: -1.45, eaf: 0.5 }], -2.9)).toBe(ResultLevel.LOW);
  });

  it('one SNP, weight 1, p = 0.2: the commonest score is the minimum, yet Average; 80 exactly is Average', () => {
    const snps = [{ weight: 1, eaf: 0.2 }];
    const d = scoreDistribution(snps);
    // P(0) = 0.8² = 64%, P(1) = 2·0.2·0.8 = 32%, P(2) = 0.2² = 4%.
    expect(placement(d, 0)).toEqual({ lower: 0, same: 64, percentile: 32 });
    expect(level(snps, 0)).toBe(ResultLevel.NORMAL);
    // 64 + 32/2 = 80: not above 80 (0.64 + 0.16 is 0.8000000000000002 in floating point).
    expect(placement(d, 1)).toEqual({ lower: 64, same: 32, percentile: 80 });
    expect(level(snps, 1)).toBe(ResultLevel.NORMAL);
    // 96 + 4/2 = 98.
    expect(placement(d, 2)).toEqual({ lower: 96, same: 4, percentile: 98 });
    expect(level(snps, 2)).toBe(ResultLevel.HIGH);
  });

  it('two SNPs of weight 1, p = 0.5 each: scores 0-4 held by 1, 4, 6, 4, 1 sixteenths', () => {
    const snps = [
      { weight: 1, eaf: 0.5 },
      { weight: 1, eaf: 0.5 },
    ];
    const d = scoreDistribution(snps);
    expect(d.map((a) => [a.value, a.probability * 16])).toEqual([
      [0, 1],
      [1, 4],
      [2, 6],
      [3, 4],
      [4, 1],
    ]);
    // 0: 0 + 6.25/2 = 3.125; 1: 6.25 + 25/2 = 18.75; 2: 31.25 + 37.5/2 = 50; 3: 68.75 + 25/2 = 81.25; 4: 93.75 + 6.25/2 = 96.875.
    expect([0, 1, 2, 3, 4].map((x) => placement(d, x))).toEqual([
      { lower: 0, same: 6.25, percentile: 3.125 },
      { lower: 6.25, same: 25, percentile: 18.75 },
      { lower: 31.25, same: 37.5, percentile: 50 },
      { lower: 68.75, same: 25, percentile: 81.25 },
      { lower: 93.75, same: 6.25, percentile: 96.875 },
    ]);
    expect([0, 1, 2, 3, 4].map((x) => level(snps, x))).toEqual([ResultLevel.LOW, ResultLevel.LOW, ResultLevel.NORMAL, ResultLevel.HIGH, ResultLevel.HIGH]);
    // The quartile scores are the scores whose percentile ranges hold the 25th, 50th and 75th.
    const stats = referenceStats(snps);
    expect([stats.percentile25th, stats.median, stats.percentile75th]).toEqual([1, 2, 3]);
  });

  it('two SNPs, weights 0.3 and -0.3, p = 0.3 and 0.6: opposite effects tie at 0', () => {
    const snps = [
      { weight: 0.3, eaf: 0.3 },
      { weight: -0.3, eaf: 0.6 },
    ];
    const d = scoreDistribution(snps);
    // Score 0 needs equal copies: (0,0) .49·.16 + (1,1) .42·.48 + (2,2) .09·.36 = .0784 + .2016 + .0324 = .3124.
    // Lower needs fewer copies of the first: (0,1) .49·.48 + (0,2) .49·.36 + (1,2) .42·.36 = .2352 + .1764 + .1512 = .5628.
    // So 56.28% lower and 31.24% the same: 56.28 + 31.24/2 = 71.9.
    const p = placement(d, 0);
    expect(p.lower).toBeCloseTo(56.28, 9);
    expect(p.same).toBeCloseTo(31.24, 9);
    expect(p.percentile).toBeCloseTo(71.9, 9);
    expect(level(snps, 0)).toBe(ResultLevel.NORMAL);
  });
});
