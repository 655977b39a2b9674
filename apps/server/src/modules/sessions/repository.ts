import { and, count, desc, eq, ilike, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { SessionStatus } from '@portal/contract';
import type { Database, Db } from '../../db/client';
import { LIVE_SESSION_COLUMNS, type LiveSessionRow } from '../../plugins/auth';
import { dataRequests, kits, practitioners, questionnaireResponses, questionnaires, results, sessions, transactions, users } from '../../db/schema';
import { CURRENT_MEDICINES } from '../../db/questionnaires';
import { escapeLike, rowsOf } from '../../db/sql';

export type SessionRow = typeof sessions.$inferSelect;

const summaryColumns = {
  session: sessions,
  user: {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    phoneNumber: users.phoneNumber,
    profileImage: users.profileImage,
    isActive: users.isActive,
    synthetic: users.synthetic,
  },
  kitId: kits.id,
  dataRequest: {
    id: dataRequests.id,
    status: dataRequests.status,
    createdAt: dataRequests.createdAt,
    answeredAt: dataRequests.answeredAt,
  },
};

function summaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.patientId))
    .leftJoin(kits, eq(kits.sessionId, sessions.id))
    .leftJoin(dataRequests, eq(dataRequests.sessionId, sessions.id));
}
export type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>[number];

/** The words of a patient-name search as ILIKE patterns, at most four. */
const searchTerms = (search: string | undefined) =>
  (search ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 4)
    .map((w) => `%${escapeLike(w)}%`);

/** Each word of a patient-name search must match the first or the last name. */
const byNameOf = (terms: Array<string | Placeholder>): SQL[] => terms.map((term) => or(ilike(users.firstName, term), ilike(users.lastName, term))!);
const nameSearch = (search: string | undefined) => byNameOf(searchTerms(search));

/** Newest first, then by id: the order of both practitioner indexes of sessions (migration 0014). */
const LIST_ORDER = [desc(sessions.createdAt), desc(sessions.id)];

/**
 * The sessions list as one statement. The page's ids come from the sessions alone, read off the
 * practitioner's index in the list's order (users joined first only when searching by name), with the
 * count of all that match from the same scan; only the rows of the page are then joined to their
 * patient, kit and data request. Before, every matching session was joined to all three before sorting,
 * and counted again in a second statement (docs/performance.md, migration 0014).
 */
