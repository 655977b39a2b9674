import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PgxReportRow, PgxReportSummary } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ReportsView } from './reports-view';

const SESSION = '00000000-0000-4000-8000-000000000001';
const BASE = `/api/portal/sessions/${SESSION}/reports`;

function summary(over: Partial<PgxReportSummary> = {}): PgxReportSummary {
  return {
    sessionId: SESSION,
    kit: { id: '00000000-0000-4000-8000-000000000002', sampleLabel: 'DEMO-THANDI' },
    synthetic: true,
    report: {
      builtAt: '2026-11-20T10:00:00.000Z',
      rowCount: 180,
      knowledgeBase: { version: 'kb-19dbe4451945', label: 'CPIC 1.56.0 (shipped)', loadedAt: '2026-11-20T10:00:00.000Z' },
      pharmcatVersion: 'v3.1.0',
      genes: [
        {
          gene: 'CYP2C19',
          source: 'MATCHER',
          diplotype: '*2/*2',
          phenotype: 'Poor Metabolizer',
          activityScore: '',
          metabolizerSpeed: 'poor',
          check: 'table',
          note: null,
        },
      ],
      notCovered: {
        rows: 3,
        pairs: [
          {
            drug: 'warfarin',
            gene: 'CYP4F2',
            reason: 'CPIC gives a dosing algorithm for warfarin, not a table the portal can look up: read the guideline and its recommendation diagram.',
          },
          {
            drug: 'warfarin',
            gene: 'VKORC1',
            reason: 'CPIC gives a dosing algorithm for warfarin, not a table the portal can look up: read the guideline and its recommendation diagram.',
          },
          { drug: 'codeine', gene: 'CYP2D6', reason: 'CYP2D6 not tested: its result is unknown.' },
        ],
      },
      sources: ['CPIC v1.30.0 (as PharmCAT shipped it, August 2023)'],
    },
    medicines: { answered: true, taking: ['clopidogrel'], phenoconverters: [] },
    update: null,
    withheld: null,
    brandNames: { us: 0, za: 0 },
    facets: {
      category: ['Blood and clotting', 'Nervous system'],
      class: ['Antiplatelet', 'Statin'],
      phenotypeCategory: ['Dosage', 'Toxicity', 'not stated'],
      specialtyPopulation: ['general', 'adults'],
      diseasePhenotype: ['Myopathy', 'not stated'],
      levelOfEvidence: [1, 2, 3, 4],
    },
    ...over,
  };
}

const row = (over: Partial<PgxReportRow> = {}): PgxReportRow => ({
  id: '1',
  category: ['Blood and clotting'],
  class: ['Antiplatelet'],
  atcCodes: ['B01AC04'],
  genericName: 'clopidogrel',
  usName: null,
  saName: null,
  gene: 'CYP2C19',
  phenotypeCategory: 'Metabolism/PK',
  variantHaplotype: '*2 (No function)',
  sampleGenotype: '*2/*2',
  genotypeAllele: '*2 (No function) / *2 (No function)',
  refAllele: null,
  altAllele: '*2',
  phenotype: 'Poor Metabolizer',
  metabolizerSpeed: 'poor',
  activityScore: null,
  implication: 'Significantly reduced clopidogrel active metabolite formation',
  recommendation: 'Avoid clopidogrel if possible.',
  classification: 'Strong',
  cpicLevel: null,
  levelOfEvidence: [],
  specialtyPopulation: 'CVI ACS PCI',
  diseasePhenotype: null,
  guidelineName: 'CPIC Guideline for clopidogrel and CYP2C19',
  guidelineUrl: 'https://www.clinpgx.org/guidelineAnnotation/PA166104948',
  pmids: ['21716271'],
  note: null,
  coverage: 'recommendation',
  tier: 'avoid',
  source: 'CPIC table v1.30.0 of 14 August 2023 (as PharmCAT shipped it)',
  guidelineUpdatedOn: null,
  levelInferred: false,
  comments: null,
  taking: false,
  phenoconversion: [],
  ifPhenoconverted: null,
  ...over,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The reading the server derives (pharmacogenomics/highlights.ts): here only its action lines matter. */
const reading = (actions: unknown[] = []) => ({
  sessionId: SESSION,
  synthetic: true,
  knowledgeBase: { version: 'v', label: 'CPIC 1.56.0 (shipped)' },
  builtAt: '2026-11-20T10:00:00.000Z',
  verdicts: [],
  medicines: { answered: true, taking: [], stopped: [], notRecognised: [], phenoconverters: [] },
  notTested: [],
  notCrossChecked: [],
  actions,
});

function mockApi(routes: Record<string, (url: URL) => Response>) {
  routes = { [`GET ${BASE}/reading`]: () => json(reading()), ...routes };
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      calls.push(url);
      const handler = routes[`${init.method ?? 'GET'} ${url.pathname}`];
      if (!handler) throw new Error(`unexpected request ${init.method ?? 'GET'} ${url.pathname}`);
      return handler(url);
    }),
  );
  return calls;
}

