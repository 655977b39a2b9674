import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PGX_MESSAGES } from '@portal/contract';
import { CallsError, parseCalls, type GeneCall } from './calls';
import { loadCatalogue, readPgxFile } from './catalogue';
import { shippedKnowledgeBase } from './knowledge-base';
import { actionableGenes, buildReportRows, matchRecommendations } from './mapping';
import { phenotypeTables } from './phenotype-tables';

/**
 * Issue 29: what goes into the lookup is held to the standard of the lookup itself. Every input
 * shape the portal accepts has a fixture in ./fixtures (or is PharmCAT's own example).
 */
const catalogue = loadCatalogue();
const kb = shippedKnowledgeBase();
const fixture = (name: string) => fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8');

const HEADER =
  'Gene\tSource Diplotype\tPhenotype\tActivity Score\tHaplotype 1\tHaplotype 1 Function\tHaplotype 1 Activity Value\tHaplotype 2\tHaplotype 2 Function\tHaplotype 2 Activity Value\tOutside Call\tMatch Score\tMissing positions\tRecommendation Lookup Diplotype\tRecommendation Lookup Phenotype\tRecommendation Lookup Activity Score';
/** One calls-only line in PharmCAT's layout: the lookup columns repeat the call unless given. */
function line(gene: string, a1: string, a2: string | null, phenotype: string, score = '', lookup: { phenotype?: string; score?: string } = {}) {
  const dip = a2 === null ? a1 : `${a1}/${a2}`;
  return [gene, dip, phenotype, score, a1, '', '', a2 ?? '', '', '', 'no', '', 'no', dip, lookup.phenotype ?? phenotype, lookup.score ?? score].join('\t');
}
const tsv = (...lines: string[]) => [HEADER, ...lines].join('\n');
const problemsOf = (calls: string, outside?: string) => {
  try {
    parseCalls(catalogue, calls, outside);
  } catch (e) {
    if (e instanceof CallsError) return e.problems;
    throw e;
  }
  return [];
};
const of = (calls: GeneCall[], gene: string) => calls.find((c) => c.gene === gene)!;
const rowsFor = (calls: GeneCall[], drug: string, gene?: string) =>
  buildReportRows(kb, calls, catalogue).filter((r) => r.genericName === drug && (!gene || r.gene === gene));

describe('a missing score is not a score', () => {
  const { calls } = parseCalls(catalogue, fixture('blank-scores.calls.tsv'));

  it('keeps blank activity scores blank (never 0) and reads the rest of the call', () => {
    for (const gene of ['CYP2C9', 'DPYD', 'CYP2D6'])
      expect(of(calls, gene), gene).toMatchObject({ phenotype: 'Normal Metabolizer', activityScore: '', lookupActivityScore: '' });
  });

  it('CYP2D6 *1/*1 and CYP2C9 *1/*1 with empty score cells: no Poor Metabolizer row, no "avoid", no highlight', () => {
    const rows = buildReportRows(kb, calls, catalogue);
    const scored = rows.filter((r) => ['CYP2D6', 'CYP2C9', 'DPYD'].includes(r.gene));
    expect(scored.filter((r) => r.phenotype === 'Poor Metabolizer')).toEqual([]);
    expect(scored.filter((r) => /^avoid|alternative hormonal|50% of the/i.test(r.recommendation ?? ''))).toEqual([]);
    // Codeine, tamoxifen, phenytoin: each says no score was reported, with the guideline to read.
    for (const [drug, gene] of [
      ['codeine', 'CYP2D6'],
      ['tamoxifen', 'CYP2D6'],
      ['celecoxib', 'CYP2C9'],
    ] as const) {
      expect(rowsFor(calls, drug, gene), drug).toEqual([
        expect.objectContaining({
          coverage: 'notCovered',
          note: PGX_MESSAGES.notCoveredWhy.noScore(gene),
          guidelineUrl: expect.stringContaining('cpicpgx.org'),
        }),
      ]);
    }
    expect(actionableGenes(kb, calls, catalogue).map((g) => g.gene)).not.toContain('CYP2D6');
    expect(actionableGenes(kb, calls, catalogue).map((g) => g.gene)).not.toContain('CYP2C9');
  });

  it('DPYD Reference/Reference with empty score cells: fluorouracil is not "avoid", it is not covered for want of a score', () => {
    for (const r of rowsFor(calls, 'fluorouracil', 'DPYD')) {
      expect(r.recommendation ?? '').not.toMatch(/avoid/i);
      expect(r).toMatchObject({ coverage: 'notCovered', note: PGX_MESSAGES.notCoveredWhy.noScore('DPYD') });
    }
  });

  it('an indeterminate CYP2C9 and an outside CYP2D6 without phenotype or score: CPIC’s own rows for no score, never the score-0 rows', () => {
    const ind = parseCalls(catalogue, fixture('indeterminate.calls.tsv')).calls;
    expect(of(ind, 'CYP2C9')).toMatchObject({ phenotype: 'Indeterminate', activityScore: '', check: 'table' });
    const rows = buildReportRows(kb, ind, catalogue).filter((r) => ['CYP2D6', 'CYP2C9'].includes(r.gene));
    expect(rows.filter((r) => r.phenotype === 'Poor Metabolizer' || /^avoid codeine/i.test(r.recommendation ?? ''))).toEqual([]);
    expect(rowsFor(ind, 'celecoxib', 'CYP2C9')[0]).toMatchObject({ coverage: 'notCovered', note: PGX_MESSAGES.notCoveredWhy.indeterminate });
    expect(actionableGenes(kb, ind, catalogue).map((g) => g.gene)).toEqual([]);
  });

  it('an activity score written 1 is 1.0', () => {
    const { calls: c } = parseCalls(catalogue, fixture('score-as-integer.calls.tsv'));
    expect(of(c, 'CYP2C9')).toMatchObject({ activityScore: '1.0', lookupActivityScore: '1.0', check: 'table' });
    expect(rowsFor(c, 'celecoxib', 'CYP2C9')[0]).toMatchObject({ coverage: 'recommendation', activityScore: '1.0' });
  });
});

