import path from 'node:path';
import { formatProblems, lintFromString, loadConfig } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../env';
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
    const config = await loadConfig({ configPath: path.join(REPO_ROOT, 'apps/server/redocly.yaml') });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity === 'warn');
    const summary = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} @ ${p.location[0]?.pointer ?? ''}`);
    console.info(`[security:openapi-lint] ${JSON.stringify({ errors: errors.length, warnings: warnings.length })}`);
    if (problems.length)
      formatProblems(problems, { format: 'codeframe', totals: { errors: errors.length, warnings: warnings.length, ignored: 0 }, version: '' });
    expect(summary).toEqual([]);
  });
});
