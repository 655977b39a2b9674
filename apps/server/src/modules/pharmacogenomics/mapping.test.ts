import { describe, expect, it } from 'vitest';
import { PGX_MESSAGES } from '@portal/contract';
import { CallsError, metabolizerSpeedOf, parseCalls } from './calls';
import { loadCatalogue, readPgxFile } from './catalogue';
import { shippedKnowledgeBase } from './knowledge-base';
import {
  actionableGenes,
  advisesStandardDosing,
  buildReportRows,
  compareRows,
  diseasePhenotypeOf,
  implicationFor,
  matchRecommendations,
  phenotypeCategoryOf,
} from './mapping';
import { parseTsvRecords } from './tsv';

const catalogue = loadCatalogue();
const kb = shippedKnowledgeBase();

const EXAMPLES = {
  'pharmcat.example': { calls: 'pharmcat/pharmcat.example.report.tsv', outside: 'pharmcat/pharmcat.example.outsideCall.tsv' },
  'pharmcat.example2': { calls: 'pharmcat/pharmcat.example2.report.tsv', outside: null },
} as const;
type Example = keyof typeof EXAMPLES;

const callsOf = (example: Example) => {
  const e = EXAMPLES[example];
  return parseCalls(catalogue, readPgxFile(e.calls), e.outside ? readPgxFile(e.outside) : null);
};

/** PharmCAT's own report for the example (derived from its report JSON). */
const reportGenes = (example: Example) =>
  parseTsvRecords(readPgxFile('pharmcat/derived/gene_calls_examples.tsv')).records.filter((r) => r['example'] === example);
const reportRecommendations = (example: Example) =>
  parseTsvRecords(readPgxFile('pharmcat/derived/cpic_recommendations_from_examples.tsv')).records.filter((r) => r['example'] === example);

describe.each(Object.keys(EXAMPLES) as Example[])('%s: the mapping reproduces PharmCAT’s own report', (example) => {
  it('gives every gene the diplotype, allele functions, phenotype and activity score PharmCAT reports', () => {
    const { calls, pharmcatVersion } = callsOf(example);
    expect(pharmcatVersion).toBe('v3.1.0-2-g0b250f81');
    // One documented difference: PharmCAT reads its own example's MT-RNR1 outside call '1555A>G' as an
    // unnamed allele ('n/a'); the portal reads it as the named allele m.1555A>G (docs/decisions/005).
    const expected = reportGenes(example).map((r) =>
      r['gene'] === 'MT-RNR1' && r['diplotype'] === '1555A>G'
        ? {
            ...r,
            diplotype: 'm.1555A>G',
            allele1: 'm.1555A>G',
            allele1_function: 'Increased risk of aminoglycoside-induced hearing loss',
            phenotype: 'increased risk of aminoglycoside-induced hearing loss',
          }
        : r,
    );
    expect(calls.map((c) => c.gene)).toEqual(expected.map((r) => r['gene']));
    for (const r of expected) {
      const c = calls.find((x) => x.gene === r['gene'])!;
      // The report writes a missing function as 'None' and a missing second haplotype (MT-RNR1) as ''.
      const f = (allele: string | null, fn: string | null) => (allele === null ? '' : (fn ?? 'None'));
      expect(
        {
          call_source: c.source,
          diplotype: c.label,
          allele1: c.allele1 ?? '',
          allele1_function: f(c.allele1, c.allele1Function),
          allele2: c.allele2 ?? '',
          allele2_function: f(c.allele2, c.allele2Function),
          phenotype: c.phenotype,
          activity_score: c.activityScore,
        },
        r['gene'],
      ).toEqual({
        call_source: r['call_source'],
        diplotype: r['diplotype'],
        allele1: r['allele1'],
        allele1_function: r['allele1_function'],
        allele2: r['allele2'],
        allele2_function: r['allele2_function'],
        phenotype: r['phenotype'],
        activity_score: r['activity_score'],
      });
    }
  });

  it('finds, in its CPIC 1.56 layer, exactly the CPIC recommendations PharmCAT reports, and no others', () => {
    const { calls } = callsOf(example);
    const key = (x: { drug: string; population: string; classification: string; recommendation: string; implications: string }) =>
      JSON.stringify([x.drug, x.population, x.classification, x.recommendation, x.implications]);
    const expected = reportRecommendations(example).map((r) =>
      key({
        drug: r['drug']!,
        population: r['population']!,
        classification: r['classification']!,
        recommendation: r['recommendation']!,
        implications: r['implications']!,
      }),
    );
    const got = matchRecommendations(kb, calls)
      .filter((r) => r.source === 'pharmcat-3.1.0')
      .map(key);
    expect(got.sort()).toEqual(expected.sort());
  });

  it('shows PharmCAT’s newer row wherever it has one, and the whole table’s rows for every other drug', () => {
    const { calls } = callsOf(example);
    const matched = matchRecommendations(kb, calls);
    const general = (p: string) => (p.trim() === '' || p.trim() === 'n/a' ? 'general' : p.trim());
    const newer = new Set(reportRecommendations(example).map((r) => `${r['drug']}|${general(r['population']!)}`));
    for (const r of matched) {
      const pop = general(r.population);
      expect(r.source, `${r.drug} ${pop}`).toBe(newer.has(`${r.drug}|${pop}`) ? 'pharmcat-3.1.0' : 'cpic-1.30.0');
    }
    expect(new Set(matched.map((r) => r.drug)).size).toBeGreaterThan(new Set(reportRecommendations(example).map((r) => r['drug'])).size);
  });
});

