import type { SessionDetail, SessionSummary } from '@portal/contract';
import { vi } from 'vitest';
import type { ResultComponent } from './types';

/** Fixtures and a fetch stand-in for the sessions tests (test code only). */

export type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
export const apiError = (status: number, code: string, message = 'failed') =>
  json({ error: { message, params: null, fieldErrors: null, code, cause: null } }, status);

/**
 * Routes `METHOD /path` (query string ignored) to a handler; every call is recorded with its URL.
 * An unexpected call fails loudly.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: Array<{ method: string; url: URL }> = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    calls.push({ method, url });
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected request ${method} ${url.pathname}`);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, routes, fetchMock };
}

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

export function summary(over: Partial<SessionSummary> & { firstName?: string; lastName?: string; synthetic?: boolean } = {}): SessionSummary {
  const { firstName = 'Lerato', lastName = 'Mokoena', synthetic = false, ...rest } = over;
  const userID = uuid();
  return {
    id: uuid(),
    status: 1,
    bookingTime: '2026-11-23T10:00:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    userID,
    user: { id: userID, email: `${firstName.toLowerCase()}@demo.test`, firstName, lastName, phoneNumber: null, profileImage: null, isActive: true, synthetic },
    kitID: null,
    requestedByPractitioner: false,
    rescheduledByPractitioner: false,
    dataRequest: null,
    ...rest,
  };
}

export function detail(over: Partial<SessionDetail> = {}): SessionDetail {
  const base = summary({ status: 2, firstName: 'Thandi', lastName: 'Nkosi', synthetic: true });
  return {
    ...base,
    practitionerID: uuid(),
    kit: null,
    readiness: {
      kitStatus: null,
      resultsAvailable: false,
      questionnairesCompleted: 0,
      questionnairesTotal: 0,
      dataAccessible: false,
      pharmacogenomicReport: false,
    },
    highlights: [],
    dataRequestFee: { amountCents: 25000, currency: 'ZAR', dueDays: 14 },
    results: [],
    questionnaires: [],
    ...over,
  };
}

export function component(over: Partial<ResultComponent> = {}): ResultComponent {
  return {
    componentID: 'calcium',
    title: 'Calcium',
    description: 'Calcium is the most abundant mineral in the body.',
    score: 0.11,
    averageScore: 0.06,
    scoreCategory: 'average',
    scoreDescription: 'Average',
    scoreMood: 'yellow',
    mean: 0.06,
    median: 0.05,
    minValue: -0.2,
    maxValue: 0.3,
    percentile: 62.4,
    shareLower: 60.1,
    shareSame: 4.6,
    percentile25th: -0.02,
    percentile75th: 0.1,
    numberOfSnps: 2,
    totalSnps: 2,
    genes: ['CASR', 'GCKR'],
    signs: ['Low blood calcium can cause muscle cramps.'],
    recommendation: "The patient's genetic score for calcium is between the 20th and 80th percentiles of the reference group (Average).",
    references: [{ pmid: '24068962', citation: "O'Seaghdha 2013", url: 'https://example.com/not-used', basis: 'snps-and-reference-population' }],
    furtherReading: [],
    letsGetTechnical: 'How the score is made.\n\nSNPs: rs1801725.',
    riskLevel: 1,
    notProcessedReason: null,
    genotypes: [
      {
        rsid: 'rs1801725',
        gene: 'CASR',
        effectsAndAlleles: 'CASR rs1801725: T/G (T raises)',
        effectAllele: 'T',
        otherAllele: 'G',
        genotype: 'GT',
        effectWeight: 0.071,
        dosage: 1,
        ploidy: 2,
        strand: 'forward',
        status: 'called',
      },
      {
        rsid: 'rs780094',
        gene: 'GCKR',
        effectsAndAlleles: 'GCKR rs780094: T/C (T raises)',
        effectAllele: 'T',
        otherAllele: 'C',
        genotype: '--',
        effectWeight: 0.017,
        dosage: null,
        ploidy: null,
        strand: null,
        status: 'no-call',
      },
    ],
    referencePopulation: "European discovery cohort (O'Seaghdha 2013)",
    ancestryCaveat: 'Percentiles compare this score with the European-ancestry discovery cohort.',
    ...over,
  };
}

/** A NOT_PROCESSED component as the server writes it: null score fields and the locked message. */
export function lockedComponent(over: Partial<ResultComponent> = {}): ResultComponent {
  return component({
    componentID: 'zinc',
    title: 'Zinc',
    score: null,
    averageScore: null,
    scoreCategory: null,
    scoreDescription: 'Due to insufficient number of SNPs we were not able to calculate your genetic score',
    mean: null,
    median: null,
    minValue: null,
    maxValue: null,
    percentile: null,
    shareLower: null,
    shareSame: null,
    percentile25th: null,
    percentile75th: null,
    numberOfSnps: 0,
    totalSnps: 3,
    riskLevel: 3,
    notProcessedReason: 'insufficient-calls',
    referencePopulation: null,
    recommendation: 'No genetic score could be calculated for zinc.',
    ...over,
  });
}