describe('HLA at any resolution', () => {
  const hlaB = (diplotype: string) => of(parseCalls(catalogue, tsv(line('CYP2C19', '*1', '*1', 'Normal Metabolizer')), `HLA-B\t${diplotype}\n`).calls, 'HLA-B');
  const recommendation = (diplotype: string, drug: string) => {
    const calls = parseCalls(catalogue, tsv(line('CYP2C19', '*1', '*1', 'Normal Metabolizer')), `HLA-B\t${diplotype}\n`).calls;
    return rowsFor(calls, drug, 'HLA-B')
      .map((r) => r.recommendation)
      .join(' | ');
  };

  it('*57:01:01:02, *58:01:01 and *15:02:01 carry their two-field allele’s positive status', () => {
    expect(hlaB('*57:01:01:02/*07:02:01').phenotype).toBe('*15:02 negative;*57:01 positive;*58:01 negative');
    expect(hlaB('*57:01:01/*07:02:01N').phenotype).toContain('*57:01 positive');
    expect(hlaB('*58:01:01/*07:02').phenotype).toContain('*58:01 positive');
    expect(hlaB('*15:02:01/*07:02').phenotype).toContain('*15:02 positive');
  });

  it('and so get CPIC’s advice for carriers: abacavir, allopurinol, carbamazepine and oxcarbazepine', () => {
    expect(recommendation('*57:01:01/*07:02:01', 'abacavir')).toMatch(/not recommended/i);
    expect(recommendation('*57:01:01/*07:02:01', 'abacavir')).not.toMatch(/per standard dosing/i);
    expect(recommendation('*58:01:01/*07:02', 'allopurinol')).toMatch(/contraindicated/i);
    expect(recommendation('*15:02:01/*07:02', 'carbamazepine')).toMatch(/do not use carbamazepine/i);
    expect(recommendation('*15:02:01/*07:02', 'oxcarbazepine')).toMatch(/do not use oxcarbazepine/i);
  });

  it('anything not an HLA allele is refused as before', () => {
    expect(problemsOf(tsv(line('CYP2C19', '*1', '*1', 'Normal Metabolizer')), 'HLA-B\t57:01:01/*07:02\n')).toEqual([
      "outside calls line 1: '57:01:01' is not an HLA-B allele in HLA nomenclature (such as *57:01 or *57:01:01)",
    ]);
    expect(problemsOf(tsv(line('CYP2C19', '*1', '*1', 'Normal Metabolizer')), 'HLA-B\t*57:01:01:02:03/*07:02\n')[0]).toMatch(/not an HLA-B allele/);
  });
});

