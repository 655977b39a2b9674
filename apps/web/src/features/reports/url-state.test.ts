import { describe, expect, it } from 'vitest';
import { diseasesQuery, pdfQuery, readReportsState, rowsQuery, writeReportsState } from './url-state';

const read = (q: string) => readReportsState(new URLSearchParams(q));

describe('the Reports page state in the address', () => {
  it('defaults to the quick view (1) and reads the custom view (2)', () => {
    expect(read('').view).toBe(1);
    expect(read('view=2').view).toBe(2);
    expect(read('view=9').view).toBe(1);
  });

  it('round-trips both views’ filters, so switching tabs loses nothing', () => {
    const q =
      'view=2&category=Nervous+system&class=Statin&name=CYP2C19&vars=levelOfEvidence%2CphenotypeCategory&levelOfEvidence=1&levelOfEvidence=2&phenotypeCategory=Toxicity&cpicGraded=1&show=results&page=2';
    const s = read(q);
    expect(s).toMatchObject({
      view: 2,
      quick: { category: ['Nervous system'], class: ['Statin'], name: 'CYP2C19', taking: false },
      added: ['levelOfEvidence', 'phenotypeCategory'],
      custom: { levelOfEvidence: [1, 2], phenotypeCategory: ['Toxicity'], specialtyPopulation: [], diseasePhenotype: [], cpicGradedOnly: true },
      show: 'results',
      page: 2,
    });
    expect(read(writeReportsState(s).toString())).toEqual(s);
  });

  it('counts a custom value only for an added variable, and ignores unknown ones', () => {
    const s = read('view=2&vars=specialtyPopulation,bogus&phenotypeCategory=Toxicity&specialtyPopulation=general&levelOfEvidence=7');
    expect(s.added).toEqual(['specialtyPopulation']);
    expect(s.custom).toEqual({ phenotypeCategory: [], specialtyPopulation: ['general'], levelOfEvidence: [], diseasePhenotype: [], cpicGradedOnly: false });
    // 'CPIC graded only' qualifies the level of evidence: without that variable it is not read.
    expect(read('view=2&vars=specialtyPopulation&specialtyPopulation=general&cpicGraded=1').custom.cpicGradedOnly).toBe(false);
  });
});

describe('queries only at SPEC §5’s minimums', () => {
  it('quick view: none until one filter is chosen', () => {
    expect(rowsQuery(read('view=1'))).toBeNull();
    // The printable report needs no filter: without one it is the whole report.
    expect(pdfQuery(read('view=1'))).toBe('view=1');
    expect(rowsQuery(read('view=1&notCovered=1'))).toBe('view=1&notCovered=1&limit=50&offset=0');
    expect(rowsQuery(read('view=1&name=CYP2C19'))).toBe('view=1&name=CYP2C19&limit=50&offset=0');
    expect(rowsQuery(read('view=1&class=Statin&page=3'))).toBe('view=1&class=Statin&limit=50&offset=100');
  });

  it('custom filtering: results from two configured variables once generated, diseases from three', () => {
    const two = 'view=2&vars=phenotypeCategory,specialtyPopulation&phenotypeCategory=Toxicity&specialtyPopulation=general';
    expect(rowsQuery(read(two))).toBeNull();
    expect(rowsQuery(read(`${two}&show=results`))).toBe('view=2&phenotypeCategory=Toxicity&specialtyPopulation=general&limit=50&offset=0');
    expect(diseasesQuery(read(`${two}&show=diseases`))).toBeNull();
    const three = `${two.replace('specialtyPopulation&', 'specialtyPopulation,levelOfEvidence&')}&levelOfEvidence=1`;
    expect(diseasesQuery(read(`${three}&show=diseases`))).toBe('phenotypeCategory=Toxicity&specialtyPopulation=general&levelOfEvidence=1');
    expect(rowsQuery(read(`${three}&show=diseases`))).toBeNull();
    expect(pdfQuery(read(`${three}&show=diseases`))).toBe('view=2&phenotypeCategory=Toxicity&specialtyPopulation=general&levelOfEvidence=1');
    expect(rowsQuery(read(`${three}&cpicGraded=1&show=results`))).toBe(
      'view=2&phenotypeCategory=Toxicity&specialtyPopulation=general&levelOfEvidence=1&cpicGraded=1&limit=50&offset=0',
    );
    // An added variable without a value is not configured.
    expect(rowsQuery(read('view=2&vars=phenotypeCategory,specialtyPopulation&phenotypeCategory=Toxicity&show=results'))).toBeNull();
  });
});
