import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuditRow,
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
import * as sessions from '../sessions/service';

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
  const config = { auth: ['patient' as const] };

  const toPatientSession = (s: sessions.SessionRow, dr: Parameters<typeof sessions.toDataRequest>[0] | null) => ({
    id: s.id,
    status: s.status,
    bookingTime: s.bookingTime.toISOString(),
    createdAt: s.createdAt.toISOString(),
    practitionerID: s.practitionerId,
    dataRequest: dr ? sessions.toDataRequest(dr) : null,
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
    async (req) => ({ results: await sessions.listedPractitioners(ctx, req.query.search) }),
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
      const session = await sessions.requestSession(ctx, caller(req).userId, req.body.practitionerId, bookingTime);
      return reply.status(201).send(toPatientSession(session, null));
    },
  );

  app.get(
    '/sessions/',
    {
      config,
      schema: { tags, summary: "The patient's sessions", response: { 200: z.object({ results: z.array(PatientSession) }) } },
    },
    async (req) => ({ results: (await sessions.patientSessions(ctx, caller(req).userId)).map((r) => toPatientSession(r.session, r.dataRequest)) }),
  );

  app.get(
    '/sessions/:id',
    {
      config,
      schema: { tags, summary: 'One of the patient’s sessions', params: IdParams, response: { 200: PatientSession } },
    },
    async (req) => {
      const [r] = await sessions.patientSessions(ctx, caller(req).userId, req.params.id);
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
      const s = await sessions.patientSession(ctx, caller(req).userId, req.params.id);
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
      return sessions.patientAccessHistory(ctx, caller(req).userId);
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
        return ctx.audit.around(req, { action, category: 'data request', sessionId: req.params.id }, () =>
          sessions.answerDataRequest(ctx, caller(req).userId, req.params.id, status),
        );
      },
    );
  }
};