describe('calls must follow from their diplotype', () => {
  it('refuses the impossible calls, naming the line, the diplotype, the value given and the one expected, and stores nothing', () => {
    expect(problemsOf(tsv(line('CYP2C19', '*2', '*2', 'Normal Metabolizer')))).toEqual([
      "line 2: CYP2C19 *2/*2 is given the phenotype 'Normal Metabolizer', but PharmCAT's table gives 'Poor Metabolizer' for *2/*2",
      "line 2: CYP2C19 *2/*2 is given the lookup phenotype 'Normal Metabolizer', but PharmCAT's table gives 'Poor Metabolizer' for *2/*2",
    ]);
    expect(problemsOf(tsv(line('TPMT', '*3A', '*3A', 'Normal Metabolizer')))[0]).toBe(
      "line 2: TPMT *3A/*3A is given the phenotype 'Normal Metabolizer', but PharmCAT's table gives 'Poor Metabolizer' for *3A/*3A",
    );
    expect(problemsOf(tsv(line('DPYD', 'c.1905+1G>A (*2A)', 'c.1905+1G>A (*2A)', 'Poor Metabolizer', '2.0')))[0]).toBe(
      "line 2: DPYD c.1905+1G>A (*2A)/c.1905+1G>A (*2A) is given the activity score '2.0', but PharmCAT's table gives '0.0' for c.1905+1G>A (*2A)/c.1905+1G>A (*2A)",
    );
  });

  it('refuses a lookup column that contradicts the phenotype, where PharmCAT has a table and where it has none', () => {
    expect(problemsOf(tsv(line('CYP2C19', '*1', '*2', 'Intermediate Metabolizer', '', { phenotype: 'Normal Metabolizer' })))).toEqual([
      "line 2: CYP2C19 *1/*2 is given the lookup phenotype 'Normal Metabolizer', but PharmCAT's table gives 'Intermediate Metabolizer' for *1/*2",
    ]);
    expect(problemsOf(tsv(line('CYP2D6', '*1', '*4', 'Intermediate Metabolizer', '1.0', { score: '2.0' })))).toEqual([
      "line 2: CYP2D6's lookup activity score '2.0' contradicts its activity score '1.0'",
    ]);
  });

  it('says which calls could not be cross-checked: CYP2D6 (no table) is taken as given, and the summary says so', () => {
    const { calls } = parseCalls(
      catalogue,
      tsv(line('CYP2D6', '*1', '*4', 'Intermediate Metabolizer', '1.0'), line('CYP2C19', '*1', '*2', 'Intermediate Metabolizer')),
    );
    expect(of(calls, 'CYP2D6').check).toBe('noTable');
    expect(of(calls, 'CYP2C19').check).toBe('table');
  });

  it('property: every diplotype of every shipped table imports to the table’s phenotype, score and lookup key, and finds CPIC’s rows for that key', () => {
    let count = 0;
    const keys = new Map<string, { gene: string; key: string; calls: GeneCall[] }>();
    for (const table of phenotypeTables().values()) {
      const def = catalogue.get(table.gene)!;
      for (const entry of table.diplotypes.values()) {
        const alleles = def.haploid ? [entry.diplotype] : entry.diplotype.split('/');
        // PharmCAT writes an 'n/a' score as a blank cell.
        const score = entry.activityScore === 'n/a' ? ' ' : (entry.activityScore ?? '');
        const { calls } = parseCalls(catalogue, tsv(line(table.gene, alleles[0]!, def.haploid ? null : alleles[1]!, entry.phenotype, score)));
        const call = of(calls, table.gene);
        const lookup = def.activityScores.length ? call.lookupActivityScore || 'n/a' : call.lookupPhenotype;
        expect({ phenotype: call.phenotype, lookup, check: call.check }, `${table.gene} ${entry.diplotype}`).toEqual({
          phenotype: entry.phenotype,
          lookup: entry.lookupKey,
          check: 'table',
        });
        keys.set(`${table.gene}|${entry.lookupKey}`, { gene: table.gene, key: entry.lookupKey, calls });
        count++;
      }
    }
    expect(count).toBeGreaterThan(17_000);
    // CPIC's rows for each key (every other gene uncalled): exactly those keyed on this gene's value whose other genes are 'No Result'.
    const sameKey = (value: string, key: string) => value === key || (/^\d/.test(value) && Number(value) === Number(key));
    for (const { gene, key, calls } of keys.values()) {
      const got = new Set(matchRecommendations(kb, calls).filter((r) => gene in r.lookup));
      const expected = kb.recommendations.filter(
        (r) =>
          gene in r.lookup &&
          r.lookup[gene]!.kind !== 'noCall' &&
          sameKey(r.lookup[gene]!.value, key) &&
          Object.entries(r.lookup).every(([g, t]) => g === gene || t.kind === 'noCall'),
      );
      // The newest layer's row wins for a drug and population: every expected row is found, or a newer one for the same drug.
      for (const r of expected) expect(got.has(r) || [...got].some((x) => x.drug === r.drug), `${gene} ${key} ${r.drug}`).toBe(true);
      for (const r of got) expect(sameKey(r.lookup[gene]!.kind === 'diplotype' ? key : r.lookup[gene]!.value, key), `${gene} ${key} ${r.drug}`).toBe(true);
    }
  });
});

