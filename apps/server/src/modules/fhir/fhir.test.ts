import fs from 'node:fs';
import path from 'node:path';
import type { Bundle, CodeableConcept, DiagnosticReport, Observation, Patient } from '@medplum/fhirtypes';
import { PGX_TIER_LABELS, type PgxReading } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions } from '../../db/schema';
import { bundleProfileProblems, IG_PACKAGE, igDefinitions, profileProblems, r4SchemaProblems } from '../../test/fhir-conformance';
import { createTestApp, createUser, type Harness } from '../../test/harness';
import { seedDemo } from '../demo/seed';
import { PROFILE } from './build';
import { hgncIds, validationRuns } from './service';
import { validateFhir } from './validate';

let h: Harness;
let ada: Record<string, string>;
beforeAll(async () => {
  // The export limit has its own test (below); these read many bundles in a minute.
  h = await createTestApp({ FHIR_RATE_LIMIT: '1000' });
  await seedDemo(h.db);
  const token = await h.app.inject({ method: 'POST', url: '/sso/api/token', payload: { email: 'ada.lovelace@demo.test', password: 'Demo-portal-1' } });
  ada = { authorization: `Bearer ${token.json().accessToken}` };
}, 120_000);
afterAll(() => h.close());

const get = (url: string, headers: Record<string, string>) => h.app.inject({ url, headers });

/** Ada's demo sessions by the patient's first name. */
async function demoSession(firstName: string) {
  const list = (await get('/api/portal/sessions/?limit=100', ada)).json().results as Array<{ id: string; status: number; user: { firstName: string } }>;
  const s = list.find((x) => x.user.firstName === firstName);
  if (!s) throw new Error(`no demo session of ${firstName}`);
  return s;
}

const audits = (sessionId: string) => h.db.select().from(auditEvents).where(eq(auditEvents.sessionId, sessionId)).orderBy(auditEvents.id);

const TBD = 'http://hl7.org/fhir/uv/genomics-reporting/CodeSystem/tbd-codes-cs';
const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';

const resources = <T>(bundle: Bundle, type: string) => (bundle.entry ?? []).map((e) => e.resource).filter((r) => r?.resourceType === type) as T[];