describe('parsing calls as the lab delivers them', () => {
  const header =
    'Gene\tSource Diplotype\tPhenotype\tActivity Score\tHaplotype 1\tHaplotype 1 Function\tHaplotype 1 Activity Value\tHaplotype 2\tHaplotype 2 Function\tHaplotype 2 Activity Value\tOutside Call';
  const line = (...cells: string[]) => cells.join('\t');

  it('refuses genes, alleles, phenotypes and activity scores outside PharmCAT’s phenotype list, with line numbers', () => {
    const tsv = [
      header,
      line('CYP2C19', '*2/*99', 'Poor Metabolizer', '', '*2', 'No function', '', '*99', 'No function', '', 'no'),
      line('CYP2C9', '*1/*1', 'Normal Metabolizer', '7.5', '*1', 'Normal function', '1.0', '*1', 'Normal function', '1.0', 'no'),
      line('SLCO1B1', '*1/*1', 'Slow Function', '', '*1', 'Normal function', '', '*1', 'Normal function', '', 'no'),
      line('XYZ1', '*1/*1', '', '', '*1', '', '', '*1', '', '', 'no'),
    ].join('\n');
    const err = (() => {
      try {
        parseCalls(catalogue, tsv);
      } catch (e) {
        return e as CallsError;
      }
    })();
    expect(err).toBeInstanceOf(CallsError);
    expect(err!.problems.join('\n')).toMatch(/line 2: '\*99' is not a named allele of CYP2C19/);
    expect(err!.problems.join('\n')).toMatch(/line 3: Activity score '7.5' is not one of CYP2C9's CPIC activity scores/);
    expect(err!.problems.join('\n')).toMatch(/line 4: Phenotype 'Slow Function' is not one of SLCO1B1's CPIC phenotypes/);
    expect(err!.problems.join('\n')).toMatch(/line 5: XYZ1 is not a gene PharmCAT calls/);
  });

  it('needs PharmCAT’s header', () => {
    expect(() => parseCalls(catalogue, 'gene,diplotype\nCYP2C19,*1/*1')).toThrow(CallsError);
  });

  it('derives HLA allele statuses and the MT-RNR1 phenotype from outside calls, normalising 1555A>G to m.1555A>G', () => {
    const tsv = [header, line('CYP2C19', '*1/*1', 'Normal Metabolizer', '', '*1', 'Normal function', '', '*1', 'Normal function', '', 'no')].join('\n');
    const { calls } = parseCalls(catalogue, tsv, 'HLA-B\t*57:01/*44:02\nMT-RNR1\t1555A>G\n');
    expect(calls.find((c) => c.gene === 'HLA-B')).toMatchObject({ source: 'OUTSIDE', phenotype: '*15:02 negative;*57:01 positive;*58:01 negative' });
    expect(calls.find((c) => c.gene === 'MT-RNR1')).toMatchObject({
      source: 'OUTSIDE',
      diplotype: 'm.1555A>G',
      allele1: 'm.1555A>G',
      phenotype: 'increased risk of aminoglycoside-induced hearing loss',
      lookupPhenotype: 'increased risk of aminoglycoside-induced hearing loss',
    });
    expect(calls.find((c) => c.gene === 'CYP2D6')).toMatchObject({ source: 'NONE', phenotype: 'No Result', activityScore: 'No Result' });
  });

  it('refuses an unknown allele, gene or phenotype in outside calls with the line named, never as n/a', () => {
    const tsv = [header, line('CYP2C19', '*1/*1', 'Normal Metabolizer', '', '*1', 'Normal function', '', '*1', 'Normal function', '', 'no')].join('\n');
    const problems = (outside: string) => {
      try {
        parseCalls(catalogue, tsv, outside);
      } catch (e) {
        return (e as CallsError).problems.join('\n');
      }
      return '';
    };
    expect(problems('MT-RNR1\t1556A>T\n')).toMatch(/outside calls line 1: '1556A>T' is not a named allele of MT-RNR1/);
    expect(problems('CYP2D6\t*1/*999\tNormal Metabolizer\t2.0\n')).toMatch(/outside calls line 1: '\*999' is not a named allele of CYP2D6/);
    expect(problems('HLA-B\t57:01/*44:02\n')).toMatch(/outside calls line 1: '57:01' is not an HLA-B allele in HLA nomenclature/);
    expect(problems('# comment\nXYZ9\t*1/*1\n')).toMatch(/outside calls line 2: XYZ9 is not a gene PharmCAT knows/);
    expect(problems('CYP2D6\t*1/*4\n')).toMatch(/outside calls line 1: CYP2D6 \*1\/\*4 gives no phenotype/);
    // A missing score is no score, not an error: the call is read, and CPIC's score-keyed rows say no score was reported.
    expect(problems('CYP2D6\t*1/*4\tIntermediate Metabolizer\n')).toBe('');
    expect(problems('CYP2D6\t*1/*4\tSlow Metabolizer\t1.0\n')).toMatch(/Phenotype 'Slow Metabolizer' is not one of CYP2D6's CPIC phenotypes/);
    expect(problems('CYP2D6\t*1/*4\tIntermediate Metabolizer\t1.0\n')).toBe('');
  });

  it('takes several diplotypes of one gene as one call only when they lead to the same lookup', () => {
    const same = [
      header,
      line('CYP2D6', '*1/*4', 'Intermediate Metabolizer', '1.0', '*1', 'Normal function', '1.0', '*4', 'No function', '0.0', 'yes'),
      line('CYP2D6', '*1/*5', 'Intermediate Metabolizer', '1.0', '*1', 'Normal function', '1.0', '*5', 'No function', '0.0', 'yes'),
    ].join('\n');
    expect(parseCalls(catalogue, same).calls.find((c) => c.gene === 'CYP2D6')!.diplotype).toBe('*1/*4 OR *1/*5');
    const differ = same
      .replace('*1/*5\tIntermediate Metabolizer\t1.0', '*4/*5\tPoor Metabolizer\t0.0')
      .replace('*1\tNormal function\t1.0\t*5', '*4\tNo function\t0.0\t*5');
    expect(() => parseCalls(catalogue, differ)).toThrow(/several possible diplotypes/);
  });
});

describe('the demo variation', () => {
  it('stays within the phenotypes PharmCAT lists', () => {
    const { calls, pharmcatVersion } = parseCalls(catalogue, readPgxFile('demo/variation.calls.tsv'), readPgxFile('demo/variation.outsideCall.tsv'));
    expect(pharmcatVersion).toBeNull();
    const of = (g: string) => calls.find((c) => c.gene === g)!;
    expect([of('CYP2C19').phenotype, of('CYP2C9').phenotype, of('CYP2C9').activityScore, of('CYP2D6').source, of('HLA-B').phenotype]).toEqual([
      'Intermediate Metabolizer',
      'Intermediate Metabolizer',
      '1.0',
      'OUTSIDE',
      '*15:02 negative;*57:01 negative;*58:01 positive',
    ]);
  });
});

describe('metabolizer speed', () => {
  it('uses SPEC’s speeds and CPIC’s ultrarapid and indeterminate for enzymes, function terms for transporters, nothing for the rest', () => {
    const def = (g: string) => catalogue.get(g);
    expect(metabolizerSpeedOf(def('CYP2C19'), 'Ultrarapid Metabolizer')).toBe('ultrarapid');
    expect(metabolizerSpeedOf(def('CYP2C19'), 'Rapid Metabolizer')).toBe('rapid');
    expect(metabolizerSpeedOf(def('CYP2C19'), 'Likely Intermediate Metabolizer')).toBe('intermediate');
    expect(metabolizerSpeedOf(def('CYP2D6'), 'Poor Metabolizer')).toBe('poor');
    expect(metabolizerSpeedOf(def('CYP2D6'), 'Indeterminate')).toBe('indeterminate');
    expect(metabolizerSpeedOf(def('SLCO1B1'), 'Decreased Function')).toBe('decreased function');
    expect(metabolizerSpeedOf(def('SLCO1B1'), 'Possible Decreased Function')).toBe('decreased function');
    expect(metabolizerSpeedOf(def('G6PD'), 'Deficient')).toBeNull();
    expect(metabolizerSpeedOf(def('G6PD'), 'Indeterminate')).toBeNull();
    expect(metabolizerSpeedOf(def('HLA-B'), '*57:01 positive')).toBeNull();
  });
});

describe('report rows', () => {
  const rows = buildReportRows(kb, callsOf('pharmcat.example2').calls, catalogue);

  it('has one row per matching recommendation of each drug-gene pair, with SPEC’s columns', () => {
    const clopidogrel = rows.filter((r) => r.genericName === 'clopidogrel');
    expect(clopidogrel.map((r) => r.specialtyPopulation)).toEqual([
      'Cardiovascular: acute coronary syndrome or PCI',
      'Cardiovascular: no acute coronary syndrome or PCI',
      'Neurovascular indications',
    ]);
    expect(clopidogrel[0]).toMatchObject({
      gene: 'CYP2C19',
      category: ['Blood and clotting'],
      therapeuticClass: ['Antiplatelet'],
      atcCodes: ['B01AC04'],
      phenotype: 'Poor Metabolizer',
      metabolizerSpeed: 'poor',
      sampleGenotype: '*2/*2',
      genotypeAllele: '*2 (No function) / *2 (No function)',
      refAllele: null,
      altAllele: '*2',
      variantHaplotype: '*2 (No function)',
      classification: 'Strong',
      matched: true,
      diseasePhenotype: 'Acute coronary syndrome or PCI (cardiovascular)',
      guidelineUrl: 'https://cpicpgx.org/guidelines/guideline-for-clopidogrel-and-cyp2c19/',
      pmids: ['21716271', '23698643', '35034351'],
      coverage: 'recommendation',
      source: 'CPIC data of 5 November 2025 (as PharmCAT 3.1.0 reports it)',
      guidelineUpdatedOn: null,
    });
  });

  it('grades a pair with the level CPIC gives it, A/B where CPIC recommends for it without a level, and not graded otherwise', () => {
    expect(rows.find((r) => r.genericName === 'omeprazole')).toMatchObject({ cpicLevel: 'A', levelOfEvidence: [1], levelInferred: false });
    expect(rows.find((r) => r.genericName === 'clopidogrel')).toMatchObject({ cpicLevel: 'A/B', levelOfEvidence: [1, 2], levelInferred: true });
    expect(rows.find((r) => r.genericName === 'hydralazine')).toMatchObject({ cpicLevel: 'A/B', levelOfEvidence: [1, 2], levelInferred: false });
    expect(rows.find((r) => r.genericName === 'aspirin')).toMatchObject({
      cpicLevel: 'C',
      levelOfEvidence: [3],
      coverage: 'notCovered',
      note: PGX_MESSAGES.notCoveredWhy.levelOnly('C'),
    });
    expect(rows.find((r) => r.genericName === 'warfarin')).toMatchObject({ cpicLevel: null, levelOfEvidence: [], coverage: 'notCovered' });
    // The examples: Strong HLA-B pairs without a level in the levels file are no longer hidden by a level filter.
    const ex1 = buildReportRows(kb, callsOf('pharmcat.example').calls, catalogue);
    for (const drug of ['abacavir', 'carbamazepine']) expect(ex1.find((r) => r.genericName === drug && r.gene === 'HLA-B')!.levelOfEvidence).toContain(1);
  });

  it('says in words of its own where the knowledge base cannot answer, and why', () => {
    const codeine = rows.find((r) => r.genericName === 'codeine' && r.gene === 'CYP2D6')!;
    expect(codeine).toMatchObject({
      matched: false,
      coverage: 'notCovered',
      recommendation: null,
      note: 'CYP2D6 not tested: its result is unknown.',
      phenotype: 'No Result',
    });
    expect(codeine.guidelineUrl).toBe('https://cpicpgx.org/guidelines/guideline-for-codeine-and-cyp2d6/');
    const amikacin = rows.find((r) => r.genericName === 'amikacin')!;
    expect(amikacin).toMatchObject({ gene: 'MT-RNR1', coverage: 'notCovered', cpicLevel: 'A', note: 'MT-RNR1 not tested: its result is unknown.' });
    expect(rows.find((r) => r.genericName === 'peginterferon alfa-2a')).toMatchObject({ coverage: 'notCovered', note: PGX_MESSAGES.notCoveredWhy.noRows });
    // CPIC's row for an untested CYP2D6 answers for the tested CYP2C19 (tricyclics: CYP2C19 poor): it shows under
    // CYP2C19, and the CYP2D6 row says it was not tested instead of reading like a CYP2D6 result.
    expect(rows.find((r) => r.genericName === 'amitriptyline' && r.gene === 'CYP2C19')).toMatchObject({
      coverage: 'recommendation',
      recommendation: expect.stringMatching(/^Avoid tertiary amine use/),
    });
    expect(rows.filter((r) => r.genericName === 'amitriptyline' && r.gene === 'CYP2D6')).toEqual([
      expect.objectContaining({ coverage: 'notCovered', recommendation: null, note: 'CYP2D6 not tested: its result is unknown.' }),
    ]);
    // Warfarin's guidance is CPIC's dosing algorithm, not a missing row.
    expect(rows.find((r) => r.genericName === 'warfarin')).toMatchObject({ coverage: 'notCovered', note: PGX_MESSAGES.notCoveredWhy.algorithm('warfarin') });
  });

  it('names a reference haplotype only where the data does, and variants by their function', () => {
    const ex1 = buildReportRows(kb, callsOf('pharmcat.example').calls, catalogue);
    // CYP2C19*38 is the reference sequence: a normal-function call has no variant.
    expect(ex1.find((r) => r.gene === 'CYP2C19')).toMatchObject({ sampleGenotype: '*38/*38', refAllele: null, variantHaplotype: 'none', altAllele: 'none' });
    expect(ex1.find((r) => r.gene === 'CYP2D6')).toMatchObject({ variantHaplotype: '*3 (No function)', altAllele: '*3' });
    expect(ex1.find((r) => r.gene === 'VKORC1')).toMatchObject({ refAllele: 'rs9923231 reference (C)', variantHaplotype: 'none' });
    expect(ex1.find((r) => r.gene === 'HLA-B' && r.genericName === 'abacavir')).toMatchObject({ refAllele: null, variantHaplotype: '*15:02, *57:01' });
    expect(ex1.find((r) => r.gene === 'CYP4F2')).toMatchObject({ variantHaplotype: null, altAllele: null });
  });

  it('files a drug without an ATC code under what its CPIC guideline names, never under nothing', () => {
    expect(rows.find((r) => r.genericName === 'amikacin')).toMatchObject({
      category: ['Infections (systemic)'],
      therapeuticClass: ['Aminoglycoside antibiotic'],
      atcCodes: [],
    });
    expect(rows.find((r) => r.genericName === 'ibuprofen')).toMatchObject({
      category: ['Muscles, bones and joints'],
      therapeuticClass: ['NSAID (anti-inflammatory)'],
    });
    // The G6PD guideline names no class: its drugs are filed under the guideline, not given a class the data does not hold.
    expect(rows.find((r) => r.genericName === 'toluidine blue')).toMatchObject({
      category: ['Drugs of CPIC’s G6PD guideline (several classes)'],
      therapeuticClass: ['Not classified (CPIC’s G6PD guideline)'],
      atcCodes: [],
    });
    expect(rows.filter((r) => !r.category.length || !r.therapeuticClass.length)).toEqual([]);
  });

  it('derives phenotype category and disease only from what the data says', () => {
    const rec = kb.recommendations.find((r) => r.drug === 'abacavir')!;
    expect(phenotypeCategoryOf(rec, implicationFor(rec.implications, 'HLA-B'))).toBe('Toxicity');
    expect(phenotypeCategoryOf({ ...rec, dosingInfo: true }, null)).toBe('Dosage');
    expect(phenotypeCategoryOf({ ...rec, dosingInfo: false, alternateDrug: false }, 'Nothing about kinds here')).toBeNull();
    expect(diseasePhenotypeOf('general', 'Normal Metabolizer', 'Normal metabolism')).toBeNull();
    expect(diseasePhenotypeOf('general', 'Uncertain Susceptibility', 'susceptible to malignant hyperthermia (MH)')).toBe('Malignant hyperthermia');
    expect(implicationFor('CYP2C19: A | CYP2D6: B', 'CYP2D6')).toBe('B');
    expect(implicationFor('No gene prefix here', 'NAT2')).toBe('No gene prefix here');
  });

  it('tells added, removed and changed rows apart', () => {
    const changed = rows.map((r) => (r.genericName === 'codeine' ? { ...r, recommendation: 'changed' } : r)).filter((r) => r.genericName !== 'warfarin');
    expect(compareRows(rows, [...changed, { ...rows[0]!, genericName: 'newdrug' }])).toEqual({
      added: 1,
      removed: rows.filter((r) => r.genericName === 'warfarin').length,
      changed: 1,
    });
  });
});

const ex2Genes = () => actionableGenes(kb, callsOf('pharmcat.example2').calls, catalogue);

describe('actionable genes', () => {
  it('picks the genes whose non-normal phenotype changes prescribing', () => {
    expect(actionableGenes(kb, callsOf('pharmcat.example').calls, catalogue).map((g) => g.gene)).toEqual(['CYP2D6', 'CYP3A5', 'HLA-B', 'MT-RNR1', 'NAT2']);
    // HLA-B *58:01 negative: allopurinol as usual is not a finding; *57:01 positive: abacavir is.
    const hla = actionableGenes(kb, callsOf('pharmcat.example').calls, catalogue).find((g) => g.gene === 'HLA-B')!;
    expect(hla.drugs).toContain('abacavir');
    expect(hla.drugs).not.toContain('allopurinol');
    const ex2 = actionableGenes(kb, callsOf('pharmcat.example2').calls, catalogue);
    expect(ex2.map((g) => g.gene)).toEqual(['CYP2B6', 'CYP2C19', 'CYP3A5', 'NAT2']);
    expect(ex2.find((g) => g.gene === 'CYP2C19')).toMatchObject({ phenotype: 'Poor Metabolizer' });
    expect(ex2.find((g) => g.gene === 'CYP2C19')!.drugs).toContain('clopidogrel');
  });

  it('keeps a reference or normal call where CPIC still changes the dose for that gene: CYP3A5 *1/*1 and tacrolimus', () => {
    for (const example of ['pharmcat.example', 'pharmcat.example2'] as const) {
      const call = callsOf(example).calls.find((c) => c.gene === 'CYP3A5')!;
      expect(call).toMatchObject({ phenotype: 'Normal Metabolizer' });
      expect(actionableGenes(kb, callsOf(example).calls, catalogue).find((g) => g.gene === 'CYP3A5')).toEqual({
        gene: 'CYP3A5',
        phenotype: 'Normal Metabolizer',
        drugs: ['tacrolimus'],
      });
    }
    // A normal CYP2C19 is not pinned with amitriptyline, whose change comes from CYP2D6; a normal CYP2D6 not with tamoxifen's advice on inhibitors.
    const ex = actionableGenes(kb, callsOf('pharmcat.example').calls, catalogue);
    expect(ex.find((g) => g.gene === 'CYP2C19')).toBeUndefined();
    expect(ex2Genes().find((g) => g.gene === 'CYP2D6')).toBeUndefined();
  });
});

describe("reading CPIC's words: standard dosing or a change", () => {
  it('standard dosing only where the text says to prescribe as usual and nothing else', () => {
    for (const text of [
      'Initiate therapy with recommended starting dose.',
      'Initiate therapy with recommended standard of care dosing',
      'Use codeine label recommended age- or weight-specific dosing.',
      'Prescribe desired starting dose and adjust doses based on disease-specific guidelines.',
      'Use abacavir per standard dosing guidelines',
      'Initiate therapy with standard recommended starting dose',
      'Initiate therapy with recommended starting dose. Other Considerations: consider therapeutic drug monitoring.',
    ])
      expect(advisesStandardDosing(text), text).toBe(true);
    for (const text of [
      'Avoid standard dose (75 mg) clopidogrel if possible. Use prasugrel or ticagrelor at standard dose if no contraindication.',
      'Avoid moderate and strong CYP2D6 inhibitors. Initiate therapy with recommended standard of care dose',
      'Initiate therapy with recommended starting dose. Consider a slower titration schedule and lower maintenance dose.',
      'Use codeine label recommended age- or weight-specific dosing. If no response and opioid use is warranted, consider a non-tramadol opioid.',
      'Increase starting dose 1.5 to 2 times recommended starting dose.',
      'Initiate therapy with 50% of the lowest recommended starting dose.',
      'Use drug cautiously; if used, close monitoring for acute exacerbation of chronic hemolysis is recommended',
      'Abacavir is not recommended',
      '',
      null,
    ])
      expect(advisesStandardDosing(text), String(text)).toBe(false);
  });

  it('over the whole shipped table, every row read as standard dosing opens with a prescribe-as-usual verb', () => {
    const rows = shippedKnowledgeBase().recommendations.filter((r) => advisesStandardDosing(r.recommendation));
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows) expect(r.recommendation, r.drug).toMatch(/^(Initiate|Use|Prescribe|Start)\b/);
  });
});