describe('PharmCAT’s own output shapes', () => {
  it('DPYD from unphased data (variants joined by AND): CPIC’s rule on the two lowest-function variants, a compound heterozygote', () => {
    const { calls } = parseCalls(catalogue, fixture('dpyd-and.calls.tsv'));
    expect(of(calls, 'DPYD')).toMatchObject({
      source: 'MATCHER',
      diplotype: 'c.85T>C (*9A) AND c.1129-5923C>G, c.1236G>A (HapB3) AND c.2846A>T',
      phenotype: 'Intermediate Metabolizer',
      activityScore: '1.0',
      lookupActivityScore: '1.0',
      check: 'table',
    });
    expect(rowsFor(calls, 'fluorouracil', 'DPYD')[0]!.recommendation).toMatch(/50%/);
    // A lookup diplotype that is not the two lowest-function variants, or a score that does not follow, is refused.
    const wrong = fixture('dpyd-and.calls.tsv').replace(
      'c.1129-5923C>G, c.1236G>A (HapB3)/c.2846A>T\tIntermediate Metabolizer\t1.0',
      'c.85T>C (*9A)/c.2846A>T\tIntermediate Metabolizer\t1.5',
    );
    expect(problemsOf(wrong).join('\n')).toMatch(/is not the two lowest-function variants/);
    const score = fixture('dpyd-and.calls.tsv').replace('Intermediate Metabolizer\t1.0', 'Normal Metabolizer\t2.0');
    expect(problemsOf(score).join('\n')).toMatch(/PharmCAT's table gives 'Intermediate Metabolizer'/);
  });

  it('a no-call line and an ambiguous diplotype: not called, with PharmCAT’s reason on every row', () => {
    const { calls } = parseCalls(catalogue, fixture('no-call.calls.tsv'));
    expect(of(calls, 'CYP2C19')).toMatchObject({ source: 'NONE', note: PGX_MESSAGES.callNotes.noCall });
    expect(of(calls, 'CYP2B6')).toMatchObject({ source: 'NONE', diplotype: '*4/[*6 + *10] OR *6/[*4 + *10]' });
    expect(rowsFor(calls, 'clopidogrel', 'CYP2C19').every((r) => r.coverage === 'notCovered' && r.note!.includes(PGX_MESSAGES.callNotes.noCall))).toBe(true);
    expect(rowsFor(calls, 'efavirenz', 'CYP2B6')[0]!.note).toContain('could not tell which of these diplotypes');
    expect(of(calls, 'TPMT')).toMatchObject({ source: 'MATCHER', phenotype: 'Normal Metabolizer' });
  });

  it('outside calls as PharmCAT documents them: a diplotype, a phenotype or a score alone, or together', () => {
    const { calls } = parseCalls(catalogue, tsv(line('TPMT', '*1', '*1', 'Normal Metabolizer')), fixture('outside-shapes.outsideCall.tsv'));
    // A diplotype alone: PharmCAT reads the phenotype from its table, and so does the portal.
    expect(of(calls, 'CYP2C19')).toMatchObject({ source: 'OUTSIDE', phenotype: 'Intermediate Metabolizer', check: 'table' });
    // A score alone: looked up by score; no phenotype is made up for it.
    expect(of(calls, 'CYP2C9')).toMatchObject({ phenotype: '', activityScore: '1.0', lookupActivityScore: '1.0', check: 'noDiplotype' });
    expect(rowsFor(calls, 'celecoxib', 'CYP2C9')[0]).toMatchObject({ coverage: 'recommendation', phenotype: 'Intermediate Metabolizer' });
    expect(of(calls, 'HLA-B').phenotype).toBe('*15:02 negative;*57:01 positive;*58:01 negative');
    expect(of(calls, 'HLA-A')).toMatchObject({ phenotype: '*31:01 negative', check: 'nomenclature' });
    expect(of(calls, 'CYP2D6')).toMatchObject({ phenotype: 'Intermediate Metabolizer', activityScore: '1.0', check: 'noTable' });
    expect(of(calls, 'MT-RNR1')).toMatchObject({ diplotype: 'm.1555A>G', phenotype: 'increased risk of aminoglycoside-induced hearing loss', check: 'table' });
  });

  it('a phenotype-only HLA status answers only the allele it names', () => {
    const { calls } = parseCalls(catalogue, tsv(line('TPMT', '*1', '*1', 'Normal Metabolizer')), 'HLA-B\t\t*57:01 positive\n');
    expect(of(calls, 'HLA-B').phenotype).toBe('*57:01 positive');
    expect(rowsFor(calls, 'abacavir', 'HLA-B')[0]!.recommendation).toMatch(/not recommended/i);
    expect(rowsFor(calls, 'allopurinol', 'HLA-B')[0]).toMatchObject({
      coverage: 'notCovered',
      note: PGX_MESSAGES.notCoveredWhy.statusUnknown('HLA-B', '*58:01'),
    });
  });

  it('known wrong input stays refused with its line, never turned into a phenotype', () => {
    const base = tsv(line('TPMT', '*1', '*1', 'Normal Metabolizer'));
    expect(problemsOf(base, 'CYP2C9\t\tNormal Metabolizer\t0.0\n')).toEqual([
      "outside calls line 1: CYP2C9's phenotype 'Normal Metabolizer' with activity score '0.0' is no combination PharmCAT's CYP2C9 table gives",
    ]);
    expect(problemsOf(base, 'CYP2C19\t*1/*2\tPoor Metabolizer\n')[0]).toMatch(
      /^outside calls line 1: CYP2C19 \*1\/\*2 is given the phenotype 'Poor Metabolizer'/,
    );
    expect(problemsOf(base, 'HLA-B\t\t*44:03 positive\n')[0]).toMatch(/is not a status CPIC's HLA-B recommendations use/);
    expect(problemsOf(base, 'CYP2C19\n')[0]).toBe('outside calls line 1: CYP2C19 gives neither a diplotype, a phenotype nor an activity score');
    expect(problemsOf(base, 'CYP2D6\t*1/*4\n')[0]).toMatch(/CYP2D6 \*1\/\*4 gives no phenotype/);
    expect(problemsOf(tsv(line('CYP2C9', '*1', '*1', 'Normal Metabolizer', '2.5')))[0]).toMatch(
      /Activity score '2.5' is not one of CYP2C9's CPIC activity scores/,
    );
  });
});

describe('each layer dated by its data, gaps said truthfully', () => {
  const ex1 = parseCalls(catalogue, readPgxFile('pharmcat/pharmcat.example.report.tsv'), readPgxFile('pharmcat/pharmcat.example.outsideCall.tsv')).calls;

  it('PharmCAT 3.1.0’s rows are CPIC data of 2025-11-05: the thiopurine update of 2026-02 flags them', () => {
    for (const drug of ['azathioprine', 'mercaptopurine', 'thioguanine']) {
      const rows = rowsFor(ex1, drug).filter((r) => r.coverage !== 'notCovered');
      expect(rows.length, drug).toBeGreaterThan(0);
      for (const r of rows)
        expect(r, drug).toMatchObject({
          source: 'CPIC data of 5 November 2025 (as PharmCAT 3.1.0 reports it)',
          guidelineUpdatedOn: expect.stringMatching(/^2026-02-0[34]$/),
        });
    }
  });

  it('metoprolol: the table predates CPIC’s guideline, it is not blamed on CPIC', () => {
    const pm = parseCalls(catalogue, tsv(line('CYP2D6', '*4', '*4', 'Poor Metabolizer', '0.0'))).calls;
    expect(rowsFor(pm, 'metoprolol', 'CYP2D6')[0]).toMatchObject({
      coverage: 'notCovered',
      note: 'The portal’s CPIC table (14 August 2023) predates CPIC’s guideline for metoprolol (8 July 2024): read it.',
    });
  });

  it('warfarin: CPIC gives a dosing algorithm, linked', () => {
    for (const r of rowsFor(ex1, 'warfarin'))
      expect(r).toMatchObject({
        coverage: 'notCovered',
        note: PGX_MESSAGES.notCoveredWhy.algorithm('warfarin'),
        guidelineUrl: expect.stringContaining('warfarin'),
      });
  });

  it('carbamazepine with HLA-A not tested: the HLA-A row says so and never reads as an HLA-A result', () => {
    const nomsa = parseCalls(catalogue, readPgxFile('demo/phenoconversion.calls.tsv'), readPgxFile('demo/phenoconversion.outsideCall.tsv')).calls;
    expect(rowsFor(nomsa, 'carbamazepine', 'HLA-A')).toEqual([
      expect.objectContaining({ coverage: 'notCovered', recommendation: null, note: 'HLA-A not tested: HLA-A*31:01 status unknown.' }),
    ]);
    expect(rowsFor(nomsa, 'carbamazepine', 'HLA-B').map((r) => r.recommendation)).toContainEqual(expect.stringMatching(/standard dosing/));
  });
});
