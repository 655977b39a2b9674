import { describe, expect, it } from 'vitest';
import { shippedKnowledgeBase } from './knowledge-base';
import { splitRecommendation } from './mapping';
import { tierOf } from './tiers';
import { alternativesIn } from './verdicts';

const kb = shippedKnowledgeBase();

describe('the tier rule over the whole shipped table', () => {
  it('never reads a text that says avoid, not recommended, contraindicated or do not use as "use as usual"', () => {
    // 'No reason to avoid' and 'no need to avoid' say the opposite of avoid.
    const says = (t: string) => /\b(avoid|not recommended|contraindicated|do not use)\b/i.test(t.replace(/\bno (reason|need) to avoid\b/gi, ''));
    const wrong = kb.recommendations.filter((r) => says(r.recommendation) && tierOf(r.recommendation, r.classification) === 'usual');
    expect(wrong.map((r) => `${r.drug}: ${r.recommendation}`)).toEqual([]);
    // …and every one of them is avoid or a precaution, never 'no advice'.
    const checked = kb.recommendations.filter((r) => says(r.recommendation));
    expect(checked.length).toBeGreaterThan(800);
    for (const r of checked) expect(['avoid', 'adjust'], `${r.drug}: ${r.recommendation}`).toContain(tierOf(r.recommendation, r.classification));
  });

  it('reads "use as usual" only where every sentence asks for the usual prescription, and a dose change or monitoring as a change', () => {
    const usual = kb.recommendations.filter((x) => tierOf(x.recommendation, x.classification) === 'usual');
    expect(usual.length).toBeGreaterThan(300);
    for (const r of usual)
      expect(splitRecommendation(r.recommendation).main, r.drug).not.toMatch(/\b(reduce|reduction|increase|decrease|titrate|caution|monitor|alternative)\b|%/i);
    expect(tierOf('Increase starting dose 1.5 to 2 times recommended starting dose.', 'Strong')).toBe('adjust');
    expect(tierOf('Use at standard doses with caution and with close monitoring for anemia', 'Moderate')).toBe('adjust');
    expect(
      tierOf('Initiate standard starting daily dose. For chronic therapy (>12 weeks) and efficacy achieved, consider 50% reduction in daily dose.', 'Optional'),
    ).toBe('adjust');
    expect(tierOf('Initiate therapy with recommended starting dose.', 'Strong')).toBe('usual');
    expect(tierOf('No reason to avoid based on G6PD status', 'Strong')).toBe('usual');
  });

  it('names the tiers the issue’s cases need', () => {
    expect(tierOf('Allopurinol is contraindicated', 'Strong')).toBe('avoid');
    expect(tierOf('Abacavir is not recommended', 'Strong')).toBe('avoid');
    expect(
      tierOf('Avoid standard dose (75 mg/day) clopidogrel if possible. Use prasugrel or ticagrelor at standard dose if no contraindication.', 'Strong'),
    ).toBe('avoid');
    // Tamoxifen for a normal metabolizer: avoiding CYP2D6 inhibitors is a precaution about other drugs, not avoiding tamoxifen.
    expect(
      tierOf('Avoid moderate and strong CYP2D6 inhibitors. Initiate therapy with recommended standard of care dosing (tamoxifen 20 mg/day).', 'Strong'),
    ).toBe('adjust');
    // Atazanavir for UGT1A1 normal and intermediate metabolizers: no need to avoid, jaundice unlikely (CPIC writes patient’s with a curly apostrophe).
    const atazanavir = kb.recommendations.filter((r) => r.drug === 'atazanavir' && /^There is no need to avoid/.test(r.recommendation));
    expect(atazanavir.length).toBeGreaterThan(0);
    for (const r of atazanavir) expect(tierOf(r.recommendation, r.classification), r.recommendation).toBe('usual');
    // Phenytoin, HLA-B*15:02 negative and CYP2C9 normal: no adjustment; 'carefully monitored according to a usual standard' is the usual vigilance.
    const phenytoinUsual = kb.recommendations.filter(
      (r) => /^No adjustments needed from typical dosing strategies/.test(r.recommendation) && /usual standard/.test(r.recommendation),
    );
    expect(phenytoinUsual.length).toBeGreaterThan(0);
    for (const r of phenytoinUsual) expect(tierOf(r.recommendation, r.classification), r.recommendation).toBe('usual');
    expect(tierOf('No recommendation', 'No recommendation')).toBe('noAdvice');
    expect(tierOf('n/a', '')).toBe('noAdvice');
    expect(tierOf('', null)).toBe('notCovered');
  });

  it('finds the alternatives CPIC names, in its words, and never a "non-" drug', () => {
    expect(
      alternativesIn(
        'Avoid standard dose (75 mg) clopidogrel if possible. Use prasugrel or ticagrelor at standard dose if no contraindication.',
        'clopidogrel',
      ),
    ).toEqual(['prasugrel', 'ticagrelor']);
    expect(
      alternativesIn('Avoid codeine use because of potential for serious toxicity. If opioid use is warranted, consider a non-tramadol opioid.', 'codeine'),
    ).toEqual([]);
    const all = new Set(kb.recommendations.flatMap((r) => alternativesIn(r.recommendation, r.drug)));
    expect([...all].sort()).toEqual([
      'aromatase inhibitor',
      'desipramine',
      'granisetron',
      'isavuconazole',
      'liposomal amphotericin B',
      'nortriptyline',
      'posaconazole',
      'prasugrel',
      'ticagrelor',
    ]);
  });
});
