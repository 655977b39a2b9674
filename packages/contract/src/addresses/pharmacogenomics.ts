// Written by packages/contract/scripts/write-addresses.ts from src/api/pharmacogenomics.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { pgxAdminApi as pgxAdminApiEndpoints, pgxApi as pgxApiEndpoints } from '../api/pharmacogenomics';

export const pgxAdminApi: AddressesOf<typeof pgxAdminApiEndpoints> = {
  importCalls: { method: 'POST', path: '/api/admin/pgx/calls' },
  knowledgeBases: { method: 'GET', path: '/api/admin/pgx/knowledge-bases' },
  loadKnowledgeBase: { method: 'POST', path: '/api/admin/pgx/knowledge-bases' },
  brandNames: { method: 'POST', path: '/api/admin/pgx/brand-names' },
};

export const pgxApi: AddressesOf<typeof pgxApiEndpoints> = {
  summary: { method: 'GET', path: '/api/portal/sessions/:id/reports' },
  reading: { method: 'GET', path: '/api/portal/sessions/:id/reports/reading' },
  rows: { method: 'GET', path: '/api/portal/sessions/:id/reports/rows' },
  diseases: { method: 'GET', path: '/api/portal/sessions/:id/reports/diseases' },
  pdf: { method: 'GET', path: '/api/portal/sessions/:id/reports/pdf', reply: 'file' },
  update: { method: 'POST', path: '/api/portal/sessions/:id/reports/update' },
  flaggedSessions: { method: 'GET', path: '/api/portal/pgx/flagged-sessions' },
};
