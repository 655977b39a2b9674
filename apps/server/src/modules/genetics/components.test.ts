import { describe, it, expect } from 'vitest';
import { MINERALS, RESULT_LEVEL_LABELS, ResultLevel } from '@portal/contract';
import { COMPONENTS, computeResults, getCatalogue, isVitaminTitle, placedRecommendation, SWAB_TITLE, type ResultComponent } from './components';
import { loadGeneticsData } from './panel';
import { generateSyntheticGenotypeFile } from './synthetic';

const LOCKED = 'Due to insufficient number of SNPs we were not able to calculate your genetic score';
const VITAMINS = [
  'Vitamin A',
  'Vitamin B1 (thiamine)',
  'Vitamin B2 (riboflavin)',
  'Vitamin B3 (niacin)',
  'Vitamin B5 (pantothenic acid)',
  'Vitamin B6',
  'Vitamin B7 (biotin)',
  'Vitamin B9 (folate)',
  'Vitamin B12',
  'Vitamin C',
  'Vitamin D',
  'Vitamin E',
  'Vitamin K',
];
/** The README's NOT_PROCESSED list: no established, weightable SNPs. */
const README_NOT_PROCESSED = [
  'Potassium',
  'Sodium',
  'Chloride',
  'Iodine',
  'Fluoride',
  'Chromium',
  'Molybdenum',
  'Manganese',
  'Vitamin B9 (folate)',
  'Vitamin K',
  'Vitamin B1 (thiamine)',
  'Vitamin B2 (riboflavin)',
  'Vitamin B3 (niacin)',
  'Vitamin B5 (pantothenic acid)',
  'Vitamin B7 (biotin)',
];
/** Processed for any complete synthetic file: SNP sets that can reach 75% and have EUR frequencies. */
const ALWAYS_PROCESSED = ['Calcium', 'Phosphorus', 'Magnesium', 'Iron', 'Selenium', 'Vitamin A', 'Vitamin B6', 'Vitamin B12', 'Vitamin D'];

const all = (r: ReturnType<typeof computeResults>): ResultComponent[] => [...r.minerals, ...r.vitamins];
const byTitle = (r: ReturnType<typeof computeResults>, title: string) => all(r).find((c) => c.title === title)!;

