import { describe, expect, it } from 'vitest';
import { AI_SUMMARY_WORDS, countWords } from '@portal/contract';
import { builtinAnswer } from './builtin';
import type { SourceRecord } from './records';

const score = (id: string, title: string, level: string, percentile: number): SourceRecord => ({
  ref: `component:${id}`,
  kind: 'component',
  label: `${title} genetic score`,
  href: `/sessions/s/result/r/components/${id}`,
  date: '2026-11-20T00:00:00.000Z',
  facts: { title, level, notProcessed: null, percentile, snps: 3, recommendation: `${title}: discuss the diet.` },
});

/** A gene whose result changes prescribing for a few drugs (the shape records.ts builds from the report). */
const gene = (name: string, drugs: string[], standard: string[] = []): SourceRecord => ({
  ref: `pgx-gene:${name}`,
  kind: 'pgx',
  label: `${name} Poor Metabolizer (pharmacogenomic report)`,
  href: `/sessions/s/reports?view=1&name=${name}`,
  date: '2026-11-20T00:00:00.000Z',
  pgx: {
    type: 'gene',
    gene: name,
    phenotype: 'Poor Metabolizer',
    actionable: true,
    drugs: drugs.map((drug) => ({ drug, classification: 'Strong', standardDosing: standard.includes(drug) })),
    converters: [],
    flaggedDrugs: [],
  },
  facts: { gene: name, phenotype: 'Poor Metabolizer' },
});

describe('the built-in summary', () => {
  it("names the drugs for which CPIC advises standard dosing apart from those it changes, so 'Strong' does not read as a warning", () => {
    const a = builtinAnswer([gene('CYP2C19', ['amitriptyline', 'clopidogrel', 'sertraline'], ['amitriptyline', 'sertraline'])], { preset: 'summary' });
    expect(a.statements[0]!.text).toBe(
      'CYP2C19 Poor Metabolizer: CPIC recommendations that change prescribing, Strong for clopidogrel; CPIC advises standard dosing for amitriptyline and sertraline.',
    );
    const only = builtinAnswer([gene('CYP2C19', ['amitriptyline'], ['amitriptyline'])], { preset: 'summary' });
    expect(only.statements[0]!.text).toBe('CYP2C19 Poor Metabolizer: CPIC advises standard dosing for amitriptyline.');
  });

  it('never rounds a percentile across its category boundary, nor onto 0 or 100', () => {
    const a = builtinAnswer(
      [
        score('a', 'Vitamin A', 'Decreased', 19.6),
        score('d', 'Vitamin D', 'Decreased', 0.4),
        score('k', 'Vitamin K', 'Increased', 80.2),
        score('c', 'Calcium', 'Increased', 99.7),
      ],
      { preset: 'summary' },
    );
    expect(a.statements.map((s) => s.text)).toEqual([
      'Decreased genetic scores: Vitamin A (19th percentile) and Vitamin D (below the 1st percentile).',
      'Increased genetic scores: Vitamin K (81st percentile) and Calcium (above the 99th percentile).',
    ]);
  });

  it(`keeps within ${AI_SUMMARY_WORDS} words: lines past the budget move to the evidence, counted and cited`, () => {
    const genes = Array.from({ length: 30 }, (_, i) =>
      gene(
        `GENE${i}`,
        ['alpha', 'beta', 'gamma', 'delta'].map((d) => `${d}${i}`),
      ),
    );
    const a = builtinAnswer(genes, { preset: 'summary' });
    expect(countWords(a.statements.map((s) => s.text).join(' '))).toBeLessThanOrEqual(AI_SUMMARY_WORDS);
    // Genes in the summary's order (alphabetical among equals).
    const order = genes.map((g) => g.ref).sort((x, y) => x.localeCompare(y));
    expect(a.statements.slice(0, -1).map((s) => s.citations[0])).toEqual(order.slice(0, a.statements.length - 1));
    const last = a.statements.at(-1)!;
    const shown = a.statements.length - 1;
    expect(last.text).toBe(`${30 - shown} more findings are under all evidence.`);
    expect(last.citations).toEqual(order.slice(shown));
    expect(a.evidence.slice(0, 30 - shown).map((e) => e.citations[0])).toEqual(order.slice(shown));
  });

  it('says a score-less summary cannot be answered rather than refusing the question', () => {
    expect(builtinAnswer([], { preset: 'summary' })).toEqual({
      statements: [{ text: "The patient's records cannot answer this.", citations: [] }],
      evidence: [],
      declined: true,
    });
  });
});
