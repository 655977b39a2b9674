import { describe, expect, it } from 'vitest';
import { AI_SUMMARY_WORDS, countWords } from '@portal/contract';
import { builtinAnswer, fit } from './builtin';
import { othersNamed } from './people';
import type { SourceRecord } from './records';

const score = (id: string, title: string, level: string, percentile: number): SourceRecord => ({
  ref: `component:${id}`,
  kind: 'component',
  label: `${title} genetic score`,
  href: `/sessions/s/result/r/components/${id}`,
  date: '2026-11-20T00:00:00.000Z',
  facts: { title, level, notProcessed: null, percentile, snps: 3, recommendation: `${title}: discuss the diet.` },
});

const ctx = { patient: { firstName: 'Thandi', lastName: 'Nkosi' }, otherNames: ['Nomsa', 'Khumalo', 'Nomsa Khumalo', 'Busisiwe', 'Ndlovu', 'Busisiwe Ndlovu'] };

describe('the built-in summary', () => {
  it('never rounds a percentile across its category boundary, nor onto 0 or 100', () => {
    const a = builtinAnswer(
      [
        score('a', 'Vitamin A', 'Decreased', 19.6),
        score('d', 'Vitamin D', 'Decreased', 0.4),
        score('k', 'Vitamin K', 'Increased', 80.2),
        score('c', 'Calcium', 'Increased', 99.7),
      ],
      { preset: 'summary' },
      ctx,
    );
    expect(a.statements.map((s) => s.text)).toEqual([
      'Decreased genetic scores: Vitamin A (19th percentile) and Vitamin D (below the 1st percentile).',
      'Increased genetic scores: Vitamin K (81st percentile) and Calcium (above the 99th percentile).',
    ]);
  });

  it(`keeps within ${AI_SUMMARY_WORDS} words: the lines past the budget move to the evidence, and the last line counts exactly those`, () => {
    const lines = Array.from({ length: 30 }, (_, i) => ({ text: `Finding ${i}: ${'word '.repeat(14).trim()}.`, citations: [`r${i}`] }));
    const tail = { text: 'Not scored or not covered: 2 things.', citations: ['t'] };
    const { shown, moved } = fit(lines, tail, AI_SUMMARY_WORDS);
    expect(countWords(shown.map((s) => s.text).join(' '))).toBeLessThanOrEqual(AI_SUMMARY_WORDS);
    expect(shown.at(-1)).toEqual(tail);
    const count = shown.at(-2)!;
    expect(count.text).toBe(`${moved.length} more lines are under Show all evidence.`);
    expect(moved.length + shown.length - 2).toBe(30);
    expect(count.citations).toEqual(moved.flatMap((m) => m.citations));
    expect(fit(lines.slice(0, 1), null, AI_SUMMARY_WORDS)).toEqual({ shown: lines.slice(0, 1), moved: [] });
  });

  it('says a score-less summary cannot be answered rather than refusing the question', () => {
    expect(builtinAnswer([], { preset: 'summary' }, ctx)).toEqual({
      statements: [{ text: "The patient's records cannot answer this.", citations: [] }],
      evidence: [],
      declined: true,
    });
  });
});

describe('who a question is about', () => {
  const people = { own: ['Thandi', 'Nkosi'], others: ctx.otherNames, vocabulary: new Set(['clopidogrel', 'plavix', 'cyp2d6', 'vitamin', 'simvastatin']) };
  it.each([
    ["What does Nomsa Khumalo's report say about clopidogrel?", true],
    ['What medicines does Johan Smit take?', true],
    ['what does nomsa khumalo take?', true],
    ['Has Mrs Botha had codeine?', true],
    ["Compare with Johan's results", true],
    ['Send this to p@example.test', true],
    ['What does Thandi take?', false],
    ['Does Thandi Nkosi take clopidogrel?', false],
    ['Is Amlodipine safe for her?', false],
    ['What about Plavix?', false],
    ['Which medicines should I be careful with given her CYP2D6 result?', false],
  ])('%s → someone else: %s', (q, expected) => {
    expect(othersNamed(q, people).length > 0).toBe(expected);
  });

  it('declines a question about someone else in the same words, whoever the name belongs to, and with no one’s data', () => {
    const patientName = builtinAnswer([], { question: 'What does Nomsa Khumalo take?' }, ctx);
    const commonName = builtinAnswer([], { question: 'What does Peter Jacobs take?' }, ctx);
    expect(patientName).toEqual(commonName);
    expect(patientName).toEqual({
      statements: [{ text: 'Ask AI answers only about this patient, Thandi Nkosi, and not about anyone else.', citations: [] }],
      evidence: [],
      declined: true,
    });
  });
});