const render = (query = '') => renderWithProviders(<ReportsView sessionId={SESSION} />, { path: `/sessions/${SESSION}/reports${query}` });

afterEach(() => vi.unstubAllGlobals());

describe('what to do, first', () => {
  it('shows the server’s action lines in its order, the tier in words, each opening its rows', async () => {
    mockApi({
      [`GET ${BASE}`]: () => json(summary()),
      [`GET ${BASE}/reading`]: () =>
        json(
          reading([
            {
              kind: 'medicine',
              tier: 'avoid',
              title: 'clopidogrel (currently taking)',
              level: 'Avoid, or use an alternative (Cardiovascular: acute coronary syndrome or PCI); CPIC names prasugrel or ticagrelor.',
              resultID: null,
              componentID: null,
              report: { name: 'clopidogrel', taking: true },
            },
            {
              kind: 'medicines',
              tier: 'usual',
              title: 'Medicines taken: no gene-based change',
              level: 'paroxetine: Use as usual per CPIC.',
              resultID: null,
              componentID: null,
              report: { name: '', taking: true },
            },
          ]),
        ),
    });
    render();
    const section = await screen.findByRole('region', { name: 'What to do' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Avoid, or use an alternative\s*clopidogrel \(currently taking\)Avoid, or use an alternative \(Cardiovascular/),
      expect.stringMatching(/^Use as usual per CPIC\s*Medicines taken: no gene-based change/),
    ]);
    expect(within(section).getByRole('link', { name: 'clopidogrel (currently taking)' })).toHaveAttribute(
      'href',
      `/sessions/${SESSION}/reports?view=1&taking=1&name=clopidogrel`,
    );
  });
});

describe('the quick view (1)', () => {
  it('asks for a filter first, then shows the rows the server selects', async () => {
    const calls = mockApi({
      [`GET ${BASE}`]: () => json(summary()),
      [`GET ${BASE}/rows`]: () => json({ results: [row(), row({ id: '2', specialtyPopulation: 'NVI' })], count: 2, limit: 50, offset: 0 }),
    });
    render();
    expect(await screen.findByText('Please select at least one filter to show the results.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Quick view' })).toHaveAttribute('aria-selected', 'true');
    expect(calls.some((u) => u.pathname.endsWith('/rows'))).toBe(false);
    expect(screen.getByText('CPIC 1.56.0 (shipped).')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'CYP2C19');
    const table = await screen.findByRole('region', { name: 'Report rows' });
    const rowsCall = calls.find((u) => u.pathname.endsWith('/rows'))!;
    expect(Object.fromEntries(rowsCall.searchParams)).toMatchObject({ view: '1', name: 'CYP2C19' });
    expect(screen.queryByText('Please select at least one filter to show the results.')).toBeNull();
    expect(within(table).getAllByText('clopidogrel')).toHaveLength(2);
    // Levels and speeds in words: 'not graded', 'poor'.
    expect(within(table).getAllByText('not graded')).toHaveLength(2);
    expect(within(table).getAllByText('poor')).toHaveLength(2);
    expect(screen.getByText(/No licensed South African brand-name list is shipped/)).toBeInTheDocument();

    await userEvent.click(within(table).getAllByRole('button', { name: 'Details of clopidogrel and CYP2C19' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Avoid clopidogrel if possible.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /CPIC Guideline for clopidogrel/ })).toHaveAttribute(
      'href',
      'https://www.clinpgx.org/guidelineAnnotation/PA166104948',
    );
  });

  it('reads its filters from the address, so a shared link shows the same rows', async () => {
    const calls = mockApi({
      [`GET ${BASE}`]: () => json(summary()),
      [`GET ${BASE}/rows`]: () => json({ results: [row()], count: 1, limit: 50, offset: 0 }),
    });
    render('?view=1&class=Antiplatelet');
    await screen.findByRole('region', { name: 'Report rows' });
    expect(calls.find((u) => u.pathname.endsWith('/rows'))!.searchParams.getAll('class')).toEqual(['Antiplatelet']);
  });
});