describe('the FHIR export', () => {
  it("the demo patients' bundles validate against HL7's R4 JSON schema, the R4 base definitions and the Genomics Reporting IG's profiles with zero errors", async () => {
    const open = ['Thandi', 'Busisiwe', 'Nomsa'];
    for (const name of open) {
      const s = await demoSession(name);
      const detail = (await get(`/api/portal/sessions/${s.id}`, ada)).json();
      expect(detail.readiness.dataAccessible, name).toBe(true);
      const res = await get(`/api/portal/sessions/${s.id}/fhir`, ada);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="results-DEMO-[A-Z]+\.fhir\.json"$/);
      const bundle = res.json() as Bundle;
      expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
      // The whole bundle, and each resource on its own.
      // Zero errors; the only warnings are the validator saying it cannot tell the type a urn:uuid reference points at.
      expect(r4SchemaProblems(bundle as never), name).toEqual([]);
      expect(bundleProfileProblems(bundle as never), name).toEqual([]);
      // Strings the schema accepts: the number format's no-break spaces are plain spaces.
      expect(JSON.stringify(bundle)).not.toMatch(/[\u00a0\u202f]/);
      const problems = await validateFhir(bundle);
      expect(
        problems.filter((p) => !(p.severity === 'warning' && /^Invalid reference: got "urn:uuid:/.test(p.text))),
        name,
      ).toEqual([]);
      for (const e of bundle.entry!)
        expect(
          (await validateFhir(e.resource!)).filter((p) => p.severity === 'error'),
          `${name} ${e.resource!.resourceType}`,
        ).toEqual([]);

      const [patient] = resources<Patient>(bundle, 'Patient');
      expect(patient!.name).toEqual([{ family: expect.any(String), given: [name] }]);
      expect(patient!.meta?.security?.[0]?.code).toBe('HTEST');
      // Every reference points at an entry of the bundle.
      const urls = new Set(bundle.entry!.map((e) => e.fullUrl));
      for (const ref of JSON.stringify(bundle).match(/"reference":"[^"]+"/g) ?? []) expect(urls.has(ref.slice(13, -1)), ref).toBe(true);
      // One report per nutrigenomic result, plus the pharmacogenomic one when the kit has one.
      const pgx = (await get(`/api/portal/sessions/${s.id}/reports`, ada)).json();
      const reports = resources<DiagnosticReport>(bundle, 'DiagnosticReport');
      expect(reports.length, name).toBe(detail.results.length + (pgx.report ? 1 : 0));
      expect(
        reports.some((r) => r.code.text === 'Pharmacogenomic report'),
        name,
      ).toBe(Boolean(pgx.report));
      for (const r of reports) expect(r.code.coding).toEqual([{ system: 'http://loinc.org', code: '51969-4', display: 'Genetic analysis report' }]);
    }
  }, 120_000);

  it('has a scored observation per processed component, and genotype and phenotype per called gene with the IG codes', async () => {
    const s = await demoSession('Nomsa');
    const bundle = (await get(`/api/portal/sessions/${s.id}/fhir`, ada)).json() as Bundle;
    const observations = resources<Observation>(bundle, 'Observation');
    const result = (await get(`/api/portal/sessions/${s.id}/results`, ada)).json().results[0];
    const data = (await get(`/api/portal/sessions/${s.id}/results/${result.id}`, ada)).json().data.swab;
    const processed = [...data.minerals, ...data.vitamins].filter((c: { riskLevel: number }) => c.riskLevel !== 3);
    const scores = observations.filter((o) => o.code.text?.endsWith(': genetic score'));
    expect(scores.map((o) => o.code.text).sort()).toEqual(processed.map((c: { title: string }) => `${c.title}: genetic score`).sort());
    const first = processed[0] as { title: string; score: number; percentile: number; scoreDescription: string; referencePopulation: string };
    const obs = scores.find((o) => o.code.text === `${first.title}: genetic score`)!;
    expect(obs.valueQuantity?.value).toBe(first.score);
    expect(obs.component?.find((c) => c.code.text === 'Percentile in the reference population')?.valueQuantity?.value).toBe(first.percentile);
    expect(obs.component?.find((c) => c.code.text === 'Category')?.valueCodeableConcept?.text).toBe(first.scoreDescription);
    // The number format's no-break spaces ('39 400 people') are plain spaces in FHIR strings.
    expect(obs.referenceRange?.[0]?.text).toContain(first.referencePopulation.replace(/[\u00a0\u202f]/g, ' '));

    const summary = (await get(`/api/portal/sessions/${s.id}/reports`, ada)).json();
    const cyp2c19 = summary.report.genes.find((g: { gene: string }) => g.gene === 'CYP2C19');
    const genotype = observations.find((o) => o.code.coding?.[0]?.code === '84413-4' && o.valueCodeableConcept?.text === `CYP2C19 ${cyp2c19.diplotype}`);
    expect(genotype).toBeDefined();
    expect(genotype!.meta?.profile).toEqual([PROFILE.genotype]);
    expect(genotype!.component).toEqual([
      {
        code: { coding: [{ system: 'http://loinc.org', code: '48018-6', display: 'Gene studied [ID]' }] },
        valueCodeableConcept: { coding: [{ system: 'http://www.genenames.org', code: 'HGNC:2621', display: 'CYP2C19' }] },
      },
    ]);
    // The metabolizer status in STU3's shape: a therapeutic implication with no medication, derived from the genotype.
    const phenotype = observations.find((o) => o.derivedFrom?.length === 1 && o.derivedFrom[0]!.reference === `urn:uuid:${genotype!.id}`)!;
    expect(phenotype.meta?.profile).toEqual([PROFILE.therapeuticImplication]);
    expect(phenotype.code.coding).toEqual([{ system: TBD, code: 'therapeutic-implication', display: 'Therapeutic Implication' }]);
    expect(phenotype.component?.[0]?.valueCodeableConcept).toEqual({
      coding: [{ system: 'http://loinc.org', code: 'LA10317-8', display: 'Intermediate metabolizer' }],
      text: 'CYP2C19 Intermediate Metabolizer',
    });
    // STU1's code is gone; every genomic observation carries the laboratory and GE categories.
    expect(JSON.stringify(bundle)).not.toContain('53040-2');
    for (const o of observations) expect(o.category?.map((c) => c.coding?.[0]?.code)).toEqual(['laboratory', 'GE']);
    // A function phenotype is coded too (Normal function), an HLA allele status is not (the IG's value set has no code for it).
    const functionAnswers = observations.flatMap((o) => o.component ?? []).filter((c) => /Normal Function$/.test(c.valueCodeableConcept?.text ?? ''));
    expect(functionAnswers.length).toBeGreaterThan(0);
    for (const c of functionAnswers)
      expect(c.valueCodeableConcept!.coding).toEqual([{ system: 'http://loinc.org', code: 'LA25393-2', display: 'Normal function' }]);
    const hla = observations.find((o) => o.code.text === 'HLA-B phenotype')!;
    expect(hla.component?.[0]?.valueCodeableConcept?.coding).toBeUndefined();
    expect(hla.component?.[0]?.valueCodeableConcept?.text).toMatch(/^HLA-B .*\*58:01 positive/);
    expect(observations.some((o) => o.code.coding?.[0]?.code === '84414-2')).toBe(true);

    // Every LOINC answer is one of the IG's value set, every gene is HGNC-coded as CPIC's gene table says.
    const answers = igDefinitions().valueSets.get('http://hl7.org/fhir/uv/genomics-reporting/ValueSet/genetic-therapeutic-implications-vs')!;
    const inValueSet = new Set(answers.compose!.include!.flatMap((i) => (i.concept ?? []).map((c) => `${i.system}|${c.code}`)));
    const answerCodings = observations.flatMap((o) => o.component ?? []).filter((c) => c.code.coding?.[0]?.code === 'therapeutic-implication');
    expect(answerCodings.length).toBeGreaterThan(10);
    for (const c of answerCodings)
      for (const coding of c.valueCodeableConcept?.coding ?? []) expect(inValueSet.has(`${coding.system}|${coding.code}`), coding.code).toBe(true);
    const hgnc = hgncIds();
    // Every pharmacogene is coded; a nutrigenomic gene label CPIC's table does not hold (most: it covers pharmacogenes) is text.
    for (const o of observations) {
      for (const c of (o.component ?? []).filter((x) => x.code.coding?.[0]?.code === '48018-6')) {
        const coding = c.valueCodeableConcept!.coding?.[0];
        if (o.meta?.profile) expect(coding, JSON.stringify(c)).toBeDefined();
        if (coding) expect(coding.code).toBe(hgnc[coding.display!]);
        else expect(hgnc[c.valueCodeableConcept!.text!]).toBeUndefined();
      }
    }
  }, 60_000);

  it("Nomsa's allopurinol contraindication (HLA-B*58:01) and clopidogrel implication (CYP2C19) are present, coded, CPIC's words, derived from her genotypes", async () => {
    const s = await demoSession('Nomsa');
    const bundle = (await get(`/api/portal/sessions/${s.id}/fhir`, ada)).json() as Bundle;
    const reading = (await get(`/api/portal/sessions/${s.id}/reports/reading`, ada)).json() as PgxReading;
    const observations = resources<Observation>(bundle, 'Observation');
    const byUrl = new Map(bundle.entry!.map((e) => [e.fullUrl, e.resource as Observation]));
    const drugs = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../data/pgx/pharmcat/cpic-2023-08/cpic_drugs.json'), 'utf8')) as Array<{
      drugid: string;
      drugname: string;
    }>;
    const rxnormOf = (drug: string) => drugs.find((d) => d.drugname === drug)!.drugid.replace('RxNorm:', '');
    const implicationFor = (drug: string) =>
      observations.filter((o) => o.component?.some((c) => c.code.coding?.[0]?.code === '51963-7' && c.valueCodeableConcept?.text === drug));
    const component = (o: Observation, code: string) => o.component!.filter((c) => c.code.coding?.[0]?.code === code);
    const basisGenes = (o: Observation) =>
      o
        .derivedFrom!.map((r) => byUrl.get(r.reference!)!)
        .map((d) => d.component?.find((c) => c.code.coding?.[0]?.code === '48018-6')?.valueCodeableConcept?.coding?.[0]?.display ?? d.code.text);

    for (const [drug, gene, rxnorm, tier] of [
      ['allopurinol', 'HLA-B', '519', 'avoid'],
      ['clopidogrel', 'CYP2C19', '32968', 'avoid'],
    ] as const) {
      expect(rxnormOf(drug)).toBe(rxnorm);
      const verdict = reading.verdicts.find((v) => v.drug === drug)!;
      expect(verdict.tier, drug).toBe(tier);
      const found = implicationFor(drug);
      expect(found, drug).toHaveLength(verdict.readings.filter((r) => r.tier !== 'notCovered').length);
      const obs = found[0]!;
      const r = verdict.readings[0]!;
      expect(obs.meta?.profile).toEqual([PROFILE.therapeuticImplication]);
      expect(component(obs, '51963-7')[0]!.valueCodeableConcept).toEqual({ coding: [{ system: RXNORM, code: rxnorm, display: drug }], text: drug });
      // CPIC's whole recommendation and its classification, and the verdict's tier beside them, never instead.
      expect(component(obs, 'conclusion-string')[0]!.valueString).toBe(r.recommendation!.replace(/[\u00a0\u202f]/g, ' '));
      expect(obs.component!.find((c) => c.code.text === "CPIC's classification of the recommendation")?.valueCodeableConcept?.text).toBe(r.classification);
      expect(obs.code.text).toBe(`${drug}: ${PGX_TIER_LABELS[tier]}`);
      // The genotype (and phenotype) it rests on.
      expect(basisGenes(obs)).toContain(gene);
      expect(obs.derivedFrom!.some((d) => byUrl.get(d.reference!)!.meta?.profile?.[0] === PROFILE.genotype)).toBe(true);
      expect(obs.extension?.[0]?.valueRelatedArtifact?.url).toBe(r.guidelineUrl);
    }
    const allopurinol = implicationFor('allopurinol')[0]!;
    expect(component(allopurinol, 'conclusion-string')[0]!.valueString).toMatch(/contraindicated/i);
    expect(component(allopurinol, 'therapeutic-implication').map((c) => c.valueCodeableConcept?.text)).toEqual([
      expect.stringMatching(/^HLA-B .*\*58:01 positive/),
    ]);
    const clopidogrel = implicationFor('clopidogrel')[0]!;
    // CPIC's population as the IG's treatment context, and that she takes it now (her questionnaire).
    const clopidogrelVerdict = reading.verdicts.find((v) => v.drug === 'clopidogrel')!;
    expect(clopidogrelVerdict.taking).toBe(true);
    expect(clopidogrel.note?.map((n) => n.text)).toContain('The patient takes this medicine now (health questionnaire).');
    expect(component(clopidogrel, '81259-4').map((c) => c.valueCodeableConcept?.text)).toEqual([clopidogrelVerdict.readings[0]!.population]);
    expect(component(clopidogrel, 'therapeutic-implication').map((c) => c.valueCodeableConcept as CodeableConcept)).toContainEqual({
      coding: [{ system: 'http://loinc.org', code: 'LA10317-8', display: 'Intermediate metabolizer' }],
      text: 'CYP2C19 Intermediate Metabolizer',
    });
    // Every drug with a CPIC reading is exported, each RxNorm-coded as CPIC's table codes it.
    const exported = new Set(observations.flatMap((o) => component(o, '51963-7')).map((c) => c.valueCodeableConcept!.text));
    for (const v of reading.verdicts) if (v.readings.some((x) => x.tier !== 'notCovered')) expect(exported.has(v.drug), v.drug).toBe(true);
    for (const c of observations.flatMap((o) => component(o, '51963-7'))) {
      const listed = drugs.find((d) => d.drugname === c.valueCodeableConcept!.text && d.drugid.startsWith('RxNorm:'));
      if (listed) expect(c.valueCodeableConcept!.coding?.[0]?.code, listed.drugname).toBe(listed.drugid.replace('RxNorm:', ''));
    }
  }, 60_000);

  it('names the genes not called in the report', async () => {
    const s = await demoSession('Thandi');
    const bundle = (await get(`/api/portal/sessions/${s.id}/fhir`, ada)).json() as Bundle;
    const summary = (await get(`/api/portal/sessions/${s.id}/reports`, ada)).json();
    const notCalled = (summary.report.genes as Array<{ gene: string; source: string }>).filter((g) => g.source === 'NONE').map((g) => g.gene);
    expect(notCalled.length).toBeGreaterThan(0);
    const report = resources<DiagnosticReport>(bundle, 'DiagnosticReport').find((r) => r.code.text === 'Pharmacogenomic report')!;
    const note = report.extension?.find((e) => e.url === 'http://hl7.org/fhir/uv/genomics-reporting/StructureDefinition/genomic-report-note')?.valueAnnotation
      ?.text;
    for (const gene of notCalled) {
      expect(note, gene).toContain(gene);
      expect(report.conclusion, gene).toContain(gene);
    }
  }, 60_000);

  it("the profile checker holds the IG's own examples and refuses broken copies of them", () => {
    const { examples, packageJson } = igDefinitions();
    expect(packageJson).toMatchObject({ name: 'hl7.fhir.uv.genomics-reporting', version: '3.0.0', license: 'CC0-1.0' });
    expect(fs.statSync(IG_PACKAGE).size).toBeGreaterThan(500_000);
    for (const name of ['Observation-TxImp01', 'Observation-Pgx-geno-1001', 'Observation-GenotypeExamplePharmVar', 'DiagnosticReport-PGxGenomicReportEMERGE']) {
      const example = examples.get(name) as Record<string, unknown> & { meta: { profile: string[] } };
      const profile = example.meta.profile[0]!;
      expect(profileProblems(example, profile), name).toEqual([]);
      expect(r4SchemaProblems(example), name).toEqual([]);
      const broken = (change: (r: Record<string, unknown>) => void) => {
        const copy = structuredClone(example);
        change(copy);
        return profileProblems(copy, profile).map((p) => p.text);
      };
      expect(
        broken((r) => (r['code'] = { text: 'Genotype' })),
        name,
      ).toContainEqual(expect.stringMatching(/code: does not match the pattern/));
      expect(
        broken((r) => delete r['status']),
        name,
      ).toContainEqual(expect.stringMatching(/status: 0 values, at least 1 required/));
      if (name.startsWith('Observation')) {
        expect(
          broken((r) => (r['category'] = (r['category'] as unknown[]).slice(0, 1))),
          name,
        ).toContainEqual(expect.stringMatching(/geCategory: 0 values/));
        expect(
          broken((r) => {
            for (const c of r['component'] as Array<Record<string, unknown>>) delete c['valueCodeableConcept'];
          }),
          name,
        ).toContainEqual(expect.stringMatching(/value\[x\]: 0 values, at least 1 required/));
      }
    }
    // An implication carries no value; an invariant (obs-7) is evaluated with the FHIRPath engine.
    const tx = structuredClone(examples.get('Observation-TxImp01')) as Record<string, unknown>;
    tx['valueString'] = 'x';
    tx['component'] = [{ code: tx['code'], valueString: 'x' }];
    const texts = profileProblems(tx, PROFILE.therapeuticImplication).map((p) => p.text);
    expect(texts).toContainEqual(expect.stringMatching(/value\[x\]: 1 values, at most 0 allowed/));
    expect(texts).toContainEqual(expect.stringMatching(/invariant obs-7 not met/));
    // The schema refuses a no-break space in a string.
    expect(r4SchemaProblems({ ...examples.get('Observation-TxImp01')!, text: undefined, note: [{ text: '39\u00a0400 people' }] })).toContainEqual(
      expect.stringMatching(/\/note\/0\/text: must match pattern/),
    );
  });

  it('answers 404 for an unknown id, another practice, a closed session and one whose data is not confirmed; one audit row per download', async () => {
    const johan = await demoSession('Johan');
    expect(johan.status).toBe(4);
    const johanBefore = (await audits(johan.id)).length;
    expect((await get(`/api/portal/sessions/${johan.id}/fhir`, ada)).statusCode).toBe(404);
    // A refused download is one denial row, like any refused read.
    expect((await audits(johan.id)).slice(johanBefore).map((r) => [r.category, r.outcome, r.detail])).toEqual([['results', 'denied', '404 400404']]);
    const pieter = await demoSession('Pieter');
    expect((await get(`/api/portal/sessions/${pieter.id}/fhir`, ada)).statusCode).toBe(404);
    expect((await get('/api/portal/sessions/00000000-0000-4000-8000-000000000000/fhir', ada)).statusCode).toBe(404);
    expect((await get('/api/portal/sessions/not-an-id/fhir', ada)).statusCode).toBe(404);
    const stranger = await createUser(h, { practitionerStatus: 2 });
    const thandi = await demoSession('Thandi');
    const refused = await get(`/api/portal/sessions/${thandi.id}/fhir`, stranger.auth);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBeDefined();

    const before = await audits(thandi.id);
    expect(before.filter((r) => r.outcome === 'denied' && r.actorUserId === stranger.user.id)).toHaveLength(1);
    expect((await get(`/api/portal/sessions/${thandi.id}/fhir`, ada)).statusCode).toBe(200);
    const added = (await audits(thandi.id)).slice(before.length);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ action: 'read', category: 'results', outcome: 'allowed', detail: 'FHIR export' });
  }, 60_000);

  it('closing the session closes the export; reopening opens it', async () => {
    const s = await demoSession('Busisiwe');
    expect((await get(`/api/portal/sessions/${s.id}/fhir`, ada)).statusCode).toBe(200);
    await h.db.update(sessions).set({ status: 4 }).where(eq(sessions.id, s.id));
    try {
      expect((await get(`/api/portal/sessions/${s.id}/fhir`, ada)).statusCode).toBe(404);
    } finally {
      await h.db.update(sessions).set({ status: 2 }).where(eq(sessions.id, s.id));
    }
    expect((await get(`/api/portal/sessions/${s.id}/fhir`, ada)).statusCode).toBe(200);
  }, 60_000);
});

