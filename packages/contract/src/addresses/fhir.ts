// Written by packages/contract/scripts/write-addresses.ts from src/api/fhir.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { fhirApi as fhirApiEndpoints } from '../api/fhir';

export const fhirApi: AddressesOf<typeof fhirApiEndpoints> = {
  bundle: { method: 'GET', path: '/api/portal/sessions/:id/fhir', reply: 'file' },
};
