import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgxReading, SessionDetail } from '@portal/contract';
import { createTestApp, type Harness } from '../../test/harness';
import { demoPractice } from '../../test/demo-practice';

let h: Harness;
let auth: Record<string, string>;
let sessionOf: Record<string, string>;
beforeAll(async () => {
  h = await createTestApp({}, { ownDatabase: true });
  ({ auth, sessionOf } = await demoPractice(h));
  // Seeding every demo patient computes their genotype results: slow on a busy machine.
}, 240_000);
afterAll(() => h.close());

const reading = async (name: string) =>
  (await h.app.inject({ url: `/api/portal/sessions/${sessionOf[name]}/reports/reading`, headers: auth })).json() as PgxReading;
const detail = async (name: string) => (await h.app.inject({ url: `/api/portal/sessions/${sessionOf[name]}`, headers: auth })).json() as SessionDetail;

const verdict = (r: PgxReading, drug: string) => r.verdicts.find((v) => v.drug === drug)!;

describe('one reading of each drug, for the demo patients', () => {
  it('Nomsa: clopidogrel avoided at 75 mg in ACS/PCI with prasugrel or ticagrelor named; allopurinol contraindicated; her CYP2D6 drugs phenoconverted by paroxetine', async () => {
    const r = await reading('Nomsa');
    const clopidogrel = verdict(r, 'clopidogrel');
    expect(clopidogrel).toMatchObject({ tier: 'avoid', taking: true });
    const acs = clopidogrel.readings.find((x) => x.population === 'Cardiovascular: acute coronary syndrome or PCI')!;
    expect(acs).toMatchObject({ tier: 'avoid', classification: 'Strong', alternatives: ['prasugrel', 'ticagrelor'] });
    expect(acs.recommendation).toMatch(/^Avoid standard dose \(75 mg(\/day)?\) clopidogrel if possible\. Use prasugrel or ticagrelor/);
    expect(acs.genes).toEqual([{ gene: 'CYP2C19', phenotype: 'Intermediate Metabolizer', activityScore: null }]);
    expect(acs.source).toMatch(/CPIC/);
    // CPIC's own 'no recommendation' for another population stays as CPIC says it, beside the avoid.
    expect(clopidogrel.readings.map((x) => x.tier)).toContain('noAdvice');

    const allopurinol = verdict(r, 'allopurinol');
    expect(allopurinol).toMatchObject({ tier: 'avoid', taking: false });
    expect(allopurinol.readings[0]).toMatchObject({ recommendation: 'Allopurinol is contraindicated', classification: 'Strong' });
    expect(allopurinol.readings[0]!.genes).toEqual([{ gene: 'HLA-B', phenotype: '*58:01 positive', activityScore: null }]);
    expect(allopurinol.heritable.join(' ')).toMatch(/HLA-B\*58:01 positive is a lifelong result/);

    // Paroxetine inhibits CYP2D6: every other CYP2D6 drug carries the flag and CPIC's reading at activity score 0.
    const codeine = verdict(r, 'codeine');
    expect(codeine.phenoconversion).toMatchObject({ converters: [expect.objectContaining({ medicine: 'paroxetine', strength: 'strong' })] });
    expect(codeine.phenoconversion!.reading).toMatchObject({ tier: 'avoid', genes: [{ gene: 'CYP2D6', phenotype: 'Poor Metabolizer', activityScore: '0.0' }] });
    expect(codeine.phenoconversion!.text).toMatch(/^Takes paroxetine, a strong CYP2D6 inhibitor: .*CPIC’s advice is: avoid, or use an alternative\.$/);
    // Paroxetine's own row keeps its genotype's advice.
    expect(verdict(r, 'paroxetine')).toMatchObject({ tier: 'usual', taking: true, phenoconversion: null });
    expect(r.medicines).toMatchObject({ taking: ['clopidogrel', 'paroxetine'], notRecognised: ['Paracetamol for headaches'] });
    // The flag's source is FDA's page, never the third-party mirror the fact was read at.
    expect(JSON.stringify(r)).not.toContain('uptodatefree');
    expect(r.medicines.phenoconverters[0]).toMatchObject({ reference: expect.stringMatching(/^https:\/\/www\.fda\.gov\//), basis: 'secondary' });
  });

  it('Thandi: abacavir, carbamazepine and phenytoin with HLA-B named; aminoglycosides with the maternal note; her three medicines with no gene-based change', async () => {
    const r = await reading('Thandi');
    expect(verdict(r, 'abacavir')).toMatchObject({ tier: 'avoid' });
    expect(verdict(r, 'abacavir').readings[0]!.genes).toEqual([{ gene: 'HLA-B', phenotype: '*57:01 positive', activityScore: null }]);
    for (const drug of ['carbamazepine', 'oxcarbazepine']) {
      expect(verdict(r, drug).tier, drug).toBe('avoid');
      expect(
        verdict(r, drug)
          .readings.filter((x) => x.tier === 'avoid')
          .every((x) => x.genes.some((g) => g.gene === 'HLA-B' && g.phenotype === '*15:02 positive')),
      ).toBe(true);
    }
    // Two-gene advice names both genes: phenytoin's 'do not use' rests on HLA-B, beside CYP2C9.
    const phenytoin = verdict(r, 'phenytoin').readings.find((x) => x.tier === 'avoid')!;
    expect(phenytoin.genes.map((g) => `${g.gene} ${g.phenotype}`).sort()).toEqual(['CYP2C9 Normal Metabolizer', 'HLA-B *15:02 positive']);
    expect(verdict(r, 'carbamazepine').untested).toEqual(['HLA-A not tested: HLA-A*31:01 status unknown.']);
    const amikacin = verdict(r, 'amikacin');
    expect(amikacin).toMatchObject({ tier: 'avoid' });
    expect(amikacin.heritable.join(' ')).toMatch(/mother, siblings and maternal relatives/);
    for (const drug of ['clopidogrel', 'ibuprofen', 'simvastatin']) expect(verdict(r, drug), drug).toMatchObject({ taking: true, tier: 'usual' });
  });

  it('the Overview leads with the action, in tier order, naming it in words and linking to its rows', async () => {
    const nomsa = (await detail('Nomsa')).highlights;
    expect(nomsa[0]).toMatchObject({ kind: 'medicine', tier: 'avoid', title: 'clopidogrel (currently taking)', report: { name: 'clopidogrel', taking: true } });
    expect(nomsa[0]!.level).toMatch(
      /^Avoid, or use an alternative \(.*acute coronary syndrome or PCI.*\); CYP2C19 Intermediate Metabolizer; CPIC Strong.*CPIC names prasugrel or ticagrelor/,
    );
    expect(nomsa.find((h) => h.title === 'HLA-B*58:01 positive')).toMatchObject({
      tier: 'avoid',
      level: expect.stringMatching(/^Avoid, or use an alternative: allopurinol; CPIC Strong; HLA-B\*58:01 positive is a lifelong result/),
    });
    const cyp2d6 = nomsa.find((h) => h.kind === 'phenoconversion')!;
    expect(cyp2d6).toMatchObject({ title: 'paroxetine (currently taking)', report: { name: 'CYP2D6', taking: false } });
    expect(cyp2d6.level).toMatch(
      /^a strong CYP2D6 inhibitor: for \d+ of the report's drugs \(.*codeine.*\) the effective phenotype may be poorer than the genotype; if phenoconverted, CPIC advises avoiding .*codeine/,
    );
    // Tier order: every avoid line before any other pharmacogenomic line, the nutrigenomic scores last.
    const ranks = nomsa.map((h) => (h.kind === 'component' ? 9 : h.tier === 'avoid' ? 0 : h.kind === 'phenoconversion' ? 1 : h.tier === 'adjust' ? 2 : 3));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(nomsa.find((h) => h.title === 'Medicines not recognised')!.level).toBe(
      'Paracetamol for headaches: not recognised — not checked against the genotype.',
    );

    const thandi = (await detail('Thandi')).highlights;
    expect(thandi.find((h) => h.title === 'Medicines taken: no gene-based change')).toMatchObject({
      tier: 'usual',
      level: 'clopidogrel, ibuprofen and simvastatin: Use as usual per CPIC.',
      report: { name: '', taking: true },
    });
    expect(thandi.find((h) => h.title === 'HLA-B*57:01 positive')!.level).toMatch(/^Avoid, or use an alternative: abacavir/);
    expect(thandi.find((h) => h.title.startsWith('MT-RNR1'))!.level).toMatch(/maternal relatives/);
  });
});
