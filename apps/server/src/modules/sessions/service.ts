import {
  ErrorCode,
  LIMITS,
  MESSAGES,
  RESULT_LEVEL_LABELS,
  SessionStatus,
  type DataRequest,
  type SessionDetail,
  type SessionSummary,
  categoryCaveat,
  cutOffStraddled,
} from '@portal/contract';
import type { AppContext } from '../../context';
import type { results } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { AnalyticsEvent } from '../analytics/service';
import { practitionerNames } from '../audit/service';
import { brandListStamp, medicinesText, pharmacogeneHighlights } from '../pharmacogenomics/service';
import { accessibleSession, isDataAccessible, ownedSession, practitionerOf } from './access';
import * as repo from './repository';

// The kit's results and the patient's questionnaires as stored: ask-ai's records and the FHIR export read them;
// the practice's other patients' names, which Ask AI declines to answer about.
export { otherPatientNames, questionnairesFor, resultsWithData } from './repository';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A data request as the API shows it, to practitioner and patient alike. */
export function toDataRequest(r: { id: string; status: string; createdAt: Date; answeredAt: Date | null }): DataRequest {
  return {
    id: r.id,
    status: r.status as DataRequest['status'],
    createdAt: r.createdAt.toISOString(),
    answeredAt: iso(r.answeredAt),
  };
}

export function toSummary(row: repo.SummarySource): SessionSummary {
  const s = row.session;
  return {
    id: s.id,
    status: s.status as SessionSummary['status'],
    bookingTime: s.bookingTime.toISOString(),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    userID: row.user.id,
    user: row.user,
    kitID: row.kitId,
    requestedByPractitioner: s.requestedByPractitioner,
    rescheduledByPractitioner: s.rescheduledByPractitioner,
    dataRequest: row.dataRequest?.id
      ? toDataRequest({
          ...row.dataRequest,
          id: row.dataRequest.id,
          status: row.dataRequest.status!,
          createdAt: row.dataRequest.createdAt!,
        })
      : null,
  };
}

export async function listSessions(ctx: AppContext, userId: string, q: Parameters<typeof repo.listForPractitioner>[2]) {
  const p = await practitionerOf(ctx, userId);
  const { rows, count } = await repo.listForPractitioner(ctx.database.db, p.id, q);
  return {
    results: rows.map(toSummary),
    count,
    limit: q.limit,
    offset: q.offset,
  };
}

export async function sessionCounts(ctx: AppContext, userId: string, search?: string) {
  const p = await practitionerOf(ctx, userId);
  return repo.countsByStatus(ctx.database.db, p.id, search);
}

interface ComponentLike {
  componentID: string;
  title: string;
  riskLevel: number;
  shareLower?: number | null;
  shareSame?: number | null;
}
export function componentsOf(data: unknown): ComponentLike[] {
  const swab = (
    data as {
      swab?: { minerals?: ComponentLike[]; vitamins?: ComponentLike[] };
    }
  )?.swab;
  return [...(swab?.minerals ?? []), ...(swab?.vitamins ?? [])];
}

type Highlights = SessionDetail['highlights'];
/** At most this many entries per cache; the oldest go first. */
const CACHE_LIMIT = 5_000;
/**
 * Highlights derived from rows that never change in place: a result row (its data is written once),
 * and a kit's pharmacogene calls read against one knowledge-base version (a new import stamps a new
 * imported_at; a new report names its version). Keyed by those stamps, per database.
 */
const highlightCaches = new WeakMap<object, Map<string, Highlights>>();
function highlightCache(db: object) {
  let cache = highlightCaches.get(db);
  if (!cache) highlightCaches.set(db, (cache = new Map()));
  return cache;
}
function remember(cache: Map<string, Highlights>, key: string, value: Highlights) {
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
}

function componentHighlights(r: { id: string; data: unknown }): Highlights {
  const out: Highlights = [];
  for (const c of componentsOf(r.data)) {
    if (c.riskLevel === 0 || c.riskLevel === 2) {
      out.push({
        kind: 'component',
        title: c.title,
        level: RESULT_LEVEL_LABELS[c.riskLevel as 0 | 2],
        resultID: r.id,
        componentID: c.componentID,
        tier: null,
        report: null,
        ...(cutOffStraddled(c) ? { caveat: categoryCaveat(cutOffStraddled(c)!) } : {}),
      });
    }
  }
  return out;
}

