import { IdParams } from '../common';
import { defineEndpoint } from '../endpoint';

/** The session's results as a FHIR R4 Bundle, downloaded as a file (decision 012). */
export const fhirApi = {
  bundle: defineEndpoint({
    method: 'GET',
    path: '/api/portal/sessions/:id/fhir',
    tags: ['fhir'],
    params: IdParams,
    summary:
      "The session's nutrigenomic and pharmacogenomic results as a FHIR R4 Bundle (collection). Owner only, while the session is accepted and its data request confirmed; otherwise 404.",
    reply: 'file',
    media: ['application/fhir+json'],
  }),
};