describe('what the report says, in three different words', () => {
  it('counts what it cannot answer, marks the medicines taken, flags phenoconversion and CPIC’s later changes', async () => {
    const paroxetine = {
      medicine: 'paroxetine',
      enzyme: 'CYP2D6',
      strength: 'strong' as const,
      kind: 'inhibitor' as const,
      reference:
        'https://www.fda.gov/drugs/drug-interactions-labeling/healthcare-professionals-fdas-examples-drugs-interact-cyp-enzymes-and-transporter-systems',
      basis: 'secondary' as const,
      unresolved: false,
    };
    const calls = mockApi({
      [`GET ${BASE}`]: () => json(summary({ medicines: { answered: true, taking: ['clopidogrel', 'codeine'], phenoconverters: [paroxetine] } })),
      [`GET ${BASE}/rows`]: () =>
        json({
          results: [
            row({ taking: true, guidelineUpdatedOn: '2023-10-20' }),
            row({
              id: '2',
              coverage: 'noRecommendation',
              recommendation: 'No recommendation',
              classification: 'No recommendation',
              specialtyPopulation: 'NVI',
              taking: true,
            }),
            row({
              id: '3',
              genericName: 'codeine',
              gene: 'CYP2D6',
              phenotype: 'Normal Metabolizer',
              recommendation: 'Use codeine label recommended age- or weight-specific dosing.',
              taking: true,
              phenoconversion: [paroxetine],
              ifPhenoconverted: {
                activityScore: '0.0',
                phenotype: 'Poor Metabolizer',
                recommendation: 'Avoid codeine use because of possibility of diminished analgesia.',
                classification: 'Strong',
                implication: null,
                source: null,
              },
            }),
            row({
              id: '4',
              genericName: 'warfarin',
              gene: 'VKORC1',
              coverage: 'notCovered',
              recommendation: null,
              classification: null,
              note: 'No rows.',
              guidelineUrl: 'https://cpicpgx.org/guidelines/warfarin',
            }),
          ],
          count: 4,
          limit: 50,
          offset: 0,
        }),
    });
    render('?view=1&taking=1');
    // The gaps are drug-gene pairs, grouped by why: no gene covered for other drugs is named as a gap.
    expect(await screen.findByText('3 drug–gene pairs are not covered by the knowledge base: read the guideline for these.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show which, and why' }));
    expect(screen.getByText('CYP2D6 not tested: its result is unknown.').closest('li')).toHaveTextContent(/codeine$/);
    expect(screen.getByText(/^CPIC gives a dosing algorithm for warfarin/).closest('li')).toHaveTextContent(/warfarin \(CYP4F2\), warfarin \(VKORC1\)$/);
    expect(screen.getByText('Takes, among the report’s drugs: clopidogrel, codeine.')).toBeInTheDocument();
    // Said of the patient, the flag names the rows it concerns: paroxetine's own row keeps CPIC's advice.
    const medicines = screen.getByRole('region', { name: 'Current medicines' });
    expect(
      within(medicines).getByText(
        /^Takes paroxetine, a strong CYP2D6 inhibitor: for the report's other CYP2D6 drugs the effective phenotype may be poorer than the genotype \(phenoconversion\)/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Only the medicines the patient takes now (2)' })).toBeChecked();
    const table = await screen.findByRole('region', { name: 'Report rows' });
    expect(calls.find((u) => u.pathname.endsWith('/rows'))!.searchParams.get('taking')).toBe('1');
    expect(within(table).getAllByText('Currently taking')).toHaveLength(3);
    expect(within(table).getByText('CPIC updated this guideline on 20 October 2023: confirm at cpicpgx.org')).toBeInTheDocument();
    expect(within(table).getByText('CPIC: no recommendation for this phenotype')).toBeInTheDocument();
    expect(
      within(table).getByText('Takes paroxetine, a strong CYP2D6 inhibitor: the effective phenotype may be poorer than the genotype (phenoconversion)'),
    ).toBeInTheDocument();
    expect(within(table).getByText(/Avoid codeine use because of possibility/)).toBeInTheDocument();
    expect(within(table).getByText('Not covered by the knowledge base — read the guideline')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: /Read the guideline/ })).toHaveAttribute('href', 'https://cpicpgx.org/guidelines/warfarin');
    // The recommendation is among the first columns, before SPEC's allele columns.
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 7)).toEqual(['Generic name', 'Gene', 'Phenotype', 'Recommendation', 'Classification', 'Level of evidence', 'Specialty population']);
  });
});

