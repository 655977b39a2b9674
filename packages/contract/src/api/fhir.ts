import { IdParams } from '../common';
import { defineEndpoint } from '../endpoint';

/** The session's results as a FHIR R4 Bundle, downloaded as a file (decisions 012 and 027). */
export const fhirApi = {
  bundle: defineEndpoint({
    method: 'GET',
    path: '/api/portal/sessions/:id/fhir',
    tags: ['fhir'],
    params: IdParams,
    summary:
      "The session's nutrigenomic and pharmacogenomic results as a FHIR R4 Bundle (collection) in the HL7 Genomics Reporting IG STU3's profiles, the drug recommendations as therapeutic implications. Owner only, while the session is accepted and its data request confirmed; otherwise 404. A limited number of exports per practitioner a minute (FHIR_RATE_LIMIT); past it, 429 with Retry-After.",
    reply: 'file',
    media: ['application/fhir+json'],
  }),
};
