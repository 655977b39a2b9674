import type { Bundle, DiagnosticReport, Observation, Patient } from '@medplum/fhirtypes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions } from '../../db/schema';
import { createTestApp, createUser, type Harness } from '../../test/harness';
import { seedDemo } from '../demo/seed';
import { validateFhir } from './validate';

let h: Harness;
let ada: Record<string, string>;
beforeAll(async () => {
  h = await createTestApp();
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

const resources = <T>(bundle: Bundle, type: string) => (bundle.entry ?? []).map((e) => e.resource).filter((r) => r?.resourceType === type) as T[];

describe('the FHIR export', () => {
  it("the demo patients' bundles validate against the FHIR R4 base definitions with zero errors", async () => {
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
    expect(obs.referenceRange?.[0]?.text).toContain(first.referencePopulation);

    const summary = (await get(`/api/portal/sessions/${s.id}/reports`, ada)).json();
    const cyp2c19 = summary.report.genes.find((g: { gene: string }) => g.gene === 'CYP2C19');
    const genotype = observations.find((o) => o.code.coding?.[0]?.code === '84413-4' && o.valueCodeableConcept?.text === `CYP2C19 ${cyp2c19.diplotype}`);
    expect(genotype).toBeDefined();
    expect(genotype!.component).toEqual([
      { code: { coding: [{ system: 'http://loinc.org', code: '48018-6', display: 'Gene studied [ID]' }] }, valueCodeableConcept: { text: 'CYP2C19' } },
    ]);
    const phenotype = observations.find((o) => o.derivedFrom?.[0]?.reference === `urn:uuid:${genotype!.id}`)!;
    expect(phenotype.code.coding?.[0]?.code).toBe('53040-2');
    expect(phenotype.valueCodeableConcept).toEqual({
      coding: [{ system: 'http://loinc.org', code: 'LA10317-8', display: 'Intermediate metabolizer' }],
      text: 'Intermediate Metabolizer',
    });
    // A phenotype that is not a metabolizer status has no code of the IG's, only its text.
    const hla = observations.find((o) => o.code.text === 'HLA-B phenotype');
    if (hla) expect(hla.code.coding).toBeUndefined();
    expect(observations.some((o) => o.code.coding?.[0]?.code === '84414-2')).toBe(true);
  }, 60_000);

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
