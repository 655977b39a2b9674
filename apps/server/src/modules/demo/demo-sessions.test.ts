import { ResultLevel } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { SYNTHETIC_MARKER } from '../genetics';
import { DEMO_PATIENTS, demoResults } from './demo-sessions';

/** Demo patients whose results the demo practitioner can open: accepted, data confirmed, results in. */
const open = DEMO_PATIENTS.filter((p) => p.status === 2 && p.dataRequest === 'confirmed' && p.kit === 'results_available');

describe('the demo results', () => {
  it('are sampled synthetic files, labelled so', () => {
    for (const p of DEMO_PATIENTS.filter((x) => x.kit === 'results_available')) {
      const r = demoResults(p.key);
      expect(r.file.split('\n')[0], p.key).toBe(SYNTHETIC_MARKER);
      expect(r.data.swab.synthetic, p.key).toBe(true);
    }
  });

  it('show every level of SPEC §3 on results the demo practitioner can open, Decreased (red) included', () => {
    const components = open.flatMap((p) => {
      const { swab } = demoResults(p.key).data;
      return [...swab.minerals, ...swab.vitamins];
    });
    for (const level of [ResultLevel.LOW, ResultLevel.NORMAL, ResultLevel.HIGH, ResultLevel.NOT_PROCESSED]) {
      expect(
        components.some((c) => c.riskLevel === level),
        `level ${level}`,
      ).toBe(true);
    }
    expect(components.filter((c) => c.riskLevel === ResultLevel.LOW).every((c) => c.scoreMood === 'red' && c.scoreDescription === 'Decreased')).toBe(true);
  });

  it("Busisiwe Ndlovu's vitamin D and vitamin A are Decreased; Thandi's figures are as before", () => {
    const { swab } = demoResults('busisiwe.ndlovu').data;
    const c = (title: string) => swab.vitamins.find((x) => x.title === title)!;
    expect(c('Vitamin D')).toMatchObject({ riskLevel: ResultLevel.LOW, scoreCategory: 'decreased' });
    expect(c('Vitamin A')).toMatchObject({ riskLevel: ResultLevel.LOW });
    expect(c('Vitamin A').shareSame!).toBeGreaterThanOrEqual(5);
    const thandi = demoResults('thandi.nkosi').data.swab;
    expect(thandi.vitamins.find((x) => x.title === 'Vitamin B6')).toMatchObject({
      score: 0,
      percentile: 87.5,
      shareLower: 75,
      shareSame: 25,
      riskLevel: ResultLevel.HIGH,
    });
    expect(thandi.minerals.find((x) => x.title === 'Calcium')!.percentile).toBeCloseTo(46.666085721, 9);
  });
});
