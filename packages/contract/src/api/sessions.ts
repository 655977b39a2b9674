import { z } from 'zod';
import { IdParams, listOf, pageOf, zId } from '../common';
import { defineEndpoint } from '../endpoint';
import { AuditRow, DataRequest, SessionCounts, SessionCountsQuery, SessionDetail, SessionListQuery, SessionSummary } from '../sessions';

const tags = ['sessions'];

export const ResultRef = z.object({ id: zId, title: z.string(), computedAt: z.string() });
export type ResultRef = z.infer<typeof ResultRef>;
const ResultParams = z.strictObject({ id: zId, resultId: zId });
const ComponentParams = z.strictObject({ id: zId, resultId: zId, componentId: z.string().regex(/^[a-z0-9-]{1,64}$/) });
const QuestionnaireParams = z.strictObject({ id: zId, questionnaireId: z.coerce.number().int().min(1).max(1_000_000) });

export const Questionnaire = z.object({
  id: z.number().int(),
  category: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  questions: z.array(z.object({ id: z.string(), text: z.string(), type: z.string(), options: z.array(z.string()).optional() })),
  answers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  completedAt: z.string().nullable(),
});
export type Questionnaire = z.infer<typeof Questionnaire>;

/** The practitioner's side of sessions: list, detail, accept, reject, data request, patient data. */
export const sessionsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/portal/sessions/',
    tags,
    summary: 'Sessions of the caller, filtered by status and patient name, paged',
    query: SessionListQuery,
    responses: { 200: pageOf(SessionSummary) },
  }),
  counts: defineEndpoint({
    method: 'GET',
    path: '/api/portal/sessions/counts',
    tags,
    summary: "How many sessions the caller has in each status (of those whose patient's name matches `search`)",
    query: SessionCountsQuery,
    responses: { 200: SessionCounts },
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/portal/sessions/:id',
    tags,
    summary: 'One session with its kit, readiness and highlights',
    params: IdParams,
    responses: { 200: SessionDetail },
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/portal/sessions/:id/accept',
    tags,
    summary: 'Accept a requested session',
    params: IdParams,
    responses: { 200: SessionSummary },
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/portal/sessions/:id/reject',
    tags,
    summary: 'Reject a requested session (cannot be undone)',
    params: IdParams,
    responses: { 200: SessionSummary },
  }),
  requestData: defineEndpoint({
    method: 'POST',
    path: '/api/portal/sessions/:id/data-request',
    tags,
    summary: "Request the patient's data through their app (one per session)",
    params: IdParams,
    responses: { 201: DataRequest },
  }),
  results: defineEndpoint({
    method: 'GET',
    path: '/api/portal/sessions/:id/results',
    tags,
    summary: "The patient's genetic results",
    params: IdParams,
    responses: { 200: listOf(ResultRef) },
  }),
  /** `data` is the genetics module's JSON, an open record on the wire: the portal reads it as SwabResult. */
  result: defineEndpoint({
    method: 'GET',
    path: '/api/portal/sessions/:id/results/:resultId',
    tags,
    summary: 'One result with its components',
    params: ResultParams,
    responses: { 200: ResultRef.extend({ engineVersion: z.string(), data: z.record(z.string(), z.unknown()) }) },
  }),
  /** `component` is an open record on the wire too: the portal reads it as ResultComponent. */
  component: defineEndpoint({
    method: 'GET',
    path: '/api/portal/sessions/:id/results/:resultId/components/:componentId',
    tags,
    summary: 'One result component with its genotype table',
    params: ComponentParams,
    responses: { 200: z.object({ resultID: zId, computedAt: z.string(), synthetic: z.boolean(), component: z.record(z.string(), z.unknown()) }) },
  }),
  accessHistory: defineEndpoint({
    method: 'GET',
    path: '/api/portal/sessions/:id/access-history',
    tags,
    summary: "Who looked at or changed this patient's data through the caller's practice",
    params: IdParams,
    responses: { 200: listOf(AuditRow) },
  }),
  questionnaires: defineEndpoint({
    method: 'GET',
    path: '/api/portal/sessions/:id/questionnaires',
    tags,
    summary: "The patient's questionnaires with answers",
    params: IdParams,
    responses: { 200: listOf(Questionnaire) },
  }),
  questionnaire: defineEndpoint({
    method: 'GET',
    path: '/api/portal/sessions/:id/questionnaires/:questionnaireId',
    tags,
    summary: 'One questionnaire with answers',
    params: QuestionnaireParams,
    responses: { 200: Questionnaire },
  }),
};