function listStatement(db: Db, withStatus: boolean, words: number) {
  const byName = byNameOf(Array.from({ length: words }, (_, i) => sql.placeholder(`w${i}`)));
  const conditions = [eq(sessions.practitionerId, sql.placeholder('practitionerId')), ...byName];
  if (withStatus) conditions.push(eq(sessions.status, sql.placeholder('status')));
  const matching = db.select({ id: sessions.id, createdAt: sessions.createdAt, total: sql<number>`count(*) over ()`.as('total') }).from(sessions);
  const page = db.$with('page').as(
    (words ? matching.innerJoin(users, eq(users.id, sessions.patientId)) : matching)
      .where(and(...conditions))
      .orderBy(...LIST_ORDER)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  return db
    .with(page)
    .select({ ...summaryColumns, total: page.total })
    .from(page)
    .innerJoin(sessions, eq(sessions.id, page.id))
    .innerJoin(users, eq(users.id, sessions.patientId))
    .leftJoin(kits, eq(kits.sessionId, sessions.id))
    .leftJoin(dataRequests, eq(dataRequests.sessionId, sessions.id))
    .orderBy(desc(page.createdAt), desc(page.id))
    .prepare(`sessions_list_${withStatus ? 'status_' : ''}${words}`);
}
type ListStatement = ReturnType<typeof listStatement>;

/**
 * Prepared once per shape (with or without a status, 0-4 search words) and database: PostgreSQL then
 * plans it once per connection, which cost more than running it (docs/performance.md).
 */
const listStatements = new WeakMap<Db, Map<string, ListStatement>>();
function listStatementFor(db: Db, withStatus: boolean, words: number) {
  let byShape = listStatements.get(db);
  if (!byShape) listStatements.set(db, (byShape = new Map()));
  const key = `${withStatus}:${words}`;
  let statement = byShape.get(key);
  if (!statement) byShape.set(key, (statement = listStatement(db, withStatus, words)));
  return statement;
}

/** A practitioner's sessions, filtered and paged in the database. */
export async function listForPractitioner(db: Db, practitionerId: string, q: { status?: number; search?: string; limit: number; offset: number }) {
  const terms = searchTerms(q.search);
  const rows = await listStatementFor(db, Boolean(q.status), terms.length).execute({
    practitionerId,
    status: q.status,
    limit: q.limit,
    offset: q.offset,
    ...Object.fromEntries(terms.map((t, i) => [`w${i}`, t])),
  });
  if (rows[0] || q.offset === 0) return { rows, count: rows[0] ? Number(rows[0].total) : 0 };
  // A page past the end has no row to carry the count: only then is it counted on its own.
  const conditions = [eq(sessions.practitionerId, practitionerId), ...byNameOf(terms)];
  if (q.status) conditions.push(eq(sessions.status, q.status));
  const base = db.select({ n: count() }).from(sessions);
  const [row] = await (terms.length ? base.innerJoin(users, eq(users.id, sessions.patientId)) : base).where(and(...conditions));
  return { rows, count: Number(row?.n ?? 0) };
}

/** How many sessions in each status, of those whose patient matches the search when there is one. */
export async function countsByStatus(db: Db, practitionerId: string, search?: string) {
  const byName = nameSearch(search);
  const base = db.select({ status: sessions.status, n: count() }).from(sessions);
  const rows = await (byName.length ? base.innerJoin(users, eq(users.id, sessions.patientId)) : base)
    .where(and(eq(sessions.practitionerId, practitionerId), ...byName))
    .groupBy(sessions.status);
  const out = { 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const r of rows) out[r.status as 1 | 2 | 3 | 4] = Number(r.n);
  return out;
}

/** One session of the practitioner's; undefined for another's and for none alike. */
export async function findOwned(db: Db, practitionerId: string, sessionId: string) {
  const [row] = await summaries(db)
    .where(and(eq(sessions.id, sessionId), eq(sessions.practitionerId, practitionerId)))
    .limit(1);
  return row;
}

/** A summary's session fields, whichever query read them. */
export interface SummarySource {
  session: Pick<SessionRow, 'id' | 'status' | 'bookingTime' | 'createdAt' | 'updatedAt' | 'requestedByPractitioner' | 'rescheduledByPractitioner'>;
  user: SummaryRow['user'];
  kitId: string | null;
  dataRequest: SummaryRow['dataRequest'];
}

export interface DetailExtras {
  kit: {
    id: string;
    sampleLabel: string;
    status: string;
    collections: Array<{ id: number; name: string; description: string }>;
  } | null;
  /** Newest first; null when the patient data is not accessible. */
  results: Array<{ id: string; title: string; computedAt: string }> | null;
  /** What the kit's pharmacogene highlights depend on: the current report's knowledge base and the call set's version. */
  pgx: {
    kbVersion: string | null;
    callSet: { id: string; importedAt: string } | null;
  };
  questionnaires: Array<{
    id: number;
    category: string;
    completed: boolean;
  }> | null;
  /** The answers where the patient lists the medicines they take now (the pharmacogenomic highlights read them). */
  medicineAnswers: Record<string, unknown> | null;
}

/** The session detail's one read: the caller's sign-on session, the owned session and everything the detail shows. */
export interface DetailRead {
  live: LiveSessionRow | undefined;
  /** Undefined for another's session and for none alike. */
  owned: (SummarySource & { practitionerId: string; patientId: string; extras: DetailExtras }) | undefined;
}

const ACCESSIBLE = `s.status = ${SessionStatus.ACCEPTED} and dr.status = 'confirmed'`;
/**
 * The session detail, the most frequent read of the portal, in one round trip and one prepared
 * statement: the caller's sign-on session and user (the checks every authenticated request makes),
 * the session if the caller's practitioner profile owns it (no profile and another's session both
 * find nothing), its patient, kit and data request, and — only while the patient data is accessible
 * (accepted, data request confirmed) — the results without their data, the questionnaires'
 * completion and the pharmacogenomic version stamp the highlights' cache is keyed by.
 */
const DETAIL_READ = {
  name: 'session_detail_read',
  text: `select ${LIVE_SESSION_COLUMNS}, d.*
from auth_sessions a
join users au on au.id = a.user_id
left join lateral (
  select s.id, s.status, s.booking_time as "bookingTime", s.created_at as "sessionCreatedAt", s.updated_at as "updatedAt",
    s.requested_by_practitioner as "requestedByPractitioner", s.rescheduled_by_practitioner as "rescheduledByPractitioner",
    s.practitioner_id as "practitionerId", s.patient_id as "patientId",
    pu.id as "pId", pu.email as "pEmail", pu.first_name as "pFirstName", pu.last_name as "pLastName", pu.phone_number as "pPhoneNumber",
    pu.profile_image as "pProfileImage", pu.is_active as "pIsActive", pu.synthetic as "pSynthetic",
    k.id as "kitId", dr.id as "drId", dr.status as "drStatus", dr.created_at as "drCreatedAt", dr.answered_at as "drAnsweredAt",
    case when k.id is not null then json_build_object('id', k.id, 'sampleLabel', k.sample_label, 'status', k.status, 'collections',
      coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'description', c.description) order by c.id) from collections c where c.id = any(k.collection_ids)), '[]'::json)) end as kit,
    case when ${ACCESSIBLE} then coalesce((select json_agg(json_build_object('id', r.id, 'title', r.title, 'computedAt', r.created_at) order by r.created_at desc)
      from results r where r.kit_id = k.id), '[]'::json) end as results,
    case when ${ACCESSIBLE} then (select pr.kb_version from pgx_reports pr where pr.kit_id = k.id and pr.status = 'current' limit 1) end as "kbVersion",
    case when ${ACCESSIBLE} then (select json_build_object('id', cs.id, 'importedAt', cs.imported_at) from pgx_call_sets cs where cs.kit_id = k.id limit 1) end as "callSet",
    case when ${ACCESSIBLE} then coalesce((select json_agg(json_build_object('id', q.id, 'category', q.category, 'completed', qr.completed_at is not null) order by q.id)
      from questionnaires q left join questionnaire_responses qr on qr.questionnaire_id = q.id and qr.patient_id = s.patient_id), '[]'::json) end as questionnaires,
    case when ${ACCESSIBLE} then (select qr.answers from questionnaire_responses qr join questionnaires q on q.id = qr.questionnaire_id
      where qr.patient_id = s.patient_id and q.category = '${CURRENT_MEDICINES.category}' limit 1) end as "medicineAnswers"
  from sessions s
  join users pu on pu.id = s.patient_id
  left join kits k on k.session_id = s.id
  left join data_requests dr on dr.session_id = s.id
  where s.id = $2 and s.practitioner_id = (select p.id from practitioners p where p.user_id = a.user_id limit 1)
  limit 1
) d on true
where a.id = $1`,
};

interface DetailReadRow extends LiveSessionRow {
  id: string | null;
  status: number;
  bookingTime: Date;
  sessionCreatedAt: Date;
  updatedAt: Date;
  requestedByPractitioner: boolean;
  rescheduledByPractitioner: boolean;
  practitionerId: string;
  patientId: string;
  pId: string;
  pEmail: string;
  pFirstName: string;
  pLastName: string;
  pPhoneNumber: string | null;
  pProfileImage: string | null;
  pIsActive: boolean;
  pSynthetic: boolean;
  kitId: string | null;
  drId: string | null;
  drStatus: string | null;
  drCreatedAt: Date | null;
  drAnsweredAt: Date | null;
  kit: DetailExtras['kit'];
  results: DetailExtras['results'];
  kbVersion: string | null;
  callSet: DetailExtras['pgx']['callSet'];
  questionnaires: DetailExtras['questionnaires'];
  medicineAnswers: DetailExtras['medicineAnswers'];
}

export async function readDetail(database: Database, authSessionId: string, sessionId: string): Promise<DetailRead> {
  const [r] = await database.query<DetailReadRow>(DETAIL_READ, [authSessionId, sessionId]);
  if (!r) return { live: undefined, owned: undefined };
  const live: LiveSessionRow = { userId: r.userId, revokedAt: r.revokedAt, createdAt: r.createdAt, lastUsedAt: r.lastUsedAt, isActive: r.isActive };
  return { live, owned: r.id ? ownedOf(r) : undefined };
}

function ownedOf(r: DetailReadRow): NonNullable<DetailRead['owned']> {
  return {
    session: {
      id: r.id!,
      status: r.status,
      bookingTime: r.bookingTime,
      createdAt: r.sessionCreatedAt,
      updatedAt: r.updatedAt,
      requestedByPractitioner: r.requestedByPractitioner,
      rescheduledByPractitioner: r.rescheduledByPractitioner,
    },
    practitionerId: r.practitionerId,
    patientId: r.patientId,
    user: {
      id: r.pId,
      email: r.pEmail,
      firstName: r.pFirstName,
      lastName: r.pLastName,
      phoneNumber: r.pPhoneNumber,
      profileImage: r.pProfileImage,
      isActive: r.pIsActive,
      synthetic: r.pSynthetic,
    },
    kitId: r.kitId,
    dataRequest: r.drId ? { id: r.drId, status: r.drStatus!, createdAt: r.drCreatedAt!, answeredAt: r.drAnsweredAt } : null,
    extras: {
      kit: r.kit,
      results: r.results,
      pgx: { kbVersion: r.kbVersion, callSet: r.callSet },
      questionnaires: r.questionnaires,
      medicineAnswers: r.medicineAnswers,
    },
  };
}

export async function findForPatient(db: Db, patientId: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.patientId, patientId)))
    .limit(1);
  return row;
}

