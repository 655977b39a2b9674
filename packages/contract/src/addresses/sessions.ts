// Written by packages/contract/scripts/write-addresses.ts from src/api/sessions.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { sessionsApi as sessionsApiEndpoints } from '../api/sessions';

export const sessionsApi: AddressesOf<typeof sessionsApiEndpoints> = {
  list: { method: 'GET', path: '/api/portal/sessions/' },
  counts: { method: 'GET', path: '/api/portal/sessions/counts' },
  detail: { method: 'GET', path: '/api/portal/sessions/:id' },
  accept: { method: 'POST', path: '/api/portal/sessions/:id/accept' },
  reject: { method: 'POST', path: '/api/portal/sessions/:id/reject' },
  requestData: { method: 'POST', path: '/api/portal/sessions/:id/data-request' },
  results: { method: 'GET', path: '/api/portal/sessions/:id/results' },
  result: { method: 'GET', path: '/api/portal/sessions/:id/results/:resultId' },
  component: { method: 'GET', path: '/api/portal/sessions/:id/results/:resultId/components/:componentId' },
  accessHistory: { method: 'GET', path: '/api/portal/sessions/:id/access-history' },
  questionnaires: { method: 'GET', path: '/api/portal/sessions/:id/questionnaires' },
  questionnaire: { method: 'GET', path: '/api/portal/sessions/:id/questionnaires/:questionnaireId' },
};
