import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  collections,
  dataRequests,
  kits,
  practitioners,
  questionnaireResponses,
  questionnaires,
  results,
  sessions,
  transactions,
  users,
} from '../../db/schema';
import { rowsOf } from '../account/repository';

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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A practitioner's sessions, filtered and paged in the database. */
export async function listForPractitioner(db: Db, practitionerId: string, q: { status?: number; search?: string; limit: number; offset: number }) {
  const conditions: SQL[] = [eq(sessions.practitionerId, practitionerId)];
  if (q.status) conditions.push(eq(sessions.status, q.status));
  if (q.search) {
    const words = q.search.split(/\s+/).filter(Boolean).slice(0, 4);
    for (const w of words) {
      const term = `%${escapeLike(w)}%`;
      conditions.push(or(ilike(users.firstName, term), ilike(users.lastName, term))!);
    }
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    summaries(db).where(where).orderBy(desc(sessions.createdAt), desc(sessions.id)).limit(q.limit).offset(q.offset),
    db.select({ n: count() }).from(sessions).innerJoin(users, eq(users.id, sessions.patientId)).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function countsByStatus(db: Db, practitionerId: string) {
  const rows = await db
    .select({ status: sessions.status, n: count() })
    .from(sessions)
    .where(eq(sessions.practitionerId, practitionerId))
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

const ph = sql.placeholder;

/**
 * The session detail's two queries as named prepared statements (per database handle): PostgreSQL
 * parses and plans them once per connection instead of on every read, and drizzle builds their SQL
 * once. The detail is the most frequent read of the portal.
 */
function detailStatements(db: Db) {
  return {
    /**
     * The owned session in one round trip: the caller's practitioner profile is a subquery, so no
     * profile and another's session both find nothing, as with practitionerOf + findOwned.
     */
    owned: summaries(db)
      .where(
        and(
          eq(sessions.id, ph('sessionId')),
          eq(sessions.practitionerId, sql`(select ${practitioners.id} from ${practitioners} where ${practitioners.userId} = ${ph('userId')} limit 1)`),
        ),
      )
      .limit(1)
      .prepare('session_detail_owned'),
    /**
     * Everything else the detail shows: the kit with its collections, and, only when the patient
     * data is accessible, the results (without their data), the questionnaires' completion and the
     * pharmacogenomic version stamp. The same rows as kitWithCollections, resultsForKit and
     * questionnairesFor; the stamp reads the pharmacogenomics tables for the highlights' cache key.
     */
    extras: db
      .select({
        kit: sql<DetailExtras['kit']>`(select json_build_object('id', k.id, 'sampleLabel', k.sample_label, 'status', k.status, 'collections',
           coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'description', c.description) order by c.id) from collections c where c.id = any(k.collection_ids)), '[]'::json))
         where k.id is not null)`,
        results: sql<DetailExtras['results']>`case when ${ph('accessible')}::boolean then
          coalesce((select json_agg(json_build_object('id', r.id, 'title', r.title, 'computedAt', r.created_at) order by r.created_at desc) from results r where r.kit_id = k.id), '[]'::json) end`,
        kbVersion: sql<
          string | null
        >`case when ${ph('accessible')}::boolean then (select pr.kb_version from pgx_reports pr where pr.kit_id = k.id and pr.status = 'current' limit 1) end`,
        callSet: sql<
          DetailExtras['pgx']['callSet']
        >`case when ${ph('accessible')}::boolean then (select json_build_object('id', cs.id, 'importedAt', cs.imported_at) from pgx_call_sets cs where cs.kit_id = k.id limit 1) end`,
        questionnaires: sql<DetailExtras['questionnaires']>`case when ${ph('accessible')}::boolean then
          coalesce((select json_agg(json_build_object('id', q.id, 'category', q.category, 'completed', qr.completed_at is not null) order by q.id)
            from questionnaires q left join questionnaire_responses qr on qr.questionnaire_id = q.id and qr.patient_id = ${ph('patientId')}::uuid), '[]'::json) end`,
      })
      .from(
        sql`(select 1) as one left join lateral (select id, sample_label, status, collection_ids from kits where session_id = ${ph('sessionId')}::uuid limit 1) as k on true`,
      )
      .prepare('session_detail_extras'),
  };
}
const prepared = new WeakMap<Db, ReturnType<typeof detailStatements>>();
function statements(db: Db) {
  let s = prepared.get(db);
  if (!s) prepared.set(db, (s = detailStatements(db)));
  return s;
}

export async function findOwnedByUser(db: Db, userId: string, sessionId: string) {
  const [row] = await statements(db).owned.execute({ userId, sessionId });
  return row;
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
}

export async function detailExtras(db: Db, sessionId: string, patientId: string, accessible: boolean): Promise<DetailExtras> {
  const [row] = await statements(db).extras.execute({ sessionId, patientId, accessible });
  return {
    kit: row?.kit ?? null,
    results: row?.results ?? null,
    pgx: { kbVersion: row?.kbVersion ?? null, callSet: row?.callSet ?? null },
    questionnaires: row?.questionnaires ?? null,
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

export async function insertSession(db: Db, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function kitWithCollections(db: Db, sessionId: string) {
  const [kit] = await db.select().from(kits).where(eq(kits.sessionId, sessionId)).limit(1);
  if (!kit) return null;
  const cols = kit.collectionIds.length ? await db.select().from(collections).where(inArray(collections.id, kit.collectionIds)) : [];
  return {
    id: kit.id,
    sampleLabel: kit.sampleLabel,
    status: kit.status,
    collections: cols,
  };
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
