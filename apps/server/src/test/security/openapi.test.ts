import path from 'node:path';
import { formatProblems, lintFromString, loadConfig } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../env';
import { startServer } from '../failure-kit';
import type { Harness } from '../harness';
import { createSecurityApp } from './world';

/** The OpenAPI document and the registered routes match one to one, and the document passes the linter. */
let h: Harness;
let doc: { paths: Record<string, Record<string, unknown>> };

beforeAll(async () => {
  h = await createSecurityApp();
  doc = (await h.app.inject({ url: '/api/docs/json' })).json();
}, 120_000);
afterAll(() => h?.close());

/** @redocly/openapi-core's recommended rules (the OpenAPI 3 structure among them), as apps/server/redocly.yaml sets them. */
async function lint(document: unknown) {
  const config = await loadConfig({ configPath: path.join(REPO_ROOT, 'apps/server/redocly.yaml') });
  return lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
/** Registered but not API operations: the docs' own pages, the sign-on's HTML pages, probes. */
const UNDOCUMENTED = /^(GET|POST) \/(api\/docs|sso\/|healthz|readyz|dev\/)/;

describe('inventory', () => {
  it('every registered route is documented, and every documented operation is registered', () => {
    // A plugin's root route ('/' under a prefix) is recorded without its trailing slash and
    // documented with it: the same operation, so keys are compared without a trailing slash.
    const key = (method: string, url: string) => `${method.toUpperCase()} ${url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1')}`;
    const registered = new Set(h.app.routeTable.map((r) => key(r.method, r.url)));
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) =>
        Object.keys(ops)
          .filter((m) => METHODS.includes(m))
          .map((m) => key(m, p)),
      ),
    );
    const notDocumented = [...registered].filter((k) => !documented.has(k) && !UNDOCUMENTED.test(k));
    const notRegistered = [...documented].filter((k) => !registered.has(k));
    console.info(
      `[security:inventory] ${JSON.stringify({ registered: registered.size, documented: documented.size, notDocumented: notDocumented.length, notRegistered: notRegistered.length })}`,
    );
    expect(notDocumented).toEqual([]);
    expect(notRegistered).toEqual([]);
  });

  it('passes @redocly/openapi-core lint with the recommended rules (apps/server/redocly.yaml)', async () => {
    const problems = await lint(doc);
    const errors = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity === 'warn');
    const summary = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} @ ${p.location[0]?.pointer ?? ''}`);
    console.info(`[security:openapi-lint] ${JSON.stringify({ errors: errors.length, warnings: warnings.length })}`);
    if (problems.length)
      formatProblems(problems, { format: 'codeframe', totals: { errors: errors.length, warnings: warnings.length, ignored: 0 }, version: '' });
    expect(summary).toEqual([]);
  });
});

describe('the document the built server serves', () => {
  it('GET /api/docs/json of `node apps/server/dist/server.js` (the portal served too, as `npm start` runs it) answers a valid OpenAPI 3 document of every route', async () => {
    // On the run's PostgreSQL database when there is one (migrated already), else a PGlite folder of its own.
    const server = await startServer({ databaseUrl: inject('databaseUrl') ?? undefined, env: { SERVE_WEB: 'true', DEMO_DATA: 'false', LOG_LEVEL: 'error' } });
    try {
      const res = await fetch(`${server.baseUrl}/api/docs/json`);
      const text = await res.text();
      expect(res.status, text.slice(0, 300)).toBe(200);
      const served = JSON.parse(text) as { openapi: string; paths: Record<string, Record<string, unknown>> };
      expect(served.openapi).toMatch(/^3\./);
      const problems = await lint(served);
      expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} @ ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
      // The same operations as the in-process app's document, which the inventory above matches to the route table.
      const operations = (d: typeof doc) =>
        Object.entries(d.paths)
          .flatMap(([p, ops]) =>
            Object.keys(ops)
              .filter((m) => METHODS.includes(m))
              .map((m) => `${m} ${p}`),
          )
          .sort();
      expect(operations(served)).toEqual(operations(doc));
      // The browsable page is there too.
      expect((await fetch(`${server.baseUrl}/api/docs`)).status).toBeLessThan(400);
      console.info(`[security:openapi-served] ${JSON.stringify({ status: res.status, operations: operations(served).length, problems: problems.length })}`);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
