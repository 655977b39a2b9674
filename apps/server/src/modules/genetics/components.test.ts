import { describe, it, expect } from 'vitest';
import { MINERALS, RESULT_LEVEL_LABELS, ResultLevel } from '@portal/contract';
import { COMPONENTS, computeResults, getCatalogue, isVitaminTitle, SWAB_TITLE, type ResultComponent } from './components';
import { loadGeneticsData } from './panel';
import { generateSyntheticGenotypeFile } from './synthetic';

const LOCKED = 'Due to insufficient number of SNPs we were not able to calculate your genetic score';
const VITAMINS = [
  'Vitamin A', 'Vitamin B1 (thiamine)', 'Vitamin B2 (riboflavin)', 'Vitamin B3 (niacin)', 'Vitamin B5 (pantothenic acid)',
  'Vitamin B6', 'Vitamin B7 (biotin)', 'Vitamin B9 (folate)', 'Vitamin B12', 'Vitamin C', 'Vitamin D', 'Vitamin E', 'Vitamin K',
];
/** The README's NOT_PROCESSED list: no established, weightable SNPs. */
const README_NOT_PROCESSED = [
  'Potassium', 'Sodium', 'Chloride', 'Iodine', 'Fluoride', 'Chromium', 'Molybdenum', 'Manganese',
  'Vitamin B9 (folate)', 'Vitamin K', 'Vitamin B1 (thiamine)', 'Vitamin B2 (riboflavin)', 'Vitamin B3 (niacin)',
  'Vitamin B5 (pantothenic acid)', 'Vitamin B7 (biotin)',
];
/** Processed for any complete synthetic file: SNP sets that can reach 75% and have EUR frequencies. */
const ALWAYS_PROCESSED = ['Calcium', 'Phosphorus', 'Magnesium', 'Iron', 'Selenium', 'Vitamin A', 'Vitamin B6', 'Vitamin B12', 'Vitamin D'];

const all = (r: ReturnType<typeof computeResults>): ResultComponent[] => [...r.minerals, ...r.vitamins];
const byTitle = (r: ReturnType<typeof computeResults>, title: string) => all(r).find((c) => c.title === title)!;

function expectLocked(c: ResultComponent) {
  expect(c.riskLevel).toBe(ResultLevel.NOT_PROCESSED);
  expect(c.scoreDescription).toBe(LOCKED);
  expect(c.notProcessedReason).not.toBeNull();
  for (const field of ['score', 'averageScore', 'scoreCategory', 'mean', 'median', 'minValue', 'maxValue', 'percentile', 'percentile25th', 'percentile75th', 'referencePopulation'] as const) {
    expect(c[field], `${c.title}.${field}`).toBeNull();
  }
}

function expectProcessed(c: ResultComponent) {
  expect([ResultLevel.LOW, ResultLevel.NORMAL, ResultLevel.HIGH], c.title).toContain(c.riskLevel);
  expect(c.notProcessedReason).toBeNull();
  expect(c.numberOfSnps).toBeGreaterThan(0);
  expect(c.numberOfSnps).toBeGreaterThanOrEqual(0.75 * c.totalSnps);
  expect(c.percentile).not.toBeNull();
  expect(c.percentile!).toBeGreaterThanOrEqual(0);
  expect(c.percentile!).toBeLessThanOrEqual(100);
  expect(c.scoreDescription).toBe(RESULT_LEVEL_LABELS[c.riskLevel]);
  expect(c.scoreCategory).toBe({ 0: 'decreased', 1: 'average', 2: 'increased' }[c.riskLevel as 0 | 1 | 2]);
  expect(c.scoreMood).toBe({ 0: 'red', 1: 'yellow', 2: 'green' }[c.riskLevel as 0 | 1 | 2]);
  if (c.percentile! < 20) expect(c.riskLevel).toBe(ResultLevel.LOW);
  else if (c.percentile! > 80) expect(c.riskLevel).toBe(ResultLevel.HIGH);
  else expect(c.riskLevel).toBe(ResultLevel.NORMAL);
  expect(c.minValue!).toBeLessThanOrEqual(c.percentile25th!);
  expect(c.percentile25th!).toBeLessThanOrEqual(c.median!);
  expect(c.median!).toBeLessThanOrEqual(c.percentile75th!);
  expect(c.percentile75th!).toBeLessThanOrEqual(c.maxValue!);
  expect(c.score!).toBeGreaterThanOrEqual(c.minValue!);
  expect(c.score!).toBeLessThanOrEqual(c.maxValue!);
  expect(c.averageScore).toBe(c.mean);
  expect(c.genotypes).toHaveLength(c.totalSnps);
  expect(c.genotypes.filter((g) => g.status === 'called')).toHaveLength(c.numberOfSnps);
  expect(c.referencePopulation).toMatch(/^European discovery cohort \(.+\)$/);
  expect(c.recommendation).toMatch(/practitioner/);
}

