// Written by packages/contract/scripts/write-addresses.ts from src/api/patient.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { patientApi as patientApiEndpoints } from '../api/patient';

export const patientApi: AddressesOf<typeof patientApiEndpoints> = {
  practitioners: { method: 'GET', path: '/api/patient/practitioners/' },
  requestSession: { method: 'POST', path: '/api/patient/sessions/' },
  sessions: { method: 'GET', path: '/api/patient/sessions/' },
  session: { method: 'GET', path: '/api/patient/sessions/:id' },
  journal: { method: 'GET', path: '/api/patient/sessions/:id/journal' },
  accessHistory: { method: 'GET', path: '/api/patient/access-history' },
  order: { method: 'POST', path: '/api/patient/orders' },
  confirmDataRequest: { method: 'POST', path: '/api/patient/sessions/:id/data-request/confirm' },
  declineDataRequest: { method: 'POST', path: '/api/patient/sessions/:id/data-request/decline' },
};