function expectLocked(c: ResultComponent) {
  expect(c.riskLevel).toBe(ResultLevel.NOT_PROCESSED);
  expect(c.scoreDescription).toBe(LOCKED);
  expect(c.notProcessedReason).not.toBeNull();
  for (const field of [
    'score',
    'averageScore',
    'scoreCategory',
    'mean',
    'median',
    'minValue',
    'maxValue',
    'percentile',
    'percentile25th',
    'percentile75th',
    'referencePopulation',
  ] as const) {
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
  expect(c.recommendation).toMatch(/^The patient's genetic score/);
  // One definition: the percentile is the share lower plus half the share with the same score.
  expect(c.shareLower! + c.shareSame! / 2).toBeCloseTo(c.percentile!, 8);
  expect(c.shareSame!).toBeGreaterThan(0);
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
    expect(
      COMPONENTS.filter((c) => !c.hasEstablishedSnps)
        .map((c) => c.title)
        .sort(),
    ).toEqual([...README_NOT_PROCESSED].sort());
  });

  it('has a scoring file for every component with established SNPs, and none for the others', () => {
    const data = loadGeneticsData();
    for (const c of COMPONENTS) {
      const file = c.panelComponent ? data.scores.get(c.panelComponent) : undefined;
      expect(Boolean(file && file.variants.length > 0), c.title).toBe(c.hasEstablishedSnps);
    }
    expect(data.scores.size).toBe(COMPONENTS.filter((c) => c.hasEstablishedSnps).length);
  });

  it('gives every component texts, and non-prescriptive recommendations for the practitioner about the patient', () => {
    for (const c of getCatalogue()) {
      expect(c.description.length, c.title).toBeGreaterThan(40);
      expect(c.signs.length, c.title).toBeGreaterThan(0);
      expect(c.letsGetTechnical.length, c.title).toBeGreaterThan(40);
      for (const level of [0, 1, 2, 3] as const)
        expect(c.recommendations[level], `${c.title} ${level}`).toMatch(
          /^(The patient's genetic score|No genetic score).*[Cc]onsider discussing .* with the patient/,
        );
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

describe('the texts speak to the practitioner about the patient', () => {
  const SECOND_PERSON = /\b(you|your|yours|yourself)\b/i;

  it('no catalogue text addresses the reader as the patient', () => {
    for (const c of getCatalogue()) {
      const texts = [
        c.description,
        ...c.signs,
        ...Object.values(c.recommendations),
        c.letsGetTechnical,
        c.technicalNote,
        c.referenceCohort ?? '',
        ...c.furtherReading.map((f) => f.reason),
      ];
      for (const text of texts) expect(text, c.title).not.toMatch(SECOND_PERSON);
    }
  });

  it("no computed component does either, but for SPEC's locked message, which is kept word for word", () => {
    const r = computeResults(generateSyntheticGenotypeFile('voice'));
    for (const c of all(r)) {
      const { scoreDescription, ...rest } = c;
      expect(JSON.stringify(rest), c.title).not.toMatch(SECOND_PERSON);
      if (SECOND_PERSON.test(scoreDescription)) expect(scoreDescription).toBe(LOCKED);
    }
  });
});

describe('the recommendation says where this patient’s score sits (engine 1.2.0)', () => {
  const high = COMPONENTS.find((c) => c.title === 'Vitamin B6')!.recommendations[ResultLevel.HIGH];
  it('a score few share: its percentile, never the band', () => {
    const t = placedRecommendation(high, { percentile: 88.4, lower: 87, same: 2.8 });
    expect(t).toMatch(/^The patient's genetic score for vitamin B6 is at the 88th percentile of the reference group \(Increased\): /);
    expect(t).not.toMatch(/above the 80th percentile/);
  });
  it('a score a quarter of the group shares across the 80th percentile: the range, and that the category is uncertain', () => {
    const t = placedRecommendation(high, { percentile: 85.5, lower: 74, same: 23 });
    expect(t).toMatch(
      /is shared by about 23% of the reference group, spanning its 74th to 97th percentiles \(the patient is placed at the 86th\) \(Increased\)/,
    );
    expect(t).toContain('The range crosses the 80th-percentile cut-off, so the category is uncertain');
    // No sentence twice.
    const sentences = t.split(/(?<=\.)\s+/);
    expect(new Set(sentences).size).toBe(sentences.length);
  });
  it('no computed result says "above the 80th" or "below the 20th" percentile', () => {
    for (const seed of ['a', 'b', 'c']) {
      const r = computeResults(generateSyntheticGenotypeFile(seed));
      for (const c of [...r.minerals, ...r.vitamins])
        expect(c.recommendation, c.title).not.toMatch(/(above the 80th|below the 20th) percentile|between the 20th and 80th/);
    }
  });
});

describe('references', () => {
  const catalogue = getCatalogue();
  const entry = (title: string) => catalogue.find((c) => c.title === title)!;
  const pmids = (title: string) => entry(title).references.map((r) => r.pmid);
  const further = (title: string) => entry(title).furtherReading.map((r) => r.pmid);

  it("lists only the papers of the score's SNPs and its reference population's source", () => {
    const data = loadGeneticsData();
    for (const c of catalogue) {
      const file = c.panelComponent ? data.scores.get(c.panelComponent) : undefined;
      const scored = new Set(
        c.hasEstablishedSnps && file ? file.variants.map((v) => data.panel.find((r) => r.component === c.panelComponent && r.rsid === v.rsid)!.pmid) : [],
      );
      for (const r of c.references) {
        if (r.basis === 'reference-population') expect(r.pmid, c.title).toBe(c.referenceSource?.pmid);
        else expect(scored.has(r.pmid), `${c.title} ${r.pmid}`).toBe(true);
        expect(r.url).toBe(`https://pubmed.ncbi.nlm.nih.gov/${r.pmid}/`);
      }
      // Every processed score names where its reference population comes from.
      if (c.referenceCohort)
        expect(
          c.references.some((r) => r.basis !== 'snps'),
          c.title,
        ).toBe(true);
      // Further reading never repeats a reference, and says why it is outside the score.
      for (const f of c.furtherReading) {
        expect(
          c.references.map((r) => r.pmid),
          c.title,
        ).not.toContain(f.pmid);
        expect(f.reason.length, `${c.title} ${f.pmid}`).toBeGreaterThan(30);
      }
    }
  });

  it('moves the papers of SNPs outside the score to further reading (McLaren, Ferrucci, Lin, Keene, Wang, Hazra)', () => {
    expect(pmids('Iron')).toEqual(['25352340']);
    expect(further('Iron')).toEqual(['21483845']); // McLaren 2011
    expect(pmids('Vitamin A')).toEqual(['21878437']);
    expect(further('Vitamin A')).toEqual(['19185284']); // Ferrucci 2009
    expect(pmids('Vitamin B12')).toEqual(['19303062']);
    expect(further('Vitamin B12').sort()).toEqual(['19744961', '22367966', '25147783']); // Hazra 2009, Lin 2012, Keene 2014
    expect(pmids('Vitamin D')).toEqual(['29343764']);
    expect(further('Vitamin D')).toEqual(['20541252']); // Wang 2010
    expect(entry('Iron').references[0]!.basis).toBe('snps-and-reference-population');
  });

  it("cites selenium's reference population, Cornelis 2015, beside the SNPs' paper", () => {
    expect(entry('Selenium').references).toEqual([
      expect.objectContaining({ pmid: '23720494', basis: 'snps' }),
      expect.objectContaining({ pmid: '25343990', basis: 'reference-population', citation: expect.stringMatching(/^Cornelis 2015/) }),
    ]);
  });

  it('a component without a score has no references, only further reading', () => {
    expect(entry('Vitamin K').references).toEqual([]);
    expect(further('Vitamin K').sort()).toEqual(['19300499', '25411281']);
    expect(entry('Potassium').references).toEqual([]);
    expect(entry('Potassium').furtherReading).toEqual([]);
  });

  it('writes thousands in citations with a no-break space, so they read the same with a decimal point or comma', () => {
    expect(entry('Vitamin D').references[0]!.citation).toBe('Jiang 2018 (Nat Commun 9:260; SUNLIGHT, n=79\u00a0366 EUR)');
    expect(
      catalogue
        .flatMap((c) => [...c.references, ...c.furtherReading])
        .map((r) => r.citation)
        .join(' '),
    ).not.toMatch(/\d,\d{3}/);
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
      expect(
        all(r)
          .filter((c) => c.riskLevel !== ResultLevel.NOT_PROCESSED)
          .map((c) => c.title)
          .sort(),
      ).toEqual([...ALWAYS_PROCESSED].sort());
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
});

/** The same consumer file with every genotype written on the opposite strand (A<->T, C<->G). */
function complementFile(text: string): string {
  const flip: Record<string, string> = { A: 'T', T: 'A', C: 'G', G: 'C' };
  return text
    .split('\n')
    .map((line) => {
      if (line.startsWith('#') || line.trim() === '') return line;
      const cells = line.split('\t');
      cells[3] = cells[3]!.replace(/[ACGT]/g, (b) => flip[b]!);
      return cells.join('\t');
    })
    .join('\n');
}

/** Every figure of a component except which strand its genotypes were read on. */
const figures = (c: ResultComponent) => ({ ...c, genotypes: c.genotypes.map((g) => ({ ...g, genotype: null, strand: null })) });

describe('strand matching over a whole consumer file', () => {
  for (const seed of ['demo:thandi.nkosi', 'demo:johan.smit', 'strand-1', 'strand-2', 'strand-3']) {
    it(`${seed}: the complemented file gives the same figures as the forward file`, () => {
      const text = generateSyntheticGenotypeFile(seed);
      const forward = computeResults(text);
      const reverse = computeResults(complementFile(text));
      // The complemented file really is on the other strand: its genotypes are all different letters.
      expect(byTitle(reverse, 'Calcium').genotypes[0]!.genotype).not.toBe(byTitle(forward, 'Calcium').genotypes[0]!.genotype);
      for (const [f, r] of all(forward).map((c, i) => [c, all(reverse)[i]!] as const)) {
        expect(figures(r), f.title).toEqual(figures(f));
        for (const [fg, rg] of f.genotypes.map((g, i) => [g, r.genotypes[i]!] as const)) {
          expect(rg.strand, `${f.title} ${fg.rsid}`).toBe({ forward: 'reverse', reverse: 'forward', either: 'either' }[fg.strand!] ?? null);
        }
      }
      // Calcium and phosphorus, whose other alleles are unknown, are scored on the reverse strand too.
      expect(byTitle(reverse, 'Calcium').riskLevel).not.toBe(ResultLevel.NOT_PROCESSED);
      expect(byTitle(reverse, 'Phosphorus').riskLevel).not.toBe(ResultLevel.NOT_PROCESSED);
    });
  }

  it('a file whose letters fit neither strand of any SNP processes nothing', () => {
    const data = loadGeneticsData();
    const flip: Record<string, string> = { A: 'T', T: 'A', C: 'G', G: 'C' };
    const lines: string[] = [];
    for (const [, file] of data.scores) {
      for (const v of file.variants) {
        // Known other allele: the effect allele with its complement (A/T at an A/G SNP fits neither strand).
        // Unknown other allele: the two bases that are neither the effect allele nor its complement.
        const g =
          v.otherAllele !== null
            ? v.effectAllele + flip[v.effectAllele]!
            : ['A', 'C', 'G', 'T'].filter((b) => b !== v.effectAllele && b !== flip[v.effectAllele]).join('');
        lines.push(`${v.rsid}\t1\t1\t${g}`);
      }
    }
    const r = computeResults(lines.join('\n'));
    for (const c of all(r)) {
      expectLocked(c);
      for (const g of c.genotypes) expect(['allele-mismatch', 'ambiguous'], `${c.title} ${g.rsid} ${g.genotype}`).toContain(g.status);
    }
    expect(byTitle(r, 'Calcium').genotypes.every((g) => g.status === 'allele-mismatch')).toBe(true);
  });

  it('rs1550532 (possibly C/G, other allele unknown): a reverse heterozygote counts 1, its homozygotes are not used', () => {
    const base = ['rs1801725\t3\t1\tGG', 'rs780094\t2\t1\tCC', 'rs1570669\t20\t1\tGG', 'rs10491003\t10\t1\tCC', 'rs7481584\t11\t1\tGG', 'rs7336933\t13\t1\tGG'];
    const calcium = (g: string) => byTitle(computeResults([...base, `rs1550532\t2\t1\t${g}`].join('\n')), 'Calcium');
    const row = (g: string) => calcium(g).genotypes.find((x) => x.rsid === 'rs1550532')!;
    expect(row('GA')).toMatchObject({ status: 'called', dosage: 1, strand: 'reverse' });
    expect(calcium('GA').score).toBe(calcium('CT').score);
    expect(calcium('GA').numberOfSnps).toBe(7);
    expect(row('CG')).toMatchObject({ status: 'called', dosage: 1, strand: 'either' });
    for (const g of ['CC', 'GG']) {
      expect(row(g).status).toBe('ambiguous');
      expect(calcium(g).numberOfSnps).toBe(6);
    }
  });
});

describe('computeResults on hand-written files (hand-computed values)', () => {
  it('Vitamin B6, rs4654748 TT (as Thandi): the maximum, held by 25%: 75 + 25/2 = 87.5 → Increased', () => {
    const b6 = byTitle(computeResults('rs4654748\t1\t21459575\tTT\n'), 'Vitamin B6');
    expect(b6).toMatchObject({ score: 0, maxValue: 0, shareLower: 75, shareSame: 25, percentile: 87.5, riskLevel: ResultLevel.HIGH });
    // Written on the reverse strand (AA), the same.
    expect(byTitle(computeResults('rs4654748\t1\t21459575\tAA\n'), 'Vitamin B6')).toMatchObject({ score: 0, shareLower: 75, shareSame: 25, percentile: 87.5 });
  });

  it('Vitamin B6, rs4654748 CC: score -2.9, mean -1.45, percentile ½·0.25 = 12.5 → Decreased', () => {
    const r = computeResults('rsid\tchromosome\tposition\tgenotype\nrs4654748\t1\t21459575\tCC\n');
    const b6 = byTitle(r, 'Vitamin B6');
    expect(r.synthetic).toBe(false);
    expect(b6).toMatchObject({
      score: -2.9,
      mean: -1.45,
      averageScore: -1.45,
      minValue: -2.9,
      maxValue: 0,
      median: -1.45,
      percentile: 12.5,
      shareLower: 0,
      shareSame: 25,
      riskLevel: ResultLevel.LOW,
      scoreCategory: 'decreased',
      scoreMood: 'red',
      numberOfSnps: 1,
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
