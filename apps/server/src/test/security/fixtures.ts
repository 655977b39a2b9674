import type { Practice } from './world';

/**
 * How each route with a path parameter is proven. A new route with a `:param` and no entry here
 * fails the access suite: nobody can add an unproven route.
 *
 * kind:
 * - owned:   the object belongs to one practitioner (or their patient); all six forged-id classes apply.
 * - patient: as owned, but the caller is a patient (the mobile app's API).
 * - shared:  reference data every practitioner may read (categories, lessons): random and malformed ids.
 * - admin:   the provider staff's API: random and malformed ids.
 * - public:  addressed by an unguessable id or a file name, no token: random and malformed ids.
 */
export type RouteKind = 'owned' | 'patient' | 'shared' | 'admin' | 'public';

export interface RouteFixture {
  kind: RouteKind;
  /** The params naming the practice's own object (A's for A, B's for B). */
  params?: (p: Practice) => Record<string, string>;
  /** Params whose values are shared reference data, not owned (a questionnaire or component id). */
  shared?: string[];
  /** A valid body, so a forged request reaches the ownership check rather than body validation. */
  body?: (p: Practice) => unknown;
  /** A valid query string, for the same reason. */
  query?: Record<string, string>;
  /** Reads or changes patient data: every attempt, allowed or denied, writes one audit row. */
  audited?: boolean;
  /** A GET that answers 200 to its owner: the suite checks that, so a forged 404 is not a broken fixture. */
  ownerReads?: boolean;
}

const session = (p: Practice) => ({ id: p.sessionId });
const pendingSession = (p: Practice) => ({ id: p.pendingSessionId });
const note = () => ({
  description: 'A forged note that is long enough to be valid.',
});