/** The session detail's one round trip (repo.readDetail): the caller's sign-on session for `request.admit`, and the owned session. */
export const readSession = (ctx: AppContext, authSessionId: string, sessionId: string) => repo.readDetail(ctx.database, authSessionId, sessionId);

/**
 * The session detail from that read, with the highlights from the cache above; 404 when the caller
 * does not own the session. The answer is the same as reading every row each time.
 */
export async function sessionDetail(ctx: AppContext, owned: repo.DetailRead['owned']): Promise<SessionDetail> {
  if (!owned) throw notFound();
  const { db } = ctx.database;
  const accessible = isDataAccessible(owned);
  const { extras } = owned;
  const { kit } = extras;
  const resultRefs = accessible && kit ? (extras.results ?? []) : [];
  const questionnaireRows = accessible ? (extras.questionnaires ?? []) : [];
  const cache = highlightCache(db);
  const highlights: Highlights = [];
  const key = (r: { id: string; computedAt: string }) => `result|${r.id}|${new Date(r.computedAt).getTime()}`;
  if (resultRefs.some((r) => !cache.has(key(r)))) {
    for (const r of await repo.resultsWithData(db, kit!.id)) remember(cache, key({ id: r.id, computedAt: r.computedAt.toISOString() }), componentHighlights(r));
  }
  for (const r of resultRefs) highlights.push(...(cache.get(key(r)) ?? []));
  // A current report and the calls it was built from, readable by the caller.
  const pgxReport =
    accessible && kit && extras.pgx.kbVersion && extras.pgx.callSet ? { kitId: kit.id, kbVersion: extras.pgx.kbVersion, callSet: extras.pgx.callSet } : null;
  if (pgxReport) {
    // The drug verdicts lead, in tier order (avoid, dose changes, medicines taken), before the nutrigenomic
    // scores; the patient's medicines may change after the report is built, so they are part of the key.
    const medicines = medicinesText(extras.medicineAnswers);
    const { kitId, kbVersion, callSet } = pgxReport;
    const pgxKey = `pgx|${kitId}|${kbVersion}|${callSet.id}|${new Date(callSet.importedAt).getTime()}|${medicines}|${await brandListStamp(db)}`;
    let pgx = cache.get(pgxKey);
    if (!pgx) remember(cache, pgxKey, (pgx = await pharmacogeneHighlights(db, kitId, owned.user, owned.session.id)));
    highlights.unshift(...pgx);
  }
  const resultsAvailable = kit?.status === 'results_available' && resultRefs.length > 0;
  // Per collection: the nutrigenomic scores (1) and the pharmacogenomic report (2) arrive apart.
  const ready: Record<number, boolean> = { 1: resultsAvailable, 2: pgxReport !== null };
  return {
    ...toSummary(owned),
    practitionerID: owned.practitionerId,
    kit: kit
      ? ({
          ...kit,
          collections: kit.collections.map((c) => ({ ...c, resultsReady: accessible && c.id in ready ? ready[c.id]! : null })),
        } as SessionDetail['kit'])
      : null,
    readiness: {
      kitStatus: (kit?.status ?? null) as SessionDetail['readiness']['kitStatus'],
      resultsAvailable,
      questionnairesCompleted: questionnaireRows.filter((q) => q.completed).length,
      questionnairesTotal: questionnaireRows.length,
      dataAccessible: accessible,
      pharmacogenomicReport: pgxReport !== null,
    },
    highlights: highlights.map((h) => ({ ...h })),
    results: resultRefs.map((r) => ({
      id: r.id,
      title: r.title,
      computedAt: new Date(r.computedAt).toISOString(),
    })),
    questionnaires: questionnaireRows.map((q) => ({
      id: q.id,
      category: q.category,
      completed: q.completed,
    })),
    dataRequestFee: { amountCents: ctx.env.DATA_REQUEST_FEE_CENTS, currency: ctx.env.CURRENCY, dueDays: LIMITS.dataRequestFeeDueDays },
  };
}

/** Accept (1 → 2) or reject (1 → 3); a request already decided answers 400414. */
export async function decide(ctx: AppContext, userId: string, sessionId: string, to: 2 | 3) {
  const { practitioner } = await ownedSession(ctx, userId, sessionId);
  const done = await repo.transition(ctx.database.db, practitioner.id, sessionId, SessionStatus.REQUESTED, to);
  if (!done) throw new AppError(400, ErrorCode.BAD_STATUS_TRANSITION);
  if (to === SessionStatus.ACCEPTED)
    await ctx.analytics.track(AnalyticsEvent.SESSION_ACCEPTED, userId, {
      sessionId,
    });
  const { row } = await ownedSession(ctx, userId, sessionId);
  return toSummary(row);
}

