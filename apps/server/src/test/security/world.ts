import { eq, sql } from 'drizzle-orm';
import { courseCertificates, dataRequests, journalEntries, kits, practitioners, questionnaireResponses, aiAnswers, transactions, users } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import { computeResults, generateSyntheticGenotypeFile } from '../../modules/genetics';
import { importDemoCallSet } from '../../modules/demo/demo-pgx';
import { createTestApp, createUser, DAY, storeSwab, type Harness } from '../harness';

/** The admin API's bearer token in the security suites. */
export const ADMIN_TOKEN = 'security-suite-admin-token-0123456789';

export const NOT_FOUND_BODY = JSON.stringify({
  error: {
    message: 'The requested resource was not found',
    params: null,
    fieldErrors: null,
    code: '400404',
    cause: null,
  },
});

/** One app and one database for a whole suite file, with the admin token the admin routes need. */
export const createSecurityApp = (env: Record<string, string> = {}) =>
  createTestApp({
    ADMIN_TOKEN,
    AI_RATE_LIMIT: '100000',
    FHIR_RATE_LIMIT: '100000',
    SIGN_IN_RATE_LIMIT: '100000',
    SIGN_IN_ADDRESS_RATE_LIMIT: '100000',
    ...env,
  });

let seq = 0;

/**
 * Everything one practitioner owns, built as a real practice would have it: an accepted session
 * whose data request was confirmed, a kit with results and pharmacogenomic calls, questionnaire
 * answers, a journal draft, an Ask AI answer, an address, a weekly slot, payment details, a
 * language and a specialization. Two of these (A and B) make every forged-id class possible.
 */
