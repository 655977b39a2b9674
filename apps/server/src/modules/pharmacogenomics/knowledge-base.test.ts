import { describe, expect, it } from 'vitest';
import { PGX_MESSAGES } from '@portal/contract';
import { parseCalls } from './calls';
import { loadCatalogue, readPgxFile } from './catalogue';
import { KnowledgeBaseError, knowledgeBaseFromTable, shippedKnowledgeBase } from './knowledge-base';
import { buildReportRows, type ReportRowDraft } from './mapping';
import { runMatrix } from './matrix';
import { medicineContext, mentions, recommendationsIfPhenoconverted } from './medicines';

const catalogue = loadCatalogue();
const kb = shippedKnowledgeBase();

/** CPIC's own text for a drug and lookup key, read straight from the shipped table (not through the portal's parser). */
interface CpicRow {
  lookupkey: Record<string, string>;
  drugrecommendation: string;
  classification: string;
  population: string;
}
const table = JSON.parse(readPgxFile('pharmcat/cpic-2023-08/cpic_drugs.json')) as Array<{ drugname: string; recommendations: CpicRow[] | null }>;
function cpic(drug: string, key: Record<string, string>, population = 'general'): CpicRow {
  const rows = table
    .find((d) => d.drugname === drug)!
    .recommendations!.filter(
      (r) => JSON.stringify(Object.entries(r.lookupkey).sort()) === JSON.stringify(Object.entries(key).sort()) && r.population.trim() === population,
    );
  expect(rows, `${drug} ${JSON.stringify(key)} ${population}`).toHaveLength(1);
  return rows[0]!;
}

const HEADER =
  'Gene\tSource Diplotype\tPhenotype\tActivity Score\tHaplotype 1\tHaplotype 1 Function\tHaplotype 1 Activity Value\tHaplotype 2\tHaplotype 2 Function\tHaplotype 2 Activity Value\tOutside Call';
const line = (gene: string, a1: string, f1: string, a2: string, f2: string, phenotype: string, score = '') =>
  [gene, `${a1}/${a2}`, phenotype, score, a1, f1, '', a2, f2, '', 'no'].join('\t');
function report(lines: string[], outside?: string): ReportRowDraft[] {
  return buildReportRows(kb, parseCalls(catalogue, [HEADER, ...lines].join('\n'), outside).calls, catalogue);
}
const rowsOf = (rows: ReportRowDraft[], drug: string, gene: string) => rows.filter((r) => r.genericName === drug && r.gene === gene);