export async function requestData(ctx: AppContext, userId: string, sessionId: string) {
  const { practitioner, row } = await ownedSession(ctx, userId, sessionId);
  if (row.dataRequest?.id) throw new AppError(409, ErrorCode.DATA_ALREADY_REQUESTED);
  if (row.session.status !== SessionStatus.ACCEPTED) throw new AppError(400, ErrorCode.BAD_STATUS_TRANSITION);
  const created = await repo.insertDataRequest(ctx.database.db, {
    sessionId,
    practitionerId: practitioner.id,
    feeCents: ctx.env.DATA_REQUEST_FEE_CENTS,
    currency: ctx.env.CURRENCY,
    dueDays: LIMITS.dataRequestFeeDueDays,
  });
  if (!created) throw new AppError(409, ErrorCode.DATA_ALREADY_REQUESTED);
  return toDataRequest(created);
}

export async function listResults(ctx: AppContext, userId: string, sessionId: string) {
  const { row } = await accessibleSession(ctx, userId, sessionId);
  const rows = row.kitId ? await repo.resultsForKit(ctx.database.db, row.kitId) : [];
  return {
    results: rows.map((r) => ({
      id: r.id,
      title: r.title,
      computedAt: r.computedAt.toISOString(),
    })),
  };
}

export const toResult = (r: typeof results.$inferSelect) => ({
  id: r.id,
  title: r.title,
  computedAt: r.computedAt.toISOString(),
  engineVersion: r.engineVersion,
  data: r.data as Record<string, unknown>,
});

export async function getResult(ctx: AppContext, userId: string, sessionId: string, resultId: string) {
  const { row } = await accessibleSession(ctx, userId, sessionId);
  const result = row.kitId ? await repo.findResult(ctx.database.db, row.kitId, resultId) : undefined;
  if (!result) throw notFound();
  return toResult(result);
}

export async function getComponent(ctx: AppContext, userId: string, sessionId: string, resultId: string, componentId: string) {
  const result = await getResult(ctx, userId, sessionId, resultId);
  const component = componentsOf(result.data).find((c) => c.componentID === componentId);
  if (!component) throw notFound();
  return {
    resultID: result.id,
    computedAt: result.computedAt,
    // Whether the result is synthetic demo data, so the page need not download the whole result to label it.
    synthetic: (result.data as { swab?: { synthetic?: unknown } }).swab?.synthetic === true,
    component: component as unknown as Record<string, unknown>,
  };
}

export async function listQuestionnaires(ctx: AppContext, userId: string, sessionId: string) {
  const { row } = await accessibleSession(ctx, userId, sessionId);
  const rows = await repo.questionnairesFor(ctx.database.db, row.user.id);
  return { results: rows.map(toQuestionnaire) };
}

export async function getQuestionnaire(ctx: AppContext, userId: string, sessionId: string, questionnaireId: number) {
  const { results } = await listQuestionnaires(ctx, userId, sessionId);
  const q = results.find((r) => r.id === questionnaireId);
  if (!q) throw notFound();
  return q;
}

export function toQuestionnaire(q: Awaited<ReturnType<typeof repo.questionnairesFor>>[number]) {
  return {
    id: q.id,
    category: q.category,
    description: q.description,
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
    questions: (q.questions ?? []) as Array<{
      id: string;
      text: string;
      type: string;
      options?: string[];
    }>,
    answers: (q.answers ?? {}) as Record<string, string | string[]>,
    completedAt: iso(q.completedAt),
  };
}

/** The access history of the session's patient, as far as the caller's practice is concerned. */
export async function accessHistory(ctx: AppContext, userId: string, sessionId: string) {
  const { practitioner, row } = await ownedSession(ctx, userId, sessionId);
  return { results: await namedHistory(ctx, { patientId: row.user.id, practitionerId: practitioner.id }, userId) };
}

/** A patient's own access history (POPIA s23): every practice's reads, changes and refused attempts. */
export async function patientAccessHistory(ctx: AppContext, patientId: string) {
  return { results: await namedHistory(ctx, { patientId }, patientId) };
}

type HistoryRow = Awaited<ReturnType<AppContext['audit']['history']>>[number];

