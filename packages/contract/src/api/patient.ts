import { z } from 'zod';
import { IdParams, listOf, zId } from '../common';
import { Order, OrderBody } from '../commerce';
import { defineEndpoint } from '../endpoint';
import { SessionJournal } from '../journals';
import { AuditRow, DataRequest, ListedPractitioner, RequestSessionBody } from '../sessions';

const tags = ['patient'];

const PatientSession = z.object({
  id: zId,
  status: z.number().int(),
  bookingTime: z.string(),
  createdAt: z.string(),
  practitionerID: zId,
  dataRequest: DataRequest.nullable(),
});

const answerDataRequest = (action: 'confirm' | 'decline') =>
  defineEndpoint({
    method: 'POST',
    path: `/api/patient/sessions/:id/data-request/${action}`,
    tags,
    summary: `${action === 'confirm' ? 'Confirm' : 'Decline'} the practitioner's data request`,
    params: IdParams,
    responses: { 200: DataRequest },
  });

/** What the provider's mobile app calls for a patient (token scope 'patient'). */
export const patientApi = {
  practitioners: defineEndpoint({
    method: 'GET',
    path: '/api/patient/practitioners/',
    tags,
    summary: 'Practitioners listed for patients',
    query: z.strictObject({ search: z.string().trim().max(100).optional() }),
    responses: { 200: listOf(ListedPractitioner) },
  }),
  requestSession: defineEndpoint({
    method: 'POST',
    path: '/api/patient/sessions/',
    tags,
    summary: 'Request a session with a listed practitioner, 1 to 7 days from now',
    body: RequestSessionBody,
    responses: { 201: PatientSession },
  }),
  sessions: defineEndpoint({
    method: 'GET',
    path: '/api/patient/sessions/',
    tags,
    summary: "The patient's sessions",
    responses: { 200: listOf(PatientSession) },
  }),
  session: defineEndpoint({
    method: 'GET',
    path: '/api/patient/sessions/:id',
    tags,
    summary: 'One of the patient’s sessions',
    params: IdParams,
    responses: { 200: PatientSession },
  }),
  journal: defineEndpoint({
    method: 'GET',
    path: '/api/patient/sessions/:id/journal',
    tags,
    summary: 'The journal notes the practitioner submitted for this session',
    params: IdParams,
    responses: { 200: SessionJournal },
  }),
  accessHistory: defineEndpoint({
    method: 'GET',
    path: '/api/patient/access-history',
    tags,
    summary: 'Who looked at or changed my data (POPIA s23)',
    responses: { 200: listOf(AuditRow) },
  }),
  order: defineEndpoint({
    method: 'POST',
    path: '/api/patient/orders',
    tags,
    summary:
      'Order a kit or a consultation from an accepted practice, with an optional discount code of that practice (prices from KIT_PRICE_CENTS, CONSULTATION_PRICE_CENTS)',
    body: OrderBody,
    responses: { 201: Order },
  }),
  confirmDataRequest: answerDataRequest('confirm'),
  declineDataRequest: answerDataRequest('decline'),
};
