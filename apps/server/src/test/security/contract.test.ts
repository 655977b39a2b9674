import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Endpoint } from '@portal/contract';
import type { Harness } from '../harness';
import { createSecurityApp } from './world';

/**
 * Decision 018: every route the app registers is an endpoint of the contract, and every endpoint the
 * contract describes is registered. PENDING names the routes of the modules not yet moved onto the
 * contract: it only shrinks, so a new route that bypasses the contract fails here.
 */
const PENDING = new Set([
  'POST /api/account/me/profile-image',
  'GET /api/account/profile-images/:id',
  'GET /api/portal/categories',
  'GET /api/portal/categories/:id',
  'GET /api/portal/languages',
  'GET /api/portal/me',
  'POST /api/portal/me',
  'PUT /api/portal/me',
  'GET /api/portal/me/addresses',
  'POST /api/portal/me/addresses',
  'PUT /api/portal/me/addresses/:id',
  'PATCH /api/portal/me/addresses/:id/primary',
  'GET /api/portal/me/availability',
  'POST /api/portal/me/availability',
  'DELETE /api/portal/me/availability/:id',
  'PUT /api/portal/me/availability/:id',
  'POST /api/portal/me/languages',
  'DELETE /api/portal/me/languages/:id',
  'GET /api/portal/me/onboarding-draft',
  'PUT /api/portal/me/onboarding-draft',
  'GET /api/portal/me/paymentDetails',
  'POST /api/portal/me/paymentDetails',
  'DELETE /api/portal/me/paymentDetails/:id',
  'PUT /api/portal/me/paymentDetails/:id',
  'PATCH /api/portal/me/paymentDetails/:id/default',
  'POST /api/portal/me/specializations',
  'DELETE /api/portal/me/specializations/:id',
  'GET /api/portal/me/tos',
  'PUT /api/portal/me/tos',
  'GET /api/portal/specializations',
  'GET /sso/.well-known/jwks.json',
  'POST /sso/api/patients',
  'POST /sso/api/token',
  'GET /sso/sign-in',
  'POST /sso/sign-in',
  'GET /sso/sign-out',
  'POST /sso/sign-out',
  'GET /sso/sign-up',
  'POST /sso/sign-up',
  'GET /sso/static/sso.css',
]);
/** @fastify/swagger-ui's own pages and files: the document of the API, not an endpoint of it. */
const DOCS = /^GET \/api\/docs(\/|$)/;

// A plugin's root route is recorded without the trailing slash it is documented with: compared without it.
const key = (method: string, url: string) => `${method} ${url.replace(/(.)\/$/, '$1')}`;

let h: Harness;
beforeAll(async () => {
  h = await createSecurityApp();
}, 120_000);
afterAll(() => h?.close());

describe('the contract owns every endpoint', () => {
  const described = Object.values(API).flatMap((module) => Object.values(module) as Endpoint[]);

  it('every registered route is an endpoint of the contract or still pending', () => {
    const contract = new Set(described.map((e) => key(e.method, e.path)));
    const outside = h.app.routeTable.map((r) => key(r.method, r.url)).filter((k) => !contract.has(k) && !PENDING.has(k) && !DOCS.test(k));
    expect(outside).toEqual([]);
  });

  it('every endpoint of the contract is registered, once, and none is still listed as pending', () => {
    const registered = h.app.routeTable.map((r) => key(r.method, r.url));
    const keys = described.map((e) => key(e.method, e.path));
    expect(keys.filter((k) => !registered.includes(k))).toEqual([]);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    expect(keys.filter((k) => PENDING.has(k))).toEqual([]);
    // A pending route that went away is struck from the list too.
    expect([...PENDING].filter((k) => !registered.includes(k))).toEqual([]);
  });
});