describe('the whole CPIC table, layered', () => {
  it('ships CPIC v1.30.0 (110 drugs) under the CPIC 1.56 rows, and names every row’s source', () => {
    expect(table).toHaveLength(110);
    expect(kb.sources!.map((s) => s.id)).toEqual(['cpic-1.30.0', 'pharmcat-3.1.0']);
    expect(kb.recommendations.filter((r) => r.source === 'cpic-1.30.0').length).toBeGreaterThan(2000);
    expect(kb.recommendations.every((r) => r.source)).toBe(true);
    // Warfarin and peginterferon: CPIC's guidance is not a lookup table; their guidelines are still known.
    expect(kb.guidelines!.find((g) => g.drug === 'warfarin')).toMatchObject({
      genes: ['CYP2C9', 'CYP4F2', 'VKORC1'],
      url: expect.stringContaining('cpicpgx.org'),
    });
  });

  it('CYP2C19 intermediate metabolizer: clopidogrel in each population, in plain words, flagged as updated by CPIC', () => {
    const rows = rowsOf(report([line('CYP2C19', '*1', 'Normal function', '*2', 'No function', 'Intermediate Metabolizer')]), 'clopidogrel', 'CYP2C19').sort(
      (a, b) => a.specialtyPopulation!.localeCompare(b.specialtyPopulation!),
    );
    const expected = [
      ['Cardiovascular: acute coronary syndrome or PCI', cpic('clopidogrel', { CYP2C19: 'Intermediate Metabolizer' }, 'CVI ACS PCI')],
      ['Cardiovascular: no acute coronary syndrome or PCI', cpic('clopidogrel', { CYP2C19: 'Intermediate Metabolizer' }, 'CVI non-ACS non-PCI')],
      ['Neurovascular indications', cpic('clopidogrel', { CYP2C19: 'Intermediate Metabolizer' }, 'NVI')],
    ] as const;
    expect(rows.map((r) => r.specialtyPopulation)).toEqual(expected.map((e) => e[0]));
    rows.forEach((r, i) => {
      expect(r.recommendation).toBe(expected[i]![1].drugrecommendation);
      expect(r).toMatchObject({
        source: 'CPIC table v1.30.0 of 14 August 2023 (as PharmCAT shipped it)',
        guidelineUpdatedOn: '2023-10-20',
        levelOfEvidence: [1, 2],
      });
    });
    expect(rows[0]!.recommendation).toMatch(/^Avoid standard dose \(75 mg\) clopidogrel/);
    // CPIC's own 'No recommendation' for the non-ACS, non-PCI population is CPIC's word, not a gap.
    expect(rows[1]).toMatchObject({ coverage: 'noRecommendation', classification: 'No recommendation' });
    expect(PGX_MESSAGES.guidelineUpdated(rows[0]!.guidelineUpdatedOn!)).toBe('CPIC updated this guideline on 2023-10-20: confirm at cpicpgx.org');
  });

  it('HLA-B*58:01 positive: allopurinol is contraindicated (Strong), by allele status', () => {
    const [row] = rowsOf(
      report([line('CYP2C19', '*1', 'Normal function', '*1', 'Normal function', 'Normal Metabolizer')], 'HLA-B\t*44:03/*58:01\n'),
      'allopurinol',
      'HLA-B',
    );
    const expected = cpic('allopurinol', { 'HLA-B': '*58:01 positive' });
    expect(row).toMatchObject({
      recommendation: expected.drugrecommendation,
      classification: 'Strong',
      phenotype: '*58:01 positive',
      coverage: 'recommendation',
    });
    expect(row!.recommendation).toBe('Allopurinol is contraindicated');
  });

  it('CYP2C9 intermediate metabolizer (activity score 1.0): celecoxib', () => {
    const [row] = rowsOf(
      report([line('CYP2C9', '*1', 'Normal function', '*3', 'Decreased function', 'Intermediate Metabolizer', '1.0')]),
      'celecoxib',
      'CYP2C9',
    );
    expect(row).toMatchObject({ recommendation: cpic('celecoxib', { CYP2C9: '1.0' }).drugrecommendation, cpicLevel: 'A', levelInferred: false });
  });

  it('TPMT intermediate metabolizer with NUDT15 normal: azathioprine, flagged for CPIC’s 2026 thiopurine update', () => {
    const rows = report([
      line('TPMT', '*1', 'Normal function', '*3A', 'No function', 'Intermediate Metabolizer'),
      line('NUDT15', '*1', 'Normal function', '*1', 'Normal function', 'Normal Metabolizer'),
    ]);
    const expected = cpic('azathioprine', { TPMT: 'Intermediate Metabolizer', NUDT15: 'Normal Metabolizer' });
    for (const gene of ['TPMT', 'NUDT15']) {
      expect(rowsOf(rows, 'azathioprine', gene)[0]).toMatchObject({ recommendation: expected.drugrecommendation, guidelineUpdatedOn: '2026-02-04' });
    }
  });

  it('DPYD activity score 1: fluorouracil', () => {
    const [row] = rowsOf(
      report([line('DPYD', 'Reference', 'Normal function', 'c.1905+1G>A (*2A)', 'No function', 'Intermediate Metabolizer', '1.0')]),
      'fluorouracil',
      'DPYD',
    );
    expect(row).toMatchObject({ recommendation: cpic('fluorouracil', { DPYD: '1.0' }).drugrecommendation, coverage: 'recommendation' });
  });

  it('CYP2D6 poor metabolizer (an outside call with its phenotype and score): codeine', () => {
    const [row] = rowsOf(
      report([line('CYP2C19', '*1', 'Normal function', '*1', 'Normal function', 'Normal Metabolizer')], 'CYP2D6\t*4/*4\tPoor Metabolizer\t0.0\n'),
      'codeine',
      'CYP2D6',
    );
    expect(row).toMatchObject({ recommendation: cpic('codeine', { CYP2D6: '0.0' }).drugrecommendation, classification: 'Strong' });
    expect(row!.recommendation).toMatch(/^Avoid codeine use/);
  });

  it('MT-RNR1 1555A>G (PharmCAT’s example writes it without m.): amikacin and every other aminoglycoside', () => {
    const rows = report([line('CYP2C19', '*1', 'Normal function', '*1', 'Normal function', 'Normal Metabolizer')], 'MT-RNR1\t1555A>G\n');
    const amikacin = rowsOf(rows, 'amikacin', 'MT-RNR1')[0]!;
    expect(amikacin).toMatchObject({
      phenotype: 'increased risk of aminoglycoside-induced hearing loss',
      classification: 'Strong',
      coverage: 'recommendation',
      diseasePhenotype: 'Aminoglycoside-induced hearing loss',
      recommendation: cpic('amikacin', { 'MT-RNR1': 'increased risk of aminoglycoside-induced hearing loss' }).drugrecommendation,
    });
    const aminoglycosides = rows.filter((r) => r.gene === 'MT-RNR1');
    expect(aminoglycosides.length).toBeGreaterThanOrEqual(7);
    expect(aminoglycosides.every((r) => r.coverage === 'recommendation')).toBe(true);
  });

  it('a phenotype matrix generated from the shipped table yields CPIC’s text for every sampled drug and lookup key', () => {
    // Every 25th row here; `npm run pgx-matrix -w apps/server` runs all of them (docs/performance.md).
    const { cases, problems } = runMatrix(kb, catalogue, 25);
    expect(cases).toBeGreaterThan(80);
    expect(problems).toEqual([]);
  });
});

