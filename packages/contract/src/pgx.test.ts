import { describe, expect, it } from 'vitest';
import {
  PgxRowsQuery,
  canGenerateDiseases,
  canGenerateResults,
  canShowQuickResults,
  customFilterCount,
  customFiltersOf,
  evidenceLevelsOf,
  quickFilterCount,
  quickFiltersOf,
} from './pgx';
import { PGX_FILTER_MINIMUMS, PGX_MESSAGES } from './pgx-texts';

describe('SPEC §5 filter minimums', () => {
  it('keeps the quick view message word for word', () => {
    expect(PGX_MESSAGES.quickMinimum).toBe('Please select at least one filter to show the results.');
    expect(PGX_FILTER_MINIMUMS).toEqual({ quick: 1, results: 2, diseases: 3 });
  });

  it('quick view shows results once one of category, class or name is chosen', () => {
    expect(quickFilterCount({ category: [], class: [], name: '  ' })).toBe(0);
    expect(canShowQuickResults({ category: [], class: [], name: '' })).toBe(false);
    expect(canShowQuickResults({ category: ['Nervous system'], class: [], name: '' })).toBe(true);
    expect(canShowQuickResults({ name: 'CYP2C19' })).toBe(true);
    expect(quickFilterCount({ category: ['a', 'b'], class: ['c'], name: 'x' })).toBe(3);
  });

  it('custom filtering counts configured variables: results from 2, diseases from 3', () => {
    const none = { phenotypeCategory: [], specialtyPopulation: [], levelOfEvidence: [], diseasePhenotype: [] };
    expect(customFilterCount(none)).toBe(0);
    const one = { ...none, phenotypeCategory: ['Toxicity', 'Dosage'] };
    expect([canGenerateResults(one), canGenerateDiseases(one)]).toEqual([false, false]);
    const two = { ...one, levelOfEvidence: [1] };
    expect([canGenerateResults(two), canGenerateDiseases(two)]).toEqual([true, false]);
    const three = { ...two, specialtyPopulation: ['general'] };
    expect([canGenerateResults(three), canGenerateDiseases(three)]).toEqual([true, true]);
    // A variable added without a value is not configured.
    expect(customFilterCount({ ...two, diseasePhenotype: [] })).toBe(2);
  });
});

describe('level of evidence', () => {
  it('maps CPIC A-D to 1-4, a split level to both, anything else to not graded', () => {
    expect(evidenceLevelsOf('A')).toEqual([1]);
    expect(evidenceLevelsOf('D')).toEqual([4]);
    expect(evidenceLevelsOf('A/B')).toEqual([1, 2]);
    expect(evidenceLevelsOf('B/C')).toEqual([2, 3]);
    expect(evidenceLevelsOf(null)).toEqual([]);
    expect(evidenceLevelsOf('')).toEqual([]);
    expect(evidenceLevelsOf('C/D*')).toEqual([]);
    expect(evidenceLevelsOf('1A')).toEqual([]);
  });
});

describe('the rows query', () => {
  it('reads repeated and single parameters alike, and refuses unknown ones', () => {
    const q = PgxRowsQuery.parse({ view: '2', phenotypeCategory: 'Toxicity', levelOfEvidence: ['1', '2'] });
    expect(customFiltersOf(q)).toEqual({
      phenotypeCategory: ['Toxicity'],
      specialtyPopulation: [],
      levelOfEvidence: [1, 2],
      diseasePhenotype: [],
      cpicGradedOnly: false,
    });
    expect(customFiltersOf(PgxRowsQuery.parse({ view: '2', levelOfEvidence: '1', cpicGraded: '1' })).cpicGradedOnly).toBe(true);
    expect(quickFiltersOf(PgxRowsQuery.parse({ view: '1', category: ['A', 'B'], name: ' x ' }))).toEqual({
      category: ['A', 'B'],
      class: [],
      name: 'x',
      taking: false,
      notCovered: false,
    });
    expect(quickFiltersOf(PgxRowsQuery.parse({ view: '1', taking: '1' })).taking).toBe(true);
    expect(PgxRowsQuery.safeParse({ view: '1', taking: 'yes' }).success).toBe(false);
    expect(PgxRowsQuery.safeParse({ view: '1', other: 'x' }).success).toBe(false);
    expect(PgxRowsQuery.safeParse({ view: '2', levelOfEvidence: '5' }).success).toBe(false);
    expect(PgxRowsQuery.safeParse({ view: '3' }).success).toBe(false);
  });
});
