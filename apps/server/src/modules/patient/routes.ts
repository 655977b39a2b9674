import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DataRequest,
  ErrorCode,
  IdParams,
  ListedPractitioner,
  Order,
  OrderBody,
  RequestSessionBody,
  SessionJournal,
  isBookingTimeAllowed,
  zId,
} from '@portal/contract';
import { placeOrder } from '../discount-codes/service';
import { patientJournal } from '../journals/service';
import { AppError, notFound } from '../../lib/errors';
import { caller } from '../../plugins/auth';
import * as repo from '../sessions/repository';
import { AuditRow } from '../sessions/routes';
import { patientAccessHistory, toDataRequest } from '../sessions/service';

const tags = ['patient'];
const PatientSession = z.object({
  id: zId,
  status: z.number().int(),
  bookingTime: z.string(),
  createdAt: z.string(),
  practitionerID: zId,
  dataRequest: DataRequest.nullable(),
});

/** What the provider's mobile app calls for a patient (token scope 'patient'). */
export const patientRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx.database;
  const config = { auth: ['patient' as const] };

  const toPatientSession = (s: repo.SessionRow, dr: Parameters<typeof toDataRequest>[0] | null) => ({
    id: s.id,
    status: s.status,
    bookingTime: s.bookingTime.toISOString(),
    createdAt: s.createdAt.toISOString(),
    practitionerID: s.practitionerId,
    dataRequest: dr ? toDataRequest(dr) : null,
  });

  app.get(
    '/practitioners/',
    {
      config,
      schema: {
        tags,
        summary: 'Practitioners listed for patients',
        querystring: z.strictObject({ search: z.string().trim().max(100).optional() }),
        response: { 200: z.object({ results: z.array(ListedPractitioner) }) },
      },
    },
    async (req) => ({ results: await repo.listedPractitioners(db, { search: req.query.search }) }),
  );

  app.post(
    '/sessions/',
    {
      config,
      schema: {
        tags,
        summary: 'Request a session with a listed practitioner, 1 to 7 days from now',
        body: RequestSessionBody,
        response: { 201: PatientSession },
      },
    },
    async (req, reply) => {
      const bookingTime = new Date(req.body.bookingTime);
      if (!isBookingTimeAllowed(bookingTime))
        throw new AppError(400, ErrorCode.BOOKING_DATE_OUT_OF_RANGE, undefined, {
          fieldErrors: { bookingTime: ['Min date is 1 day from now, max date is 7 days from now'] },
        });
      const practitioner = await repo.findListedPractitioner(db, req.body.practitionerId);
      if (!practitioner) throw notFound();
      const session = await repo.insertSession(db, { patientId: caller(req).userId, practitionerId: practitioner.id, bookingTime });
      return reply.status(201).send(toPatientSession(session, null));
    },
  );

  app.get(
    '/sessions/',
    {
      config,
      schema: { tags, summary: "The patient's sessions", response: { 200: z.object({ results: z.array(PatientSession) }) } },
    },
    async (req) => ({ results: (await repo.sessionsOfPatient(db, caller(req).userId)).map((r) => toPatientSession(r.session, r.dataRequest)) }),
  );

  app.get(
    '/sessions/:id',
    {
      config,
      schema: { tags, summary: 'One of the patient’s sessions', params: IdParams, response: { 200: PatientSession } },
    },
    async (req) => {
      const [r] = await repo.sessionsOfPatient(db, caller(req).userId, req.params.id);
      if (!r) throw notFound();
      return toPatientSession(r.session, r.dataRequest);
    },
  );

  app.get(
    '/sessions/:id/journal',
    {
      config,
      schema: { tags, summary: 'The journal notes the practitioner submitted for this session', params: IdParams, response: { 200: SessionJournal } },
    },
    async (req) => {
      const s = await repo.findForPatient(db, caller(req).userId, req.params.id);
      if (!s) throw notFound();
      return patientJournal(ctx, s.id);
    },
  );

  app.get(
    '/access-history',
    {
      config,
      schema: { tags, summary: 'Who looked at or changed my data (POPIA s23)', response: { 200: z.object({ results: z.array(AuditRow) }) } },
    },
    async (req) => {
      return patientAccessHistory(ctx, caller(req).userId);
    },
  );

  app.post(
    '/orders',
    {
      config,
      schema: {
        tags,
        body: OrderBody,
        response: { 201: Order },
        summary:
          'Order a kit or a consultation from an accepted practice, with an optional discount code of that practice (prices from KIT_PRICE_CENTS, CONSULTATION_PRICE_CENTS)',
      },
    },
    async (req, reply) => reply.status(201).send(await placeOrder(ctx, caller(req).userId, req.body, req.ip)),
  );

  for (const [action, status] of [
    ['confirm', 'confirmed'],
    ['decline', 'declined'],
  ] as const) {
    app.post(
      `/sessions/:id/data-request/${action}`,
      {
        config,
        schema: {
          tags,
          summary: `${action === 'confirm' ? 'Confirm' : 'Decline'} the practitioner's data request`,
          params: IdParams,
          response: { 200: DataRequest },
        },
      },
      async (req) => {
        return ctx.audit.around(req, { action, category: 'data request', sessionId: req.params.id }, async () => {
          const s = await repo.findForPatient(db, caller(req).userId, req.params.id);
          if (!s || !(await repo.findDataRequest(db, s.id))) throw notFound();
          const answered = await repo.answerDataRequest(db, s.id, status);
          if (!answered) throw new AppError(400, ErrorCode.BAD_STATUS_TRANSITION);
          return toDataRequest(answered);
        });
      },
    );
  }
};