describe('the FHIR export is bounded (issue 32)', () => {
  it("answers 429 past the per-practitioner limit, and one practitioner's export loop does not slow another practitioner's reads", async () => {
    // A database of its own with the demo in it: the limit and the timing are this app's alone.
    const limited = await createTestApp({ FHIR_RATE_LIMIT: '5' }, { ownDatabase: true });
    try {
      await seedDemo(limited.db);
      const token = await limited.app.inject({
        method: 'POST',
        url: '/sso/api/token',
        payload: { email: 'ada.lovelace@demo.test', password: 'Demo-portal-1' },
      });
      expect(token.statusCode, token.body).toBe(200);
      const adaHere = { authorization: `Bearer ${token.json().accessToken}` };
      const other = await createUser(limited, { practitionerStatus: 2 });
      const list = (await limited.app.inject({ url: '/api/portal/sessions/?limit=100', headers: adaHere })).json().results as Array<{
        id: string;
        user: { firstName: string };
      }>;
      const nomsa = list.find((x) => x.user.firstName === 'Nomsa')!;
      const read = async () => {
        const t0 = performance.now();
        const res = await limited.app.inject({ url: '/api/portal/sessions/?limit=100', headers: other.auth });
        expect(res.statusCode).toBe(200);
        return performance.now() - t0;
      };
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      await read();
      const idle: number[] = [];
      for (let i = 0; i < 15; i++) idle.push(await read());

      // Four export loops of one practitioner (as the review ran them), while the other reads.
      const statuses: number[] = [];
      const exportLoop = async () => {
        for (let i = 0; i < 8; i++) {
          const res = await limited.app.inject({ url: `/api/portal/sessions/${nomsa.id}/fhir`, headers: adaHere });
          statuses.push(res.statusCode);
          if (res.statusCode === 429) {
            expect(res.headers['retry-after']).toBeDefined();
            expect(res.json().error.message).toMatch(/^You have exported a lot in a short time\. You can export again in \d+ seconds\.$/);
          }
        }
      };
      // The other practitioner reads for as long as the loops run.
      const validationsBefore = validationRuns.count;
      const busy: number[] = [];
      let exporting = true;
      const reader = async () => {
        while (exporting && busy.length < 500) busy.push(await read());
      };
      const loops = Promise.all([exportLoop(), exportLoop(), exportLoop(), exportLoop()]).finally(() => (exporting = false));
      await Promise.all([loops, reader()]);
      expect(busy.length).toBeGreaterThan(2);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(27);
      // One content, one validation: the five exports served validated the bundle once.
      expect(validationRuns.count - validationsBefore).toBe(1);
      // Generous: the median read under the loop within ten times the idle median (or 250 ms more), measured in this test.
      expect(median(busy), `idle ${median(idle).toFixed(1)} ms, busy ${median(busy).toFixed(1)} ms`).toBeLessThan(
        Math.max(median(idle) * 10, median(idle) + 250),
      );
      // The limit is the practitioner's: the other practitioner's own export is not refused (their session list holds none, so it is a 404).
      expect((await limited.app.inject({ url: `/api/portal/sessions/${nomsa.id}/fhir`, headers: other.auth })).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  }, 240_000);
});