describe('the catalogue', () => {
  it('lists the 15 minerals in the fixed SPEC order, then the vitamins', () => {
    expect(COMPONENTS.slice(0, 15).map((c) => c.title)).toEqual([...MINERALS]);
    expect(COMPONENTS.slice(15).map((c) => c.title)).toEqual(VITAMINS);
    expect(new Set(COMPONENTS.map((c) => c.componentID)).size).toBe(COMPONENTS.length);
  });

  it("applies SPEC's vitamins rule", () => {
    expect(VITAMINS.every(isVitaminTitle)).toBe(true);
    expect(isVitaminTitle('Vitamin C (skincare related)')).toBe(false);
    expect(isVitaminTitle('Calcium')).toBe(false);
  });

  it("marks exactly the README's NOT_PROCESSED list as having no established SNPs", () => {
    expect(COMPONENTS.filter((c) => !c.hasEstablishedSnps).map((c) => c.title).sort()).toEqual([...README_NOT_PROCESSED].sort());
  });

  it('has a scoring file for every component with established SNPs, and none for the others', () => {
    const data = loadGeneticsData();
    for (const c of COMPONENTS) {
      const file = c.panelComponent ? data.scores.get(c.panelComponent) : undefined;
      expect(Boolean(file && file.variants.length > 0), c.title).toBe(c.hasEstablishedSnps);
    }
    expect(data.scores.size).toBe(COMPONENTS.filter((c) => c.hasEstablishedSnps).length);
  });

  it('gives every component texts, and non-prescriptive recommendations that point to the practitioner', () => {
    for (const c of getCatalogue()) {
      expect(c.description.length, c.title).toBeGreaterThan(40);
      expect(c.signs.length, c.title).toBeGreaterThan(0);
      expect(c.letsGetTechnical.length, c.title).toBeGreaterThan(40);
      for (const level of [0, 1, 2, 3] as const) expect(c.recommendations[level], `${c.title} ${level}`).toMatch(/practitioner/);
      if (c.hasEstablishedSnps) {
        expect(c.genes.length, c.title).toBeGreaterThan(0);
        expect(c.references.length, c.title).toBeGreaterThan(0);
        expect(c.references.every((r) => /^\d+$/.test(r.pmid) && r.url.endsWith(`/${r.pmid}/`))).toBe(true);
        expect(c.letsGetTechnical).toMatch(/rs\d+/);
      } else {
        expect(c.genes).toEqual([]);
      }
    }
  });
});

