import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode, isBookingTimeAllowed, patientApi } from '@portal/contract';
import { placeOrder } from '../discount-codes/service';
import { patientJournal } from '../journals/service';
import { AppError, notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { caller } from '../../plugins/auth';
import * as sessions from '../sessions/service';

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

  route(app, patientApi.practitioners, { config }, async (req) => ({ results: await sessions.listedPractitioners(ctx, req.query.search) }));

  route(app, patientApi.requestSession, { config }, async (req, reply) => {
    const bookingTime = new Date(req.body.bookingTime);
    if (!isBookingTimeAllowed(bookingTime))
      throw new AppError(400, ErrorCode.BOOKING_DATE_OUT_OF_RANGE, undefined, {
        fieldErrors: { bookingTime: ['Min date is 1 day from now, max date is 7 days from now'] },
      });
    const session = await sessions.requestSession(ctx, caller(req).userId, req.body.practitionerId, bookingTime);
    return reply.status(201).send(toPatientSession(session, null));
  });

  route(app, patientApi.sessions, { config }, async (req) => ({
    results: (await sessions.patientSessions(ctx, caller(req).userId)).map((r) => toPatientSession(r.session, r.dataRequest)),
  }));

  route(app, patientApi.session, { config }, async (req) => {
    const [r] = await sessions.patientSessions(ctx, caller(req).userId, req.params.id);
    if (!r) throw notFound();
    return toPatientSession(r.session, r.dataRequest);
  });

  route(app, patientApi.journal, { config }, async (req) => {
    const s = await sessions.patientSession(ctx, caller(req).userId, req.params.id);
    return patientJournal(ctx, s.id);
  });

  route(app, patientApi.accessHistory, { config }, async (req) => {
    return sessions.patientAccessHistory(ctx, caller(req).userId);
  });

  route(app, patientApi.order, { config }, async (req, reply) => reply.status(201).send(await placeOrder(ctx, caller(req).userId, req.body, req.ip)));

  for (const [action, status, endpoint] of [
    ['confirm', 'confirmed', patientApi.confirmDataRequest],
    ['decline', 'declined', patientApi.declineDataRequest],
  ] as const) {
    route(app, endpoint, { config }, async (req) => {
      return ctx.audit.around(req, { action, category: 'data request', sessionId: req.params.id }, () =>
        sessions.answerDataRequest(ctx, caller(req).userId, req.params.id, status),
      );
    });
  }
};