export const ID_ROUTES: Record<string, RouteFixture> = {
  'GET /api/account/v1/users/:id': {
    kind: 'owned',
    params: (p) => ({ id: p.patient.user.id }),
    ownerReads: true,
  },
  'GET /api/account/profile-images/:id': { kind: 'public' },
  'GET /api/portal/categories/:id': {
    kind: 'shared',
    params: () => ({ id: '1' }),
  },
  'DELETE /api/portal/me/languages/:id': {
    kind: 'owned',
    params: (p) => ({ id: p.languageId }),
  },
  'DELETE /api/portal/me/specializations/:id': {
    kind: 'owned',
    params: (p) => ({ id: p.specializationId }),
  },
  'PUT /api/portal/me/addresses/:id': {
    kind: 'owned',
    params: (p) => ({ id: p.addressId }),
    body: () => ({
      streetAddress: '9 Forged Road',
      suburb: 'Elsewhere',
      city: 'Durban',
      state: 'KwaZulu-Natal',
      postalCode: '4001',
      countryCode: 'ZA',
    }),
  },
  'PATCH /api/portal/me/addresses/:id/primary/': {
    kind: 'owned',
    params: (p) => ({ id: p.addressId }),
  },
  'PUT /api/portal/me/availability/:id': {
    kind: 'owned',
    params: (p) => ({ id: p.slotId }),
    body: () => ({ dayOfWeek: 7, startTime: '20:00', endTime: '21:00' }),
  },
  'DELETE /api/portal/me/availability/:id': {
    kind: 'owned',
    params: (p) => ({ id: p.slotId }),
  },
  'PUT /api/portal/me/paymentDetails/:id': {
    kind: 'owned',
    params: (p) => ({ id: p.paymentId }),
    body: () => ({
      type: 2,
      identifier: 'forged@test.example',
      currency: 'ZAR',
    }),
  },
  'PATCH /api/portal/me/paymentDetails/:id/default/': { kind: 'owned', params: (p) => ({ id: p.paymentId }) },
  'DELETE /api/portal/me/paymentDetails/:id': { kind: 'owned', params: (p) => ({ id: p.paymentId }) },
  'GET /api/portal/course/lessons/:id': { kind: 'shared' },
  'PUT /api/portal/course/lessons/:id/complete': { kind: 'shared' },
  // Verifying a certificate by its id is public by design (printed on the certificate).
  'GET /api/portal/course/certificates/:id': { kind: 'public' },
  'POST /api/admin/practitioners/:id/accept': { kind: 'admin' },
  'POST /api/admin/practitioners/:id/decline': { kind: 'admin' },

  'GET /api/portal/sessions/:id': {
    kind: 'owned',
    params: session,
    audited: true,
    ownerReads: true,
  },
  'POST /api/portal/sessions/:id/accept': {
    kind: 'owned',
    params: pendingSession,
    audited: true,
  },
  'POST /api/portal/sessions/:id/reject': {
    kind: 'owned',
    params: pendingSession,
    audited: true,
  },
  'POST /api/portal/sessions/:id/data-request': {
    kind: 'owned',
    params: pendingSession,
    audited: true,
  },
  'GET /api/portal/sessions/:id/results': {
    kind: 'owned',
    params: session,
    audited: true,
    ownerReads: true,
  },
  'GET /api/portal/sessions/:id/results/:resultId': {
    kind: 'owned',
    params: (p) => ({ id: p.sessionId, resultId: p.resultId }),
    audited: true,
    ownerReads: true,
  },
  'GET /api/portal/sessions/:id/results/:resultId/components/:componentId': {
    kind: 'owned',
    params: (p) => ({
      id: p.sessionId,
      resultId: p.resultId,
      componentId: p.componentId,
    }),
    shared: ['componentId'],
    audited: true,
    ownerReads: true,
  },
  'GET /api/portal/sessions/:id/access-history': {
    kind: 'owned',
    params: session,
    audited: true,
    ownerReads: true,
  },
  'GET /api/portal/sessions/:id/questionnaires': {
    kind: 'owned',
    params: session,
    audited: true,
    ownerReads: true,
  },
  'GET /api/portal/sessions/:id/questionnaires/:questionnaireId': {
    kind: 'owned',
    params: (p) => ({ id: p.sessionId, questionnaireId: p.questionnaireId }),
    shared: ['questionnaireId'],
    audited: true,
    ownerReads: true,
  },
  'GET /api/portal/sessions/:id/reports': {
    kind: 'owned',
    params: session,
    audited: true,
    ownerReads: true,
  },
  'GET /api/portal/sessions/:id/reports/reading': {
    kind: 'owned',
    params: session,
    audited: true,
    ownerReads: true,
  },
  'GET /api/portal/sessions/:id/reports/rows': {
    kind: 'owned',
    params: session,
    query: { view: '1', name: 'simva' },
    audited: true,
    ownerReads: true,
  },
  'GET /api/portal/sessions/:id/reports/diseases': {
    kind: 'owned',
    params: session,
    query: {
      phenotypeCategory: 'Efficacy',
      specialtyPopulation: 'Adults',
      levelOfEvidence: '1',
    },
    audited: true,
    ownerReads: true,
  },
  'GET /api/portal/sessions/:id/reports/pdf': {
    kind: 'owned',
    params: session,
    query: { view: '1', name: 'simva' },
    audited: true,
    ownerReads: true,
  },
  'GET /api/portal/sessions/:id/fhir': {
    kind: 'owned',
    params: session,
    audited: true,
    ownerReads: true,
  },
  'POST /api/portal/sessions/:id/reports/update': {
    kind: 'owned',
    params: session,
    audited: true,
  },
  'GET /api/portal/sessions/:id/journal': {
    kind: 'owned',
    params: session,
    audited: true,
    ownerReads: true,
  },
  'PUT /api/portal/sessions/:id/journal': {
    kind: 'owned',
    params: session,
    body: note,
    audited: true,
  },
  'POST /api/portal/sessions/:id/journal/submit': {
    kind: 'owned',
    params: session,
    body: note,
    audited: true,
  },
  'POST /api/portal/sessions/:id/journal/addenda': {
    kind: 'owned',
    params: session,
    body: note,
    audited: true,
  },
  'POST /api/portal/sessions/:id/ai/ask': {
    kind: 'owned',
    params: session,
    body: () => ({ preset: 'summary' }),
    audited: true,
  },
  'GET /api/portal/sessions/:id/ai/answers': {
    kind: 'owned',
    params: session,
    audited: true,
    ownerReads: true,
  },
  'GET /api/portal/sessions/:id/ai/answers/:answerId': {
    kind: 'owned',
    params: (p) => ({ id: p.sessionId, answerId: p.answerId }),
    audited: true,
    ownerReads: true,
  },
  'POST /api/portal/sessions/:id/ai/answers/:answerId/journal-draft': {
    kind: 'owned',
    params: (p) => ({ id: p.sessionId, answerId: p.answerId }),
    body: () => ({ statements: [0] }),
    audited: true,
  },
  'GET /api/portal/journals/:id': {
    kind: 'owned',
    params: (p) => ({ id: p.journalId }),
    audited: true,
    ownerReads: true,
  },
  'PUT /api/portal/journals/:id': {
    kind: 'owned',
    params: (p) => ({ id: p.journalId }),
    body: note,
    audited: true,
  },

  'GET /api/patient/sessions/:id': {
    kind: 'patient',
    params: session,
    ownerReads: true,
  },
  'GET /api/patient/sessions/:id/journal': { kind: 'patient', params: session },
  'POST /api/patient/sessions/:id/data-request/confirm': {
    kind: 'patient',
    params: session,
    audited: true,
  },
  'POST /api/patient/sessions/:id/data-request/decline': {
    kind: 'patient',
    params: session,
    audited: true,
  },

  // Running the practice (commerce).
  'PUT /api/portal/sessions/:id/kit': {
    kind: 'owned',
    params: session,
    body: (p) => ({ sampleLabel: p.inStockLabel }),
    audited: true,
  },
  'PUT /api/portal/me/warehouses/:id': {
    kind: 'owned',
    params: (p) => ({ id: p.warehouseId }),
    body: () => ({
      contactNumber: '+27215550100',
      contactPerson: 'Forged Person',
      countryCode: 'ZA',
      name: 'Forged store',
      postalCode: '8001',
      state: 'Western Cape',
      streetAddress: '1 Forged Street',
      suburb: 'Gardens',
    }),
  },
  'PATCH /api/portal/me/warehouses/:id/primary/': { kind: 'owned', params: (p) => ({ id: p.warehouseId }) },
  'POST /api/portal/me/consignments/:id/receive': { kind: 'owned', params: (p) => ({ id: p.consignmentId }) },
  'POST /api/portal/discount-codes/:id/deactivate': { kind: 'owned', params: (p) => ({ id: p.discountCodeId }) },
  'PUT /api/portal/discount-codes/:id': {
    kind: 'owned',
    params: (p) => ({ id: p.discountCodeId }),
    body: () => ({
      rule: { type: 'percentage', value: 50, currency: 'ZAR', minimumOrderCents: 0, validFrom: '2026-01-01', validUntil: null, usageLimit: null },
      upsell: '',
      options: { appliesTo: ['kit'] },
      requiresShipping: false,
      addNewKit: false,
    }),
  },
  'POST /api/admin/kits/:sampleLabel/advance': { kind: 'admin' },
  'POST /api/admin/kits/:sampleLabel/results': { kind: 'admin', body: () => ({ genotypes: 'rs1801133\t1\t11796321\tGG\n' }) },
  'POST /api/admin/transactions/:id/paid': { kind: 'admin' },

  'GET /api/legal/:file': { kind: 'public' },
  // A practitioner's calendar feed: the unguessable token in the file name is the key (decision 012).
  'GET /api/calendar/:file': { kind: 'public' },
  'GET /api/legal/:slug/:file': { kind: 'public' },
};

/**
 * Query parameters that filter a list by an id (warehouseID, sessionID …): the object each names,
 * so the suite can try another practitioner's. A filter named like an id and missing here fails.
 */
export const FILTER_IDS: Record<string, (p: Practice) => string> = {
  warehouseID: (p) => p.warehouseId,
  warehouseId: (p) => p.warehouseId,
  sessionID: (p) => p.sessionId,
  sessionId: (p) => p.sessionId,
  kitID: (p) => p.kitId,
  kitId: (p) => p.kitId,
  patientID: (p) => p.patient.user.id,
};

/** Body fields that carry an id on a route with a path id: the object each names. */
export const BODY_IDS: Record<string, (p: Practice) => string> = {
  sampleLabel: (p) => p.inStockLabel,
  sessionID: (p) => p.sessionId,
  sessionId: (p) => p.sessionId,
  kitID: (p) => p.kitId,
  kitId: (p) => p.kitId,
  resultID: (p) => p.resultId,
  answerID: (p) => p.answerId,
};