async function namedHistory(ctx: AppContext, filter: { patientId: string; practitionerId?: string }, viewerId: string) {
  const rows = await ctx.audit.history(filter);
  const names = await practitionerNames(
    ctx.database.db,
    rows.flatMap((r) => (r.practitionerId ? [r.practitionerId] : [])),
  );
  return rows.map((r) => toAuditRow(r, viewerId, names));
}

/**
 * An audit row as people read it. The actor is 'you', 'the patient', 'the provider' (the lab and
 * the provider's staff act with no user), the session's own practitioner by name and practice, or,
 * for anyone else, 'another practice (refused)' (every other attempt on a patient's data is a
 * refusal), named by neither identifier nor address.
 */
export function toAuditRow(r: HistoryRow, viewerId: string, names: Map<string, { userId: string; name: string }>) {
  const own = r.practitionerId ? names.get(r.practitionerId) : undefined;
  let actor: string;
  if (r.actorUserId === viewerId) actor = 'you';
  else if (r.actorUserId === null) actor = 'the provider';
  else if (r.actorUserId === r.patientId) actor = 'the patient';
  else if (own && r.actorUserId === own.userId) actor = own.name;
  else actor = r.outcome === 'denied' ? 'another practice (refused)' : 'another user';
  const stranger = actor === 'another practice (refused)' || actor === 'another user';
  return {
    id: r.id,
    at: r.at.toISOString(),
    action: r.action,
    category: r.category,
    outcome: r.outcome,
    sourceIp: stranger ? null : r.sourceIp,
    actor,
    sessionID: r.sessionId,
    detail: r.detail,
  };
}

// ---- The patient's side (patient/routes.ts, the provider's mobile app) ---------------------------

export type SessionRow = repo.SessionRow;

export const listedPractitioners = (ctx: AppContext, search?: string) => repo.listedPractitioners(ctx.database.db, { search });

const DAY_MS = 86_400_000;

/**
 * A patient's request for a session with a listed practitioner; any other practitioner id is a 404.
 * Over SESSION_REQUEST_PENDING_LIMIT (2) still
 * pending with that practitioner, or SESSION_REQUEST_DAILY_LIMIT (5) in the last 24 hours (decision 023), it answers 429
 * (`MESSAGES.tooManySessionRequests`; Retry-After for the daily one) and writes nothing, so the
 * practitioner is told nothing.
 */
export async function requestSession(ctx: AppContext, patientId: string, practitionerId: string, bookingTime: Date) {
  const { db } = ctx.database;
  const practitioner = await repo.findListedPractitioner(db, practitionerId);
  if (!practitioner) throw notFound();
  const now = Date.now();
  const out = await repo.insertRequestWithinLimits(
    db,
    { patientId, practitionerId: practitioner.id, bookingTime },
    { pendingMax: ctx.env.SESSION_REQUEST_PENDING_LIMIT, dayMax: ctx.env.SESSION_REQUEST_DAILY_LIMIT, dayStart: new Date(now - DAY_MS) },
  );
  if ('session' in out) return out.session;
  const wait = out.refused === 'day' ? { headers: { 'retry-after': String(Math.max(1, Math.ceil((out.oldest.getTime() + DAY_MS - now) / 1000))) } } : {};
  throw new AppError(429, ErrorCode.TOO_MANY_REQUESTS, MESSAGES.tooManySessionRequests, { ...wait, params: { limit: out.refused } });
}

/** The patient's sessions with their data requests, or the one with this id. */
export const patientSessions = (ctx: AppContext, patientId: string, sessionId?: string) => repo.sessionsOfPatient(ctx.database.db, patientId, sessionId);

/** The patient's own session; another's or none is a 404. */
export async function patientSession(ctx: AppContext, patientId: string, sessionId: string) {
  const s = await repo.findForPatient(ctx.database.db, patientId, sessionId);
  if (!s) throw notFound();
  return s;
}

/** The patient confirms or declines the practitioner's data request, once. */
export async function answerDataRequest(ctx: AppContext, patientId: string, sessionId: string, status: 'confirmed' | 'declined') {
  const { db } = ctx.database;
  const s = await repo.findForPatient(db, patientId, sessionId);
  if (!s || !(await repo.findDataRequest(db, s.id))) throw notFound();
  const answered = await repo.answerDataRequest(db, s.id, status);
  if (!answered) throw new AppError(400, ErrorCode.BAD_STATUS_TRANSITION);
  return toDataRequest(answered);
}