describe('a table the provider loads', () => {
  it('accepts PharmCAT’s per-drug JSON as well, as a layer on top of the shipped ones', () => {
    const clopidogrel = table
      .filter((d) => d.drugname === 'clopidogrel')
      .map((d) => ({
        ...d,
        recommendations: d.recommendations!.map((r) =>
          r.lookupkey['CYP2C19'] === 'Intermediate Metabolizer' ? { ...r, drugrecommendation: `${r.drugrecommendation} (newer)` } : r,
        ),
        cpicVersion: 'v9.9.9',
      }));
    const loaded = knowledgeBaseFromTable(JSON.stringify(clopidogrel), 'Test drugs', '2026-11-24');
    const rows = buildReportRows(
      loaded,
      parseCalls(catalogue, [HEADER, line('CYP2C19', '*1', 'Normal function', '*2', 'No function', 'Intermediate Metabolizer')].join('\n')).calls,
      catalogue,
    );
    const clop = rowsOf(rows, 'clopidogrel', 'CYP2C19');
    expect(
      clop.every(
        (r) =>
          r.recommendation!.endsWith('(newer)') &&
          r.source === 'CPIC v9.9.9, data of 24 November 2026 (Test drugs, loaded 24 November 2026)' &&
          r.guidelineUpdatedOn === null,
      ),
    ).toBe(true);
    // Drugs the loaded table does not have still come from the shipped layers.
    expect(rowsOf(rows, 'citalopram', 'CYP2C19')[0]!.source).toBe('CPIC table v1.30.0 of 14 August 2023 (as PharmCAT shipped it)');
    expect(() =>
      knowledgeBaseFromTable('[{"drugname":"x","genes":["CYP2C19"],"recommendations":[{"lookupkey":{},"classification":"Strong"}]}]', 'Bad'),
    ).toThrow(KnowledgeBaseError);
  });
});

describe('the medicines the patient takes', () => {
  it('matches generic names case and spacing insensitively, as whole words', () => {
    expect(mentions('Clopidogrel 75 mg daily; PAROXETINE  20mg', 'clopidogrel')).toBe(true);
    expect(mentions('Clopidogrel 75 mg daily; PAROXETINE  20mg', 'paroxetine')).toBe(true);
    expect(mentions('peginterferon   alfa-2a weekly', 'peginterferon alfa-2a')).toBe(true);
    expect(mentions('fluoxetineX', 'fluoxetine')).toBe(false);
    const m = medicineContext('Paroxetine 20 mg; codeine for pain', kb);
    expect(m.taking).toEqual(['codeine', 'paroxetine']);
    expect(m.converters.map((c) => [c.drug, c.enzyme, c.strength])).toEqual([['paroxetine', 'CYP2D6', 'strong']]);
  });

  it('reads them as a clinician does: a stopped medicine is not taken, a loaded brand name counts, and what matches nothing is kept to be said', () => {
    const m = medicineContext(['Stopped paroxetine in March; Plavix 75 mg', 'Paracetamol for headaches, no longer on codeine'], kb, [
      { brand: 'Plavix', generic: 'clopidogrel' },
    ]);
    expect(m).toMatchObject({ answered: true, taking: ['clopidogrel'], stopped: ['codeine', 'paroxetine'], notRecognised: ['Paracetamol for headaches'] });
    // A stopped inhibitor flags nothing.
    expect(m.converters).toEqual([]);
    // Without the brand list, Plavix is not recognised rather than silently dropped.
    expect(medicineContext('Plavix 75 mg', kb).notRecognised).toEqual(['Plavix 75 mg']);
    expect(medicineContext(['none'], kb)).toMatchObject({ answered: true, taking: [], notRecognised: [] });
  });

  it('paroxetine with codeine: CPIC’s recommendation for activity score 0 is what applies if phenoconverted', () => {
    const calls = parseCalls(
      catalogue,
      [HEADER, line('CYP2C19', '*1', 'Normal function', '*1', 'Normal function', 'Normal Metabolizer')].join('\n'),
      'CYP2D6\t*1/*1\tNormal Metabolizer\t2.0\n',
    ).calls;
    const genetic = rowsOf(buildReportRows(kb, calls, catalogue), 'codeine', 'CYP2D6')[0]!;
    expect(genetic.recommendation).toBe(cpic('codeine', { CYP2D6: '2.0' }).drugrecommendation);
    const converted = recommendationsIfPhenoconverted(kb, calls).get('codeine|General')!;
    expect(converted.recommendation).toBe(cpic('codeine', { CYP2D6: '0.0' }).drugrecommendation);
    expect(converted.recommendation).not.toBe(genetic.recommendation);
  });
});
