import { createRequire } from 'node:module';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PGX_MESSAGES, type PgxReportRow } from '@portal/contract';
import { auditEvents, kits, pgxCallSets, pgxReportRows, pgxReports, questionnaireResponses, sessions } from '../../db/schema';
import { ADMIN_TOKEN, admin, createTestApp, createUser, practice, session, type Harness } from '../../test/harness';
import { readPgxFile } from './catalogue';
import { runPgxCommand } from './admin-cli';
import { CALL_RULES_VERSION } from './calls';
import { importCalls, loadBrandNames, loadCpicTable, recheckCallSets } from './service';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp({ ADMIN_TOKEN });
});
afterAll(() => h.close());

const EX1 = readPgxFile('pharmcat/pharmcat.example.report.tsv');
const EX1_OUTSIDE = readPgxFile('pharmcat/pharmcat.example.outsideCall.tsv');
const EX2 = readPgxFile('pharmcat/pharmcat.example2.report.tsv');
const TABLE = readPgxFile('pharmcat/derived/cpic_recommendations_from_examples.tsv');

/** A practitioner with an accepted session whose patient confirmed the data request, and its kit. */
async function openSession(opts: { confirm?: boolean } = {}) {
  const doc = await practice(h);
  const { id, patient } = await session(h, doc);
  const [kit] = await h.db
    .insert(kits)
    .values({ sampleLabel: `PGX-${id.slice(0, 8)}`, sessionId: id, patientId: patient.user.id, status: 'results_available', collectionIds: [2] })
    .returning();
  await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/data-request`, headers: doc.auth });
  if (opts.confirm ?? true) await h.app.inject({ method: 'POST', url: `/api/patient/sessions/${id}/data-request/confirm`, headers: patient.auth });
  return { doc, patient, id, kit: kit!, url: `/api/portal/sessions/${id}/reports` };
}

const get = (url: string, headers: Record<string, string>) => h.app.inject({ url, headers });

describe('importing calls', () => {
  it('imports a kit’s PharmCAT calls and outside calls and builds its report', async () => {
    const s = await openSession();
    const result = await importCalls(h.db, { sampleLabel: s.kit.sampleLabel }, EX1, EX1_OUTSIDE);
    expect(result).toMatchObject({ kitId: s.kit.id, pharmcatVersion: 'v3.1.0-2-g0b250f81', genesCalled: 22 });
    expect(result.rows).toBeGreaterThan(100);
    const stored = await h.db.select().from(pgxReportRows).where(eq(pgxReportRows.kitId, s.kit.id));
    expect(stored).toHaveLength(result.rows);
    expect(new Set(stored.map((r) => r.kbVersion))).toEqual(new Set([result.knowledgeBase]));
  });

  it('refuses calls outside PharmCAT’s phenotype list and keeps what was there', async () => {
    const s = await openSession();
    await importCalls(h.db, { id: s.kit.id }, EX2);
    const bad = EX2.replace('*2/*2\tPoor Metabolizer', '*2/*2\tSlow Metabolizer');
    await expect(importCalls(h.db, { id: s.kit.id }, bad)).rejects.toMatchObject({
      statusCode: 400,
      extra: { fieldErrors: { file: expect.arrayContaining([expect.stringMatching(/^line 9: Phenotype 'Slow Metabolizer' is not one of CYP2C19's/)]) } },
    });
    await expect(importCalls(h.db, { sampleLabel: 'NO-SUCH-KIT' }, EX2)).rejects.toMatchObject({ statusCode: 404 });
    // An outside call naming an allele PharmCAT does not know is refused with its line; nothing is stored.
    await expect(importCalls(h.db, { id: s.kit.id }, EX1, 'CYP2D6\t*1/*3\nMT-RNR1\t1556A>T\n')).rejects.toMatchObject({
      statusCode: 400,
      extra: { fieldErrors: { file: [expect.stringMatching(/^outside calls line 2: '1556A>T' is not a named allele of MT-RNR1/)] } },
    });
    const summary = (await get(s.url, s.doc.auth)).json();
    expect(summary.report.genes.find((g: { gene: string }) => g.gene === 'CYP2C19')).toMatchObject({
      diplotype: '*2/*2',
      phenotype: 'Poor Metabolizer',
      metabolizerSpeed: 'poor',
    });
  });
});

describe('the report API', () => {
  it('answers the summary: knowledge base, gene calls and the values each filter offers', async () => {
    const s = await openSession();
    await importCalls(h.db, { id: s.kit.id }, EX1, EX1_OUTSIDE);
    const res = await get(s.url, s.doc.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      sessionId: s.id,
      kit: { id: s.kit.id, sampleLabel: s.kit.sampleLabel },
      update: null,
      brandNames: { us: expect.any(Number), za: expect.any(Number) },
    });
    expect(body.report.genes.find((g: { gene: string }) => g.gene === 'CYP2D6')).toMatchObject({
      source: 'OUTSIDE',
      diplotype: '*1/*3',
      activityScore: '1.0',
      metabolizerSpeed: 'intermediate',
    });
    expect(body.facets.levelOfEvidence).toEqual([1, 2, 3, 4]);
    expect(body.facets.category).toContain('Blood and clotting');
    expect(body.facets.class).toContain('Proton pump inhibitor');
    expect(body.facets.phenotypeCategory).toEqual(expect.arrayContaining(['Dosage', 'Toxicity', 'not stated']));
    expect(body.facets.specialtyPopulation).toEqual(expect.arrayContaining(['General', 'Adults', 'Cardiovascular: acute coronary syndrome or PCI']));
    // The header names each drug-gene pair the knowledge base cannot answer, with why; a gene covered for other drugs is no gap.
    expect(body.report.notCovered.rows).toBeGreaterThan(0);
    expect(body.report.notCovered.pairs).toEqual(
      expect.arrayContaining([{ drug: 'warfarin', gene: 'VKORC1', reason: PGX_MESSAGES.notCoveredWhy.algorithm('warfarin') }]),
    );
    expect(body.report.notCovered.pairs.filter((p: { gene: string }) => p.gene === 'CYP2C19')).toEqual([]);
    // Every call says how it was checked: CYP2D6 (an outside call) has no PharmCAT table here.
    expect(body.report.genes.find((g: { gene: string }) => g.gene === 'CYP2D6')!.check).toBe('noTable');
    expect(body.report.genes.find((g: { gene: string }) => g.gene === 'CYP2C19')!.check).toBe('table');
    expect(body.withheld).toBeNull();
    expect(body.report.sources).toEqual([
      'CPIC data of 5 November 2025 (as PharmCAT 3.1.0 reports it)',
      'CPIC table v1.30.0 of 14 August 2023 (as PharmCAT shipped it)',
    ]);
    expect(body.medicines).toEqual({ answered: false, taking: [], phenoconverters: [] });
  });

  it('every row is reachable by a category filter, and the PDF of every category holds every row', async () => {
    const s = await openSession();
    await importCalls(h.db, { id: s.kit.id }, EX1, EX1_OUTSIDE);
    const summary = (await get(s.url, s.doc.auth)).json();
    const total = summary.report.rowCount as number;
    expect(total).toBeGreaterThan(100);
    const every = summary.facets.category.map((c: string) => `category=${encodeURIComponent(c)}`).join('&');
    const rows = (await get(`${s.url}/rows?view=1&${every}&limit=1`, s.doc.auth)).json();
    expect(rows.count).toBe(total);
    // Each row of the PDF opens with its 'Action:' line: as many as the report has rows.
    const pdf = await get(`${s.url}/pdf?view=1&${every}`, s.doc.auth);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).join(' ');
    expect(text.match(/ Action: /g)?.length).toBe(total);
  });

  it('quick view (1) needs a filter, then filters by category, class and name on the server', async () => {
    const s = await openSession();
    await importCalls(h.db, { id: s.kit.id }, EX2);
    const none = await get(`${s.url}/rows?view=1`, s.doc.auth);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fieldErrors.view).toEqual([PGX_MESSAGES.quickMinimum]);

    const cyp2c19 = (await get(`${s.url}/rows?view=1&name=CYP2C19`, s.doc.auth)).json();
    expect(cyp2c19.count).toBeGreaterThan(10);
    expect(cyp2c19.results.every((r: PgxReportRow) => r.gene === 'CYP2C19')).toBe(true);
    const clopidogrel = cyp2c19.results.find((r: PgxReportRow) => r.genericName === 'clopidogrel');
    expect(clopidogrel).toMatchObject({
      phenotype: 'Poor Metabolizer',
      metabolizerSpeed: 'poor',
      classification: 'Strong',
      levelOfEvidence: [1, 2],
      cpicLevel: 'A/B',
      levelInferred: true,
      saName: null,
      coverage: 'recommendation',
      source: 'CPIC data of 5 November 2025 (as PharmCAT 3.1.0 reports it)',
      taking: false,
      phenoconversion: [],
      ifPhenoconverted: null,
    });

    const ppi = (await get(`${s.url}/rows?view=1&class=${encodeURIComponent('Proton pump inhibitor')}`, s.doc.auth)).json();
    // Dexlansoprazole has no ATC code in CPIC's drug table: its guideline (proton pump inhibitors) files it.
    expect(ppi.results.map((r: PgxReportRow) => r.genericName).sort()).toEqual(['dexlansoprazole', 'lansoprazole', 'omeprazole', 'pantoprazole']);
    // Every row is reachable: the rows the knowledge base cannot answer have a filter of their own.
    const gaps = (await get(`${s.url}/rows?view=1&notCovered=1&limit=100`, s.doc.auth)).json();
    expect(gaps.count).toBeGreaterThan(0);
    expect(gaps.results.every((r: PgxReportRow) => r.coverage === 'notCovered' && r.tier === 'notCovered')).toBe(true);
    expect(ppi.results.find((r: PgxReportRow) => r.genericName === 'omeprazole')).toMatchObject({
      cpicLevel: 'A',
      levelOfEvidence: [1],
      phenotypeCategory: 'Dosage',
    });

    const two = (
      await get(
        `${s.url}/rows?view=1&category=${encodeURIComponent('Blood and clotting')}&category=${encodeURIComponent('Nervous system')}&name=warfarin`,
        s.doc.auth,
      )
    ).json();
    expect(two.results.map((r: PgxReportRow) => `${r.genericName}/${r.gene}`)).toEqual(['warfarin/CYP2C9', 'warfarin/CYP4F2', 'warfarin/VKORC1']);
    expect(two.results[0]).toMatchObject({
      coverage: 'notCovered',
      recommendation: null,
      note: PGX_MESSAGES.notCoveredWhy.algorithm('warfarin'),
      guidelineUrl: expect.stringContaining('cpicpgx.org'),
    });

    const paged = (await get(`${s.url}/rows?view=1&name=CYP2C19&limit=5&offset=5`, s.doc.auth)).json();
    expect(paged).toMatchObject({ count: cyp2c19.count, limit: 5, offset: 5 });
    expect(paged.results.map((r: PgxReportRow) => r.id)).toEqual(cyp2c19.results.slice(5, 10).map((r: PgxReportRow) => r.id));
    expect((await get(`${s.url}/rows?view=1&name=CYP2C19&unknown=1`, s.doc.auth)).statusCode).toBe(400);
    expect((await get(`${s.url}/rows?view=3&name=x`, s.doc.auth)).statusCode).toBe(400);
  });

  it('custom filtering (2) needs two configured variables for results and three for diseases', async () => {
    const s = await openSession();
    await importCalls(h.db, { id: s.kit.id }, EX1, EX1_OUTSIDE);
    const one = await get(`${s.url}/rows?view=2&phenotypeCategory=Toxicity`, s.doc.auth);
    expect(one.json().error.fieldErrors.view).toEqual([PGX_MESSAGES.resultsMinimum]);

    const rows = (await get(`${s.url}/rows?view=2&phenotypeCategory=Toxicity&specialtyPopulation=General`, s.doc.auth)).json();
    expect(rows.count).toBeGreaterThan(0);
    expect(rows.results.every((r: PgxReportRow) => r.phenotypeCategory === 'Toxicity' && r.specialtyPopulation === 'General')).toBe(true);

    const graded = (await get(`${s.url}/rows?view=2&phenotypeCategory=Toxicity&specialtyPopulation=General&levelOfEvidence=1`, s.doc.auth)).json();
    expect(graded.results.length).toBeGreaterThan(0);
    expect(graded.results.every((r: PgxReportRow) => r.levelOfEvidence.includes(1))).toBe(true);
    expect(graded.results.map((r: PgxReportRow) => r.gene)).toContain('SLCO1B1');

    // Level 1 holds rows whose A/B level is inferred from CPIC's recommendation; 'CPIC graded' leaves those out.
    const level1 = (await get(`${s.url}/rows?view=2&specialtyPopulation=General&levelOfEvidence=1&limit=100`, s.doc.auth)).json();
    const ownA = (await get(`${s.url}/rows?view=2&specialtyPopulation=General&levelOfEvidence=1&cpicGraded=1&limit=100`, s.doc.auth)).json();
    expect(level1.results.some((r: PgxReportRow) => r.levelInferred)).toBe(true);
    expect(ownA.count).toBeGreaterThan(0);
    expect(ownA.count).toBeLessThan(level1.count);
    expect(ownA.results.every((r: PgxReportRow) => !r.levelInferred && r.cpicLevel?.startsWith('A'))).toBe(true);

    const notStated = (
      await get(`${s.url}/rows?view=2&phenotypeCategory=${encodeURIComponent('not stated')}&levelOfEvidence=1&levelOfEvidence=3`, s.doc.auth)
    ).json();
    expect(notStated.results.every((r: PgxReportRow) => r.phenotypeCategory === null && (r.levelOfEvidence.includes(1) || r.levelOfEvidence.includes(3)))).toBe(
      true,
    );

    const twoOnly = await get(`${s.url}/diseases?phenotypeCategory=Toxicity&specialtyPopulation=General`, s.doc.auth);
    expect(twoOnly.json().error.fieldErrors.view).toEqual([PGX_MESSAGES.diseasesMinimum]);
    const diseases = (await get(`${s.url}/diseases?phenotypeCategory=Toxicity&specialtyPopulation=General&levelOfEvidence=1`, s.doc.auth)).json();
    expect(diseases.results).toEqual(
      expect.arrayContaining([expect.objectContaining({ diseasePhenotype: 'Myopathy', genes: expect.arrayContaining(['SLCO1B1']) })]),
    );
    // Example 1's MT-RNR1 call (m.1555A>G) now gives its aminoglycoside rows.
    expect(diseases.results).toEqual(
      expect.arrayContaining([expect.objectContaining({ diseasePhenotype: 'Aminoglycoside-induced hearing loss', genes: ['MT-RNR1'] })]),
    );
    expect(diseases.notStated).toBeGreaterThanOrEqual(0);
  });

  it("the session's readiness says whether a report can be read: no before the calls are imported, yes after", async () => {
    const s = await openSession();
    const readiness = async () => (await get(`/api/portal/sessions/${s.id}`, s.doc.auth)).json().readiness.pharmacogenomicReport;
    expect(await readiness()).toBe(false);
    await importCalls(h.db, { id: s.kit.id }, EX2);
    expect(await readiness()).toBe(true);
  });

  it('prints the current view as a PDF', async () => {
    const s = await openSession();
    await importCalls(h.db, { id: s.kit.id }, EX2);
    const res = await get(`${s.url}/pdf?view=1&name=CYP2C19`, s.doc.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="pharmaco-report-PGX-/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The whole report prints without a filter (the first page says what to do, then every row).
    const whole = await get(`${s.url}/pdf?view=1`, s.doc.auth);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBeGreaterThan(res.rawPayload.length);
    const custom = await get(`${s.url}/pdf?view=2&phenotypeCategory=Dosage&specialtyPopulation=General&levelOfEvidence=1`, s.doc.auth);
    expect(custom.statusCode).toBe(200);
  });

  it('shows actionable pharmacogenes among the Overview highlights', async () => {
    const s = await openSession();
    await importCalls(h.db, { id: s.kit.id }, EX1, EX1_OUTSIDE);
    const detail = (await get(`/api/portal/sessions/${s.id}`, s.doc.auth)).json();
    const genes = detail.highlights.filter((x: { kind: string }) => x.kind === 'pharmacogene');
    // Tier order: every 'avoid' line before every 'adjust' line; each names its action in words.
    const tiers = genes.map((x: { tier: string }) => x.tier);
    expect(tiers.lastIndexOf('avoid')).toBeLessThan(tiers.indexOf('adjust'));
    for (const x of genes)
      expect(x.level).toMatch(x.tier === 'avoid' ? /^Avoid, or use an alternative: / : /^Change the dose, monitor, or take CPIC’s precaution: /);
    expect(genes[0]).toMatchObject({
      title: 'HLA-B*57:01 positive',
      level: expect.stringMatching(/^Avoid, or use an alternative: abacavir; CPIC Strong; .*lifelong result/),
    });
    expect(genes.find((x: { title: string }) => x.title.startsWith('MT-RNR1')).level).toMatch(/maternal relatives/);
    // Two-gene advice is filed under both genes: phenytoin's 'avoid' rests on HLA-B*15:02, not on CYP2C9 alone.
    expect(genes.find((x: { level: string }) => /: fosphenytoin .*phenytoin/.test(x.level)).title).toBe(
      'CYP2C9 Normal Metabolizer (activity score 2.0) and HLA-B*15:02 positive',
    );
    // The reference CYP3A5 genotype, yet CPIC raises tacrolimus's starting dose: a change, not 'no change'.
    expect(genes.find((x: { title: string }) => x.title === 'CYP3A5 Normal Metabolizer')).toMatchObject({
      tier: 'adjust',
      level: expect.stringContaining('tacrolimus'),
    });
    expect(genes.find((x: { title: string }) => x.title === 'NAT2 Rapid Metabolizer')).toMatchObject({
      tier: 'adjust',
      level: expect.stringContaining('hydralazine'),
    });
  });
});

/** The text of each page of a rendered PDF, read by PDF.js (what a reader's viewer shows). */
async function pdfText(pdf: Buffer): Promise<string[]> {
  const fonts = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, standardFontDataUrl: fonts }).promise;
  const out: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    out.push(
      content.items
        .map((x) => ('str' in x ? x.str : ''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
  return out;
}

describe('the medicines the patient takes', () => {
  /** CYP2C19 intermediate (clopidogrel), CYP2D6 normal (outside call), HLA-B*58:01 positive; the patient answers the medicines questionnaire. */
  async function takingSession(medicines: string) {
    const s = await openSession();
    await importCalls(h.db, { id: s.kit.id }, readPgxFile('demo/phenoconversion.calls.tsv'), readPgxFile('demo/phenoconversion.outsideCall.tsv'));
    await h.db
      .insert(questionnaireResponses)
      .values({ patientId: s.patient.user.id, questionnaireId: 4, answers: { medicines, otc: '' }, completedAt: new Date() });
    return s;
  }

  it('marks the drugs taken now, filters on them, and flags a strong CYP2D6 inhibitor with CPIC’s activity-score-0 recommendation', async () => {
    const s = await takingSession('Clopidogrel 75 mg daily;  PAROXETINE 20 mg; codeine when needed');
    const summary = (await get(s.url, s.doc.auth)).json();
    expect(summary.medicines).toMatchObject({ answered: true, taking: ['clopidogrel', 'codeine', 'paroxetine'] });
    expect(summary.medicines.phenoconverters).toEqual([
      expect.objectContaining({
        medicine: 'paroxetine',
        enzyme: 'CYP2D6',
        strength: 'strong',
        kind: 'inhibitor',
        reference: expect.stringMatching(/^https:\/\/www\.fda\.gov\//),
      }),
    ]);

    const taking = (await get(`${s.url}/rows?view=1&taking=1`, s.doc.auth)).json();
    expect([...new Set(taking.results.map((r: PgxReportRow) => r.genericName))].sort()).toEqual(['clopidogrel', 'codeine', 'paroxetine']);
    expect(taking.results.every((r: PgxReportRow) => r.taking)).toBe(true);
    const clopidogrel = taking.results.filter((r: PgxReportRow) => r.genericName === 'clopidogrel');
    expect(clopidogrel).toHaveLength(3);
    expect(clopidogrel.find((r: PgxReportRow) => r.specialtyPopulation === 'Cardiovascular: acute coronary syndrome or PCI')).toMatchObject({
      phenotype: 'Intermediate Metabolizer',
      classification: 'Strong',
      guidelineUpdatedOn: '2023-10-20',
      phenoconversion: [],
    });

    const codeine = taking.results.find((r: PgxReportRow) => r.genericName === 'codeine');
    expect(codeine.phenotype).toBe('Normal Metabolizer');
    expect(codeine.phenoconversion).toEqual([expect.objectContaining({ medicine: 'paroxetine', strength: 'strong' })]);
    expect(PGX_MESSAGES.phenoconversion(codeine.phenoconversion[0])).toBe(
      'Takes paroxetine, a strong CYP2D6 inhibitor: the effective phenotype may be poorer than the genotype (phenoconversion)',
    );
    expect(codeine.ifPhenoconverted).toMatchObject({
      activityScore: '0.0',
      recommendation: expect.stringMatching(/^Avoid codeine use/),
      classification: 'Strong',
    });
    expect(codeine.recommendation).not.toBe(codeine.ifPhenoconverted.recommendation);
    // The inhibitor's own row keeps CPIC's advice for the genotype: no flag, no activity-score-0 reading.
    const paroxetine = taking.results.filter((r: PgxReportRow) => r.genericName === 'paroxetine' && r.gene === 'CYP2D6');
    expect(paroxetine.length).toBeGreaterThan(0);
    for (const r of paroxetine) expect(r).toMatchObject({ phenoconversion: [], ifPhenoconverted: null, phenotype: 'Normal Metabolizer' });

    const detail = (await get(`/api/portal/sessions/${s.id}`, s.doc.auth)).json();
    const kinds = detail.highlights.map((x: { kind: string }) => x.kind);
    expect(kinds.slice(0, 2)).toEqual(['medicine', 'medicine']);
    expect(detail.highlights[0]).toMatchObject({
      tier: 'avoid',
      title: 'clopidogrel (currently taking)',
      level: expect.stringMatching(
        /^Avoid, or use an alternative \(Cardiovascular: acute coronary syndrome or PCI.*CYP2C19 Intermediate Metabolizer.*CPIC names prasugrel or ticagrelor/,
      ),
    });
    // Codeine is as usual for her genotype, but not beside paroxetine: it stands with what to avoid, saying both.
    expect(detail.highlights[1]).toMatchObject({
      tier: 'avoid',
      title: 'codeine (currently taking)',
      level: expect.stringMatching(
        /^For the genotype alone: Use as usual per CPIC; .*Takes paroxetine, a strong CYP2D6 inhibitor: .*if phenoconverted \(CYP2D6 activity score 0\), CPIC’s advice is: avoid, or use an alternative\.$/,
      ),
    });
    expect(detail.highlights.find((x: { title: string }) => x.title === 'paroxetine (currently taking)')!.level).toMatch(
      /^a strong CYP2D6 inhibitor: for 18 of the report's drugs \(.*\) the effective phenotype may be poorer than the genotype; if phenoconverted, CPIC advises avoiding codeine/,
    );
    expect(detail.highlights.find((x: { title: string }) => x.title === 'Medicines taken: no gene-based change')).toMatchObject({
      tier: 'usual',
      level: 'paroxetine: Use as usual per CPIC.',
    });

    const pdf = await get(`${s.url}/pdf?view=1&taking=1`, s.doc.auth);
    expect(pdf.statusCode).toBe(200);

    // The PDF's first page is the Overview's action list, in its order, read back from the rendered PDF.
    const whole = await get(`${s.url}/pdf?view=1`, s.doc.auth);
    const pages = await pdfText(whole.rawPayload);
    expect(pages.length).toBeGreaterThan(2);
    const first = pages[0]!;
    expect(first).toMatch(/^Pharmaco report Patient: .* What to do /);
    const at = (t: string) => first.indexOf(t);
    expect(at('Avoid, or use an alternative - clopidogrel (currently taking)')).toBeGreaterThan(0);
    expect(at('Avoid, or use an alternative - codeine (currently taking)')).toBeGreaterThan(at('clopidogrel (currently taking)'));
    expect(at('HLA-B*58:01 positive')).toBeGreaterThan(at('codeine (currently taking)'));
    expect(at('Medicines taken: clopidogrel, codeine, paroxetine')).toBeGreaterThan(at('HLA-B*58:01 positive'));
    expect(first).not.toContain('Report rows');
    // The rows follow, from a page of their own.
    expect(pages.findIndex((p) => /^Report rows The whole report \(no filter\)/.test(p))).toBeGreaterThan(0);
  });

  it('a moderate inhibitor gets the flag only; no medicines listed, nothing taken; the filter then finds nothing', async () => {
    const s = await takingSession('Duloxetine 60 mg');
    const codeine = (await get(`${s.url}/rows?view=1&name=codeine`, s.doc.auth)).json().results[0];
    expect(codeine).toMatchObject({
      taking: false,
      phenoconversion: [expect.objectContaining({ medicine: 'duloxetine', strength: 'moderate' })],
      ifPhenoconverted: null,
    });
    const none = await openSession();
    await importCalls(h.db, { id: none.kit.id }, EX2);
    const empty = (await get(`${none.url}/rows?view=1&taking=1`, none.doc.auth)).json();
    expect(empty).toMatchObject({ count: 0, results: [] });
  });
});

describe('the same access rules as results', () => {
  it('owner only, accepted session, confirmed data request: otherwise 404 like a missing session', async () => {
    const s = await openSession();
    await importCalls(h.db, { id: s.kit.id }, EX2);
    const other = await createUser(h, { practitionerStatus: 2 });
    const urls = [
      s.url,
      `${s.url}/rows?view=1&name=CYP2C19`,
      `${s.url}/diseases?phenotypeCategory=Toxicity&specialtyPopulation=general&levelOfEvidence=1`,
      `${s.url}/pdf?view=1&name=x`,
    ];
    for (const url of urls) {
      const res = await get(url, other.auth);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual((await get(url.replace(s.id, '00000000-0000-4000-8000-000000000000'), other.auth)).json());
      expect((await h.app.inject({ url })).statusCode, url).toBe(401);
      expect((await get(url, s.patient.auth)).statusCode, url).toBe(401);
    }
    expect((await h.app.inject({ method: 'POST', url: `${s.url}/update`, headers: other.auth })).statusCode).toBe(404);

    const pending = await openSession({ confirm: false });
    await importCalls(h.db, { id: pending.kit.id }, EX2);
    expect((await get(pending.url, pending.doc.auth)).statusCode).toBe(404);
    expect((await get(`/api/portal/sessions/${pending.id}`, pending.doc.auth)).json().highlights).toEqual([]);

    await h.db.update(sessions).set({ status: 4 }).where(eq(sessions.id, s.id));
    expect((await get(s.url, s.doc.auth)).statusCode).toBe(404);
    expect((await get(`${s.url}/rows?view=1&name=CYP2C19`, s.doc.auth)).statusCode).toBe(404);
  });

  it('every read of the report, allowed or denied, is in the audit trail, and so is the lab’s import', async () => {
    const s = await openSession();
    const r = await h.app.inject({ method: 'POST', url: '/api/admin/pgx/calls', headers: admin, payload: { kit: s.kit.sampleLabel, calls: EX2 } });
    expect(r.statusCode).toBe(200);
    await get(s.url, s.doc.auth);
    await get(`${s.url}/rows?view=1&name=CYP2C19`, s.doc.auth);
    const other = await createUser(h, { practitionerStatus: 2 });
    await get(s.url, other.auth);
    const events = await h.db.select().from(auditEvents).where(eq(auditEvents.sessionId, s.id)).orderBy(auditEvents.id);
    const mine = events.filter((e) => e.category === 'pharmacogenomic report').map((e) => `${e.action} ${e.outcome} ${e.detail ?? ''}`.trim());
    expect(mine).toEqual([`import allowed calls of kit ${s.kit.sampleLabel}`, 'read allowed', 'read allowed rows, view 1', 'read denied 404 400404']);
  });

  it('a session without calls answers an empty report', async () => {
    const s = await openSession();
    const body = (await get(s.url, s.doc.auth)).json();
    expect(body).toMatchObject({ report: null, update: null, kit: { id: s.kit.id } });
    expect((await get(`${s.url}/rows?view=1&name=x`, s.doc.auth)).statusCode).toBe(404);
  });
});

describe('calls read with older rules', () => {
  it('are read again at start: one that passes is stored as it reads now and its report rebuilt; one that fails is withheld, saying why', async () => {
    const good = await openSession();
    const bad = await openSession();
    // HLA-B at three-field resolution: read with today's rules, *58:01:01 is *58:01 positive.
    await importCalls(h.db, { id: good.kit.id }, EX2, 'HLA-B\t*58:01:01/*07:02:01\n');
    await importCalls(h.db, { id: bad.kit.id }, EX2);
    // As an older portal left them: read under rules version 0, a stale row, and (the second) a file that no longer passes.
    await h.db.update(pgxCallSets).set({ rulesVersion: 0 }).where(eq(pgxCallSets.kitId, good.kit.id));
    await h.db
      .update(pgxReportRows)
      .set({ recommendation: 'stale' })
      .where(and(eq(pgxReportRows.kitId, good.kit.id), eq(pgxReportRows.genericName, 'allopurinol')));
    const impossible = EX2.replace('*2/*2\tPoor Metabolizer', '*2/*2\tNormal Metabolizer').replace('*2/*2\tPoor Metabolizer', '*2/*2\tNormal Metabolizer');
    await h.db.update(pgxCallSets).set({ rulesVersion: 0, callsTsv: impossible }).where(eq(pgxCallSets.kitId, bad.kit.id));

    await recheckCallSets(h.db);

    const rows = (await get(`${good.url}/rows?view=1&name=allopurinol`, good.doc.auth)).json().results;
    expect(rows[0].recommendation).toMatch(/contraindicated/i);
    const [stored] = await h.db.select().from(pgxCallSets).where(eq(pgxCallSets.kitId, good.kit.id));
    expect(stored).toMatchObject({ rulesVersion: CALL_RULES_VERSION, problems: null });

    const withheld = (await get(bad.url, bad.doc.auth)).json();
    expect(withheld).toMatchObject({ report: null, kit: { id: bad.kit.id } });
    expect(withheld.withheld).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^line \d+: CYP2C19 \*2\/\*2 is given the phenotype 'Normal Metabolizer', but PharmCAT's table gives 'Poor Metabolizer'/),
      ]),
    );
    expect((await get(`${bad.url}/rows?view=1&name=clopidogrel`, bad.doc.auth)).statusCode).toBe(404);
    // Done once: a second start changes nothing.
    await recheckCallSets(h.db);
    expect((await h.db.select().from(pgxReports).where(eq(pgxReports.kitId, bad.kit.id))).length).toBe(0);
  });
});

describe('a newer knowledge base', () => {
  it('flags the sessions whose report it would change, and moves the others to it', async () => {
    const changedKit = await openSession();
    const sameKit = await openSession();
    const first = await importCalls(h.db, { id: changedKit.kit.id }, EX1, EX1_OUTSIDE);
    await importCalls(h.db, { id: sameKit.kit.id }, EX2);

    // A newer table where CPIC rewords codeine for CYP2D6 intermediate metabolizers (example 1 only).
    const newer = TABLE.replace(
      'Use codeine label recommended age- or weight-specific dosing.',
      'Use codeine label recommended age- or weight-specific dosing (reworded).',
    );
    expect(newer).not.toBe(TABLE);
    // Dated like the table it rewords (CPIC data of 2025-11-05), so only the rewording changes a report.
    const load = await loadCpicTable(h.db, newer, 'Test table', '2025-11-05');
    expect(load).toMatchObject({ loaded: true, label: 'Test table' });
    expect(load.reports.flagged).toBeGreaterThanOrEqual(1);
    expect((await loadCpicTable(h.db, newer, 'Again', '2025-11-05')).loaded).toBe(false);

    const flagged = (await get(changedKit.url, changedKit.doc.auth)).json();
    expect(flagged.report.knowledgeBase.version).toBe(first.knowledgeBase);
    expect(flagged.update).toMatchObject({ knowledgeBase: { version: load.version, label: 'Test table' }, changed: 1, added: 0, removed: 0 });
    const list = (await get('/api/portal/pgx/flagged-sessions', changedKit.doc.auth)).json();
    expect(list.sessionIds).toEqual([changedKit.id]);
    const before = (await get(`${changedKit.url}/rows?view=1&name=codeine`, changedKit.doc.auth)).json().results[0];
    expect(before.recommendation).not.toMatch(/reworded/);

    const same = (await get(sameKit.url, sameKit.doc.auth)).json();
    expect(same).toMatchObject({ update: null, report: { knowledgeBase: { version: load.version } } });

    const updated = await h.app.inject({ method: 'POST', url: `${changedKit.url}/update`, headers: changedKit.doc.auth });
    expect(updated.json()).toMatchObject({ update: null, report: { knowledgeBase: { version: load.version } } });
    const after = (await get(`${changedKit.url}/rows?view=1&name=codeine`, changedKit.doc.auth)).json().results[0];
    expect(after.recommendation).toMatch(/reworded/);
    expect(await h.db.select().from(pgxReports).where(eq(pgxReports.kitId, changedKit.kit.id))).toHaveLength(1);
    expect((await h.app.inject({ method: 'POST', url: `${changedKit.url}/update`, headers: changedKit.doc.auth })).statusCode).toBe(404);
  });

  it('takes CPIC levels from the table when it gives them, and refuses a malformed table', async () => {
    const lines = TABLE.split(/\r?\n/);
    const withLevel = [
      `${lines[0]}\tcpic_level`,
      ...lines
        .slice(1)
        .filter(Boolean)
        .map((l) => `${l}\t${l.split('\t')[1] === 'clopidogrel' ? 'A' : ''}`),
    ].join('\n');
    const load = await loadCpicTable(h.db, withLevel, 'With levels');
    expect(load.loaded).toBe(true);
    const s = await openSession();
    await importCalls(h.db, { id: s.kit.id }, EX2);
    const row = (await get(`${s.url}/rows?view=1&name=clopidogrel`, s.doc.auth)).json().results[0];
    expect(row).toMatchObject({ cpicLevel: 'A', levelOfEvidence: [1] });
    await expect(loadCpicTable(h.db, 'drug\tgenes\nx\ty')).rejects.toMatchObject({ statusCode: 400 });
  });

  it('brand names come from a loaded list; South African names stay empty until one is loaded', async () => {
    const s = await openSession();
    await importCalls(h.db, { id: s.kit.id }, EX2);
    const row = async () => (await get(`${s.url}/rows?view=1&name=clopidogrel`, s.doc.auth)).json().results[0] as PgxReportRow;
    await loadBrandNames(h.db, 'generic_name\tmarket\tbrand_name\nclopidogrel\tZA\tTestgrel\nclopidogrel\tUS\tUsgrel\nclopidogrel\tZA\tAnothergrel\n');
    expect(await row()).toMatchObject({ saName: 'Anothergrel, Testgrel', usName: 'Usgrel' });
    // One row per clopidogrel population, each found by the brand name.
    expect((await get(`${s.url}/rows?view=1&name=testgrel`, s.doc.auth)).json().count).toBe(3);
    expect((await get(s.url, s.doc.auth)).json().brandNames).toEqual({ us: 1, za: 2 });
    await expect(loadBrandNames(h.db, 'generic_name\tmarket\tbrand_name\nclopidogrel\tFR\tX\n')).rejects.toMatchObject({ statusCode: 400 });
    await loadBrandNames(h.db, 'generic_name\tmarket\tbrand_name\n');
    expect(await row()).toMatchObject({ saName: 'Anothergrel, Testgrel' });
  });
});

describe('the admin API and command', () => {
  it('needs the admin token: no token, a practitioner’s or a patient’s is refused', async () => {
    const s = await openSession();
    for (const headers of [{}, s.doc.auth, s.patient.auth]) {
      const res = await h.app.inject({ method: 'POST', url: '/api/admin/pgx/calls', headers, payload: { kit: s.kit.sampleLabel, calls: EX2 } });
      expect(res.statusCode).toBe(401);
      expect((await h.app.inject({ url: '/api/admin/pgx/knowledge-bases', headers })).statusCode).toBe(401);
    }
    expect((await get(s.url, s.doc.auth)).json().report).toBeNull();
  });

  it('imports calls per kit, and answers the lines of calls it refuses', async () => {
    const s = await openSession();
    const ok = await h.app.inject({
      method: 'POST',
      url: '/api/admin/pgx/calls',
      headers: admin,
      payload: { kit: s.kit.sampleLabel, calls: EX1, outsideCalls: EX1_OUTSIDE },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ sampleLabel: s.kit.sampleLabel, genesCalled: 22 });
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/admin/pgx/calls',
      headers: admin,
      payload: { kit: s.kit.sampleLabel, calls: EX2.replace('\tCYP2C19\t', '\tCYP2C19\t').replace('CYP2C19\t*2/*2', 'CYP2C19\t*2/*77') },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors.file.join(' ')).toMatch(/line 9: CYP2C19's diplotype '\*2\/\*77' does not match its haplotypes \*2 and \*2/);
    const unknownKit = await h.app.inject({ method: 'POST', url: '/api/admin/pgx/calls', headers: admin, payload: { kit: 'NOPE', calls: EX2 } });
    expect(unknownKit.statusCode).toBe(404);
    const extra = await h.app.inject({
      method: 'POST',
      url: '/api/admin/pgx/calls',
      headers: admin,
      payload: { kit: s.kit.sampleLabel, calls: EX2, extra: 1 },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('lists knowledge-base versions, current first, and refuses a malformed table', async () => {
    const list = (await h.app.inject({ url: '/api/admin/pgx/knowledge-bases', headers: admin })).json();
    expect(list.results[0]).toMatchObject({ current: true, version: expect.stringMatching(/^kb-[0-9a-f]{12}$/) });
    expect(list.results.some((k: { source: string }) => k.source === 'shipped')).toBe(true);
    const bad = await h.app.inject({ method: 'POST', url: '/api/admin/pgx/knowledge-bases', headers: admin, payload: { table: 'drug\tgenes\nx\ty\n' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors.file[0]).toMatch(/the header lacks/);
    const brands = await h.app.inject({
      method: 'POST',
      url: '/api/admin/pgx/brand-names',
      headers: admin,
      payload: { list: 'generic_name\tmarket\tbrand_name\nwarfarin\tXX\tA\n' },
    });
    expect(brands.statusCode).toBe(400);
  });

  it('`npm run admin -- pgx …` drives the same API', async () => {
    const s = await openSession();
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const fail = (m: string) => new Error(m);
      const file = (rel: string) => new URL(`../../../data/pgx/${rel}`, import.meta.url).pathname;
      await runPgxCommand('import-calls', file('pharmcat/pharmcat.example2.report.tsv'), { base: address, token: ADMIN_TOKEN, kit: s.kit.sampleLabel, fail });
      expect(log.mock.calls.flat().join('\n')).toMatch(
        new RegExp(`Imported the calls of kit ${s.kit.sampleLabel} \\(PharmCAT v3.1.0-2-g0b250f81\\): 19 genes called`),
      );
      await runPgxCommand('knowledge-bases', undefined, { base: address, token: ADMIN_TOKEN, fail });
      expect(log.mock.calls.flat().join('\n')).toMatch(/\* kb-[0-9a-f]{12}/);
      await expect(
        runPgxCommand('import-calls', file('pharmcat/phenotypes.tsv'), { base: address, token: ADMIN_TOKEN, kit: s.kit.sampleLabel, fail }),
      ).rejects.toThrow(/HTTP 400/);
      await expect(runPgxCommand('import-calls', undefined, { base: address, token: ADMIN_TOKEN, fail })).rejects.toThrow(/--kit LABEL is required/);
      await expect(runPgxCommand('knowledge-bases', undefined, { base: address, token: 'wrong-token-wrong-token-wrong', fail })).rejects.toThrow(
        /refused the admin token/,
      );
    } finally {
      log.mockRestore();
    }
    expect((await get(s.url, s.doc.auth)).json().report).not.toBeNull();
  });
});