describe('custom filtering (2)', () => {
  it('generates results from two configured variables and diseases from three', async () => {
    const calls = mockApi({
      [`GET ${BASE}`]: () => json(summary()),
      [`GET ${BASE}/rows`]: () => json({ results: [row({ phenotypeCategory: 'Toxicity', specialtyPopulation: 'general' })], count: 1, limit: 50, offset: 0 }),
      [`GET ${BASE}/diseases`]: () =>
        json({ results: [{ diseasePhenotype: 'Myopathy', rows: 8, drugs: ['atorvastatin', 'simvastatin'], genes: ['SLCO1B1'] }], notStated: 0 }),
    });
    render('?view=2&vars=phenotypeCategory,specialtyPopulation&phenotypeCategory=Toxicity&specialtyPopulation=general');
    expect(await screen.findByRole('heading', { name: 'Filter groups' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Added filter variables' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Configuration' })).toBeInTheDocument();
    expect(screen.getByText('2 of 4 filters configured')).toBeInTheDocument();
    const results = screen.getByRole('button', { name: 'Generate results' });
    const diseases = screen.getByRole('button', { name: 'Generate diseases' });
    expect(results).toBeEnabled();
    expect(diseases).toBeDisabled();
    expect(screen.getByText('Configure at least 3 filters to generate diseases.')).toBeInTheDocument();

    await userEvent.click(results);
    await screen.findByRole('region', { name: 'Report rows' });
    const rowsCall = calls.find((u) => u.pathname.endsWith('/rows'))!;
    expect(rowsCall.searchParams.get('view')).toBe('2');
    expect(rowsCall.searchParams.getAll('phenotypeCategory')).toEqual(['Toxicity']);

    await userEvent.click(screen.getByRole('button', { name: 'Add Level of evidence' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '1 (CPIC A)' }));
    await waitFor(() => expect(screen.getByText('3 of 4 filters configured')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Generate diseases' }));
    expect(await screen.findByRole('heading', { name: 'Myopathy' })).toBeInTheDocument();
    expect(calls.find((u) => u.pathname.endsWith('/diseases'))!.searchParams.getAll('levelOfEvidence')).toEqual(['1']);
  });

  it('says what is missing when fewer than two variables are configured', async () => {
    mockApi({ [`GET ${BASE}`]: () => json(summary()) });
    render('?view=2&vars=phenotypeCategory');
    expect(await screen.findByText('0 of 4 filters configured')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate results' })).toBeDisabled();
    expect(screen.getByText('Configure at least 2 filters to generate results.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Phenotype category' }));
    expect(await screen.findByText('No filter variables added yet: add them from the filter groups.')).toBeInTheDocument();
  });
});

describe('the report’s state', () => {
  it('flags a newer knowledge base that would change the report, and takes it on request', async () => {
    const newer = {
      knowledgeBase: { version: 'kb-aaaaaaaaaaaa', label: 'CPIC 1.57.0', loadedAt: '2026-11-21T10:00:00.000Z' },
      added: 0,
      removed: 0,
      changed: 3,
    };
    const calls = mockApi({
      [`GET ${BASE}`]: () => json(summary({ update: newer })),
      [`POST ${BASE}/update`]: () => json(summary()),
    });
    render();
    expect(await screen.findByText('A newer knowledge base changes this report')).toBeInTheDocument();
    expect(screen.getByText(/CPIC 1.57.0 would change 3 rows/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update the report' }));
    await waitFor(() => expect(screen.queryByText('A newer knowledge base changes this report')).toBeNull());
    expect(calls.some((u) => u.pathname.endsWith('/update'))).toBe(true);
  });

  it('says when no calls have been imported yet', async () => {
    mockApi({ [`GET ${BASE}`]: () => json(summary({ report: null })) });
    render();
    expect(await screen.findByText('No pharmacogenomic calls have been imported for this kit yet.')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
