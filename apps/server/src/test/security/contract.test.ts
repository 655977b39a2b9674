import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Endpoint } from '@portal/contract';
import type { Harness } from '../harness';
import { createSecurityApp } from './world';

/*
 * Decision 018: every route the app registers is an endpoint of the contract, and every endpoint the
 * contract describes is registered, so a route that bypasses the contract fails here.
 */

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

  it('every registered route is an endpoint of the contract', () => {
    const contract = new Set(described.map((e) => key(e.method, e.path)));
    const outside = h.app.routeTable.map((r) => key(r.method, r.url)).filter((k) => !contract.has(k) && !DOCS.test(k));
    expect(outside).toEqual([]);
  });

  it('every endpoint of the contract is registered, once', () => {
    const registered = h.app.routeTable.map((r) => key(r.method, r.url));
    const keys = described.map((e) => key(e.method, e.path));
    expect(keys.filter((k) => !registered.includes(k))).toEqual([]);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});