/**
 * A status transition as one conditional update: only from the expected status, only the owner.
 * Of two concurrent attempts exactly one matches a row.
 */
export async function transition(db: Db, practitionerId: string, sessionId: string, from: number, to: number) {
  const stamp = to === 2 ? { acceptedAt: new Date() } : to === 3 ? { declinedAt: new Date() } : to === 4 ? { completedAt: new Date() } : {};
  const rows = await db
    .update(sessions)
    .set({ status: to, updatedAt: new Date(), ...stamp })
    .where(and(eq(sessions.id, sessionId), eq(sessions.practitionerId, practitionerId), eq(sessions.status, from)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/**
 * A patient's session request, written only within the patient's limits: at most `pendingMax`
 * requests still pending with this practitioner and `dayMax` requests made since `dayStart`. The
 * patient's user row is locked first, so concurrent requests of one patient are counted one after
 * the other. Over a limit nothing is written (so no notification either): the answer says which,
 * with the oldest request of the day for the wait.
 */
export async function insertRequestWithinLimits(
  db: Db,
  values: { patientId: string; practitionerId: string; bookingTime: Date },
  limits: { pendingMax: number; dayMax: number; dayStart: Date },
): Promise<{ session: typeof sessions.$inferSelect } | { refused: 'pending' } | { refused: 'day'; oldest: Date }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${users} where id = ${values.patientId} for update`);
    const [c] = rowsOf<{ pending: number; today: number; oldest: Date | string | null }>(
      await tx.execute(sql`
        select count(*) filter (where practitioner_id = ${values.practitionerId} and status = ${SessionStatus.REQUESTED})::int as pending,
          count(*) filter (where created_at > ${limits.dayStart} and not requested_by_practitioner)::int as today,
          min(created_at) filter (where created_at > ${limits.dayStart} and not requested_by_practitioner) as oldest
        from ${sessions} where patient_id = ${values.patientId}`),
    );
    if ((c?.pending ?? 0) >= limits.pendingMax) return { refused: 'pending' };
    if ((c?.today ?? 0) >= limits.dayMax) return { refused: 'day', oldest: new Date(c!.oldest!) };
    const [row] = await tx.insert(sessions).values(values).returning();
    return { session: row! };
  });
}

export const resultsForKit = (db: Db, kitId: string) =>
  db
    .select({
      id: results.id,
      title: results.title,
      computedAt: results.computedAt,
    })
    .from(results)
    .where(eq(results.kitId, kitId))
    .orderBy(desc(results.computedAt));

/** A kit's results with their data, newest first: one query where a page needs the components. */
export const resultsWithData = (db: Db, kitId: string) => db.select().from(results).where(eq(results.kitId, kitId)).orderBy(desc(results.computedAt));

export async function findResult(db: Db, kitId: string, resultId: string) {
  const [row] = await db
    .select()
    .from(results)
    .where(and(eq(results.id, resultId), eq(results.kitId, kitId)))
    .limit(1);
  return row;
}

export async function questionnairesFor(db: Db, patientId: string) {
  return db
    .select({
      id: questionnaires.id,
      category: questionnaires.category,
      description: questionnaires.description,
      questions: questionnaires.questions,
      createdAt: questionnaires.createdAt,
      updatedAt: questionnaires.updatedAt,
      answers: questionnaireResponses.answers,
      completedAt: questionnaireResponses.completedAt,
    })
    .from(questionnaires)
    .leftJoin(questionnaireResponses, and(eq(questionnaireResponses.questionnaireId, questionnaires.id), eq(questionnaireResponses.patientId, patientId)))
    .orderBy(questionnaires.id);
}

/**
 * Creates the session's one data request and its fee in one transaction; the unique index on
 * session_id makes a second request fail whatever the timing.
 */
export async function insertDataRequest(
  db: Db,
  opts: {
    sessionId: string;
    practitionerId: string;
    feeCents: number;
    currency: string;
    dueDays: number;
  },
) {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(dataRequests).values({ sessionId: opts.sessionId }).onConflictDoNothing().returning();
    const request = inserted[0];
    if (!request) return null;
    await tx.insert(transactions).values({
      practitionerId: opts.practitionerId,
      kind: 'data_request_fee',
      description: 'Data-request fee',
      // Owed by the practice to the provider: negative from the practice's side (see the transactions table).
      amountCents: -opts.feeCents,
      currency: opts.currency,
      sessionId: opts.sessionId,
      dataRequestId: request.id,
      dueAt: new Date(request.createdAt.getTime() + opts.dueDays * 86_400_000),
    });
    return request;
  });
}

/** The patient answers a pending data request once. */
export async function answerDataRequest(db: Db, sessionId: string, status: 'confirmed' | 'declined') {
  const rows = await db
    .update(dataRequests)
    .set({ status, answeredAt: new Date() })
    .where(and(eq(dataRequests.sessionId, sessionId), eq(dataRequests.status, 'pending')))
    .returning();
  return rows[0] ?? null;
}

export async function findDataRequest(db: Db, sessionId: string) {
  const [row] = await db.select().from(dataRequests).where(eq(dataRequests.sessionId, sessionId)).limit(1);
  return row;
}

/** Practitioners patients can find: accepted ones that have passed the onboarding course's test (SPEC §1, §6). */
export async function listedPractitioners(db: Db, filter: { search?: string; id?: string } = {}) {
  const term = filter.search ? `%${escapeLike(filter.search)}%` : null;
  const res = await db.execute(sql`
    select p.id, u.first_name as "firstName", u.last_name as "lastName", c.name as category, p.description,
      coalesce((select array_agg(l.name order by l.name) from practitioner_languages pl join languages l on l.id = pl.language_id where pl.practitioner_id = p.id), '{}') as languages,
      coalesce((select array_agg(s.name order by s.name) from practitioner_specializations ps join specializations s on s.id = ps.specialization_id where ps.practitioner_id = p.id), '{}') as specializations
    from ${practitioners} p
    join ${users} u on u.id = p.user_id
    left join practitioner_categories c on c.id = p.category_id
    where p.status = 2 and u.is_active
      and exists (select 1 from course_certificates cc where cc.practitioner_id = p.id)
      ${term ? sql`and (u.first_name ilike ${term} or u.last_name ilike ${term})` : sql``}
      ${filter.id ? sql`and p.id = ${filter.id}` : sql``}
    order by u.last_name, u.first_name
    limit 100`);
  return rowsOf<{
    id: string;
    firstName: string;
    lastName: string;
    category: string | null;
    description: string | null;
    languages: string[];
    specializations: string[];
  }>(res);
}

export const findListedPractitioner = async (db: Db, id: string) => (await listedPractitioners(db, { id }))[0];

/** A patient's sessions with their data requests, newest first. */
export const sessionsOfPatient = (db: Db, patientId: string, sessionId?: string) =>
  db
    .select({ session: sessions, dataRequest: dataRequests })
    .from(sessions)
    .leftJoin(dataRequests, eq(dataRequests.sessionId, sessions.id))
    .where(sessionId ? and(eq(sessions.patientId, patientId), eq(sessions.id, sessionId)) : eq(sessions.patientId, patientId))
    .orderBy(desc(sessions.createdAt))
    .limit(100);

/** The names of a practice's patients other than one (any session, any status): what Ask AI declines to answer about. */
export async function otherPatientNames(db: Db, practitionerId: string, exceptPatientId: string) {
  const rows = await db
    .selectDistinct({ firstName: users.firstName, lastName: users.lastName })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.patientId))
    .where(and(eq(sessions.practitionerId, practitionerId), sql`${users.id} <> ${exceptPatientId}`));
  return rows.flatMap((r) => [r.firstName, r.lastName, `${r.firstName} ${r.lastName}`]);
}