describe('computeResults on synthetic files', () => {
  const seeds = ['demo-1', 'demo-2', 'demo-3', 'demo-4', 'demo-5'];

  for (const seed of seeds) {
    it(`seed ${seed}: full swab result`, () => {
      const r = computeResults(generateSyntheticGenotypeFile(seed));
      expect(r.title).toBe(SWAB_TITLE);
      expect(r.synthetic).toBe(true);
      expect(r.minerals.map((c) => c.title)).toEqual([...MINERALS]);
      expect(r.vitamins.map((c) => c.title)).toEqual(VITAMINS);
      for (const c of all(r)) {
        expect(c.ancestryCaveat).toMatch(/African/);
        if (c.riskLevel === ResultLevel.NOT_PROCESSED) expectLocked(c);
        else expectProcessed(c);
      }
      expect(all(r).filter((c) => c.riskLevel !== ResultLevel.NOT_PROCESSED).map((c) => c.title).sort()).toEqual([...ALWAYS_PROCESSED].sort());
      for (const title of README_NOT_PROCESSED) expect(byTitle(r, title).notProcessedReason).toBe('no-established-snps');
      // Vitamin E: rs964184 is C/G, so 2 of 3 at most; zinc, copper, C: no frequency, written as no-calls.
      expect(byTitle(r, 'Vitamin E')).toMatchObject({ notProcessedReason: 'insufficient-calls', numberOfSnps: 2, totalSnps: 3 });
      for (const title of ['Zinc', 'Copper', 'Vitamin C']) expect(byTitle(r, title).notProcessedReason).toBe('insufficient-calls');
      // Palindromic SNPs are reported as ambiguous, never scored.
      expect(byTitle(r, 'Iron').genotypes.find((g) => g.rsid === 'rs1799945')!.status).toBe('ambiguous');
      expect(byTitle(r, 'Iron').numberOfSnps).toBe(5);
    });
  }

  it('is deterministic for a seed', () => {
    expect(computeResults(generateSyntheticGenotypeFile('same'))).toEqual(computeResults(generateSyntheticGenotypeFile('same')));
  });

  it('refuses components whose call rate falls below 75% when SNPs are dropped', () => {
    const r = computeResults(generateSyntheticGenotypeFile('sparse', { dropFraction: 0.6 }));
    const refused = all(r).filter((c) => c.notProcessedReason === 'insufficient-calls');
    expect(refused.some((c) => ALWAYS_PROCESSED.includes(c.title))).toBe(true);
    for (const c of refused) {
      expectLocked(c);
      expect(c.numberOfSnps).toBeLessThan(0.75 * c.totalSnps);
    }
    for (const c of all(r)) if (c.riskLevel !== ResultLevel.NOT_PROCESSED) expectProcessed(c);
  });

  it('scores reverse-strand files the same where both alleles are known', () => {
    const fwd = computeResults(generateSyntheticGenotypeFile('strand'));
    const rev = computeResults(generateSyntheticGenotypeFile('strand', { reverseStrandFraction: 1 }));
    for (const title of ['Vitamin D', 'Vitamin B6', 'Selenium']) {
      expect(byTitle(rev, title).score).toBe(byTitle(fwd, title).score);
      expect(byTitle(rev, title).percentile).toBe(byTitle(fwd, title).percentile);
      expect(byTitle(rev, title).genotypes.filter((g) => g.status === 'called').every((g) => g.strand === 'reverse')).toBe(true);
    }
  });
});

describe('computeResults on hand-written files (hand-computed values)', () => {
  it('Vitamin B6, rs4654748 CC: score -2.9, mean -1.45, percentile ½·0.25 = 12.5 → Decreased', () => {
    const r = computeResults('rsid\tchromosome\tposition\tgenotype\nrs4654748\t1\t21459575\tCC\n');
    const b6 = byTitle(r, 'Vitamin B6');
    expect(r.synthetic).toBe(false);
    expect(b6).toMatchObject({
      score: -2.9, mean: -1.45, averageScore: -1.45, minValue: -2.9, maxValue: 0, median: -1.45,
      percentile: 12.5, riskLevel: ResultLevel.LOW, scoreCategory: 'decreased', scoreMood: 'red', numberOfSnps: 1,
    });
    expect(b6.genotypes[0]).toMatchObject({ rsid: 'rs4654748', gene: 'NBPF3/ALPL', genotype: 'CC', dosage: 2, effectWeight: -1.45 });
  });

  it('Selenium, TT at both SNPs: the maximum score, percentile 100·(1 - ½·0.29²·0.30²) → Increased', () => {
    const r = computeResults('rs921943,5,79020653,TT\nrs7700970,5,79115501,TT\n');
    const se = byTitle(r, 'Selenium');
    expect(se.score).toBeCloseTo(2 * 0.246 + 2 * 0.265, 9);
    expect(se.score).toBe(se.maxValue);
    expect(se.percentile!).toBeCloseTo(100 * (1 - 0.5 * 0.29 ** 2 * 0.3 ** 2), 6);
    expect(se.mean!).toBeCloseTo(2 * 0.29 * 0.246 + 2 * 0.3 * 0.265, 9);
    expect(se).toMatchObject({ riskLevel: ResultLevel.HIGH, scoreCategory: 'increased', scoreMood: 'green' });
  });

  it('Zinc with all SNPs called is still refused: no European frequencies to build a reference from', () => {
    const zinc = byTitle(computeResults('rs1532423\t8\t1\tAA\nrs2120019\t15\t1\tCT\nrs4826508\tX\t1\tT\n'), 'Zinc');
    expectLocked(zinc);
    expect(zinc.notProcessedReason).toBe('no-reference-frequencies');
    expect(zinc.numberOfSnps).toBe(3);
  });

  it('an empty file processes nothing', () => {
    for (const c of all(computeResults(''))) expectLocked(c);
  });
});
