/**
 * The addresses of the endpoints the portal's entry bundle reaches (the token refresh in the API
 * client, the legal PDFs' links), kept apart from their schemas: importing an endpoint builds its zod
 * schemas, which would add about 23 KiB gzip to the first load. Each endpoint spreads its address,
 * so the path is still written once.
 */
export const ENTRY_ADDRESSES = {
  refreshToken: { method: 'POST', path: '/api/account/refresh-token' },
  legalDocument: { method: 'GET', path: '/api/legal/:file', reply: 'file' },
} as const;