export async function buildPractice(h: Harness, label: string) {
  const n = ++seq;
  const doc = await createUser(h, { practitionerStatus: 2 });
  const patient = await createUser(h, { role: 'patient' });
  await h.db
    .update(users)
    .set({ firstName: `Nomsa${label}`, lastName: `Secret${label}${n}` })
    .where(eq(users.id, patient.user.id));
  const [practice] = await h.db.select().from(practitioners).where(eq(practitioners.userId, doc.user.id));
  const practitionerId = practice!.id;
  const inject = h.app.inject.bind(h.app);
  /** A call that must succeed, as the practitioner unless `headers` says who; its JSON answer. */
  const ok = async (what: string, method: 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = doc.auth) => {
    const res = await inject({ method, url, headers, payload });
    if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const book = (what: string, days: number) =>
    ok(what, 'POST', '/api/patient/sessions/', { practitionerId, bookingTime: new Date(Date.now() + days * DAY).toISOString() }, patient.auth);

  const booked = await book('book', 2);
  const sessionId = booked.id as string;
  // A second session, still requested: the target of accept and reject.
  const pending = await book('book 2', 3);
  await ok('accept', 'POST', `/api/portal/sessions/${sessionId}/accept`);
  const [kit] = await h.db
    .insert(kits)
    .values({
      sampleLabel: `SEC-${label}-${n}-${sessionId.slice(0, 6)}`,
      practitionerId,
      patientId: patient.user.id,
      sessionId,
      status: 'results_available',
      collectionIds: [1, 2, 3],
    })
    .returning();
  const swab = computeResults(generateSyntheticGenotypeFile(`security:${sessionId}`));
  const result = await storeSwab(h, kit!.id, swab);
  await importDemoCallSet(h.db, 'thandi.nkosi', kit!.id);
  await h.db.insert(questionnaireResponses).values([
    {
      patientId: patient.user.id,
      questionnaireId: 2,
      answers: { pattern: 'Vegetarian', dairy: '0' },
      completedAt: new Date(),
    },
    {
      patientId: patient.user.id,
      questionnaireId: 4,
      answers: { medicines: 'Simvastatin 40 mg' },
      completedAt: new Date(),
    },
  ]);
  await ok('data request', 'POST', `/api/portal/sessions/${sessionId}/data-request`);
  await h.db.update(dataRequests).set({ status: 'confirmed', answeredAt: new Date() }).where(eq(dataRequests.sessionId, sessionId));
  await ok('journal', 'PUT', `/api/portal/sessions/${sessionId}/journal`, { description: `Draft note ${label}` });
  const [journal] = await h.db.select({ id: journalEntries.id }).from(journalEntries).where(eq(journalEntries.sessionId, sessionId));
  const asked = await inject({
    method: 'POST',
    url: `/api/portal/sessions/${sessionId}/ai/ask`,
    headers: doc.auth,
    payload: { preset: 'summary' },
  });
  if (asked.statusCode !== 200) throw new Error(`ask: ${asked.statusCode} ${asked.body}`);
  const [answer] = await h.db.select({ id: aiAnswers.id }).from(aiAnswers).where(eq(aiAnswers.sessionId, sessionId));
  const address = await ok('address', 'POST', '/api/portal/me/addresses/', {
    streetAddress: '1 Long Street',
    suburb: 'Gardens',
    city: 'Cape Town',
    state: 'Western Cape',
    postalCode: '8001',
    countryCode: 'ZA',
  });
  const slot = await ok('slot', 'POST', '/api/portal/me/availability/', { dayOfWeek: (n % 7) + 1, startTime: '09:00', endTime: '10:00' });
  const payment = await ok('payment', 'POST', '/api/portal/me/paymentDetails/', {
    type: 2,
    identifier: `pay.${label.toLowerCase()}${n}@test.example`,
    currency: 'ZAR',
  });
  // A and B hold different lookups, so B's is "another practitioner's real id" for A.
  const languageId = label === 'A' ? 1 : 2;
  const specializationId = label === 'A' ? 1 : 2;
  await ok('language', 'POST', '/api/portal/me/languages/', { id: languageId });
  await ok('specialization', 'POST', '/api/portal/me/specializations/', { id: specializationId });
  // Running the practice: a warehouse, a consignment of kits from the provider, a discount code.
  const warehouse = await ok('warehouse', 'POST', '/api/portal/me/warehouses/', {
    contactNumber: '+27215550199',
    contactPerson: 'Grace Hopper',
    countryCode: 'ZA',
    name: `Store ${label}`,
    postalCode: '8001',
    state: 'Western Cape',
    streetAddress: '12 Kloof Street',
    suburb: 'Gardens',
  });
  const consigned = await ok(
    'consignment',
    'POST',
    '/api/admin/consignments',
    { practitionerEmail: doc.user.email, count: 2 },
    { authorization: `Bearer ${ADMIN_TOKEN}` },
  );
  const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
  const code = await ok('discount code', 'POST', '/api/portal/discount-codes/', {
    code: `SEC${label}${n}${Date.now().toString(36).toUpperCase()}`,
    rule: { type: 'percentage', value: 10, currency: 'ZAR', minimumOrderCents: 0, validFrom: yesterday, validUntil: null, usageLimit: null },
    upsell: 'Add a consultation',
    options: { appliesTo: ['kit'] },
    requiresShipping: true,
    addNewKit: false,
  });
  const [fee] = await h.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.practitionerId, practitionerId)).limit(1);
  const [certificate] = await h.db.select({ id: courseCertificates.id }).from(courseCertificates).where(eq(courseCertificates.practitionerId, practitionerId));
  const component = (swab.minerals[0] ?? swab.vitamins[0])!;

  return {
    label,
    doc,
    patient,
    practitionerId,
    sessionId,
    pendingSessionId: pending.id as string,
    kitId: kit!.id,
    resultId: result!.id,
    componentId: component.componentID,
    questionnaireId: '2',
    journalId: journal!.id,
    answerId: answer!.id,
    addressId: address.id as string,
    slotId: slot.id as string,
    paymentId: payment.id as string,
    languageId: String(languageId),
    specializationId: String(specializationId),
    certificateId: certificate?.id ?? null,
    warehouseId: warehouse.id as string,
    consignmentId: consigned.consignment?.id as string,
    inStockLabel: consigned.kits[0].sampleLabel as string,
    discountCodeId: code.id as string,
    transactionId: fee?.id ?? null,
    patientName: `Nomsa${label}`,
    patientEmail: patient.user.email,
  };
}

export type Practice = Awaited<ReturnType<typeof buildPractice>>;

/** Tables that rightly change on any request: the audit trail (denials are written). */
const EXCLUDED_TABLES = new Set(['audit_events', '__drizzle_migrations']);

/** Rows of a raw query on either driver. */
async function query<T>(h: Harness, q: ReturnType<typeof sql.raw> | ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await h.db.execute(q));
}

/**
 * A digest of every table's contents (except the audit trail), to prove a request changed nothing.
 * auth_sessions.last_used_at is bookkeeping for the idle timeout and is left out.
 */
export async function tableDigest(h: Harness): Promise<Record<string, string>> {
  const tables = await query<{ table_name: string }>(
    h,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name: t } of tables) {
    if (EXCLUDED_TABLES.has(t)) continue;
    const [r] = await query<{ d: string; n: number }>(
      h,
      sql.raw(
        `select md5(coalesce(string_agg(j, '|' order by j), '')) as d, count(*)::int as n from (select (to_jsonb(x) - 'last_used_at')::text as j from "${t}" x) s`,
      ),
    );
    out[t] = `${r!.n}:${r!.d}`;
  }
  return out;
}

export async function auditCount(h: Harness): Promise<number> {
  const [r] = await query<{ n: number }>(h, sql`select count(*)::int as n from audit_events`);
  return r!.n;
}
