import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { loadEnv, REPO_ROOT } from '../../env';
import { createLogger } from '../../logger';
import type { Harness } from '../harness';
import { ID_ROUTES } from './fixtures';
import { apiRoutes, fillPath, openApi, STREAM_ROUTES } from './routes';
import { ADMIN_TOKEN, buildPractice, createSecurityApp, type Practice } from './world';

/** Security headers, Cache-Control on every API answer, no patient data in URLs, storage or logs. */
let h: Harness;
let A: Practice;
let web: Harness;
let prod: Harness;
let dist: string;

beforeAll(async () => {
  h = await createSecurityApp();
  A = await buildPractice(h, 'A');
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sec-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><!--portal-config--></head><body></body></html>');
  web = await createSecurityApp({ SERVE_WEB: 'true', WEB_DIST: dist });
  prod = await createSecurityApp({
    NODE_ENV: 'production',
    SERVE_WEB: 'true',
    WEB_DIST: dist,
  });
}, 120_000);
afterAll(async () => {
  await Promise.all([h?.close(), web?.close(), prod?.close()]);
  fs.rmSync(dist, { recursive: true, force: true });
});

const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  );

describe('headers', () => {
  it('CSP: no inline script, object-src and base-uri none, frame-ancestors none; nosniff; no referrer', async () => {
    for (const url of ['/', '/sessions/1/results', '/api/portal/me/']) {
      const res = await web.app.inject({
        url,
        headers: url.startsWith('/api') ? A.doc.auth : {},
      });
      const d = directives(String(res.headers['content-security-policy']));
      expect(d['script-src'], url).toEqual(["'self'"]);
      for (const k of ['script-src', 'script-src-elem', 'script-src-attr', 'default-src'])
        expect((d[k] ?? []).join(' '), `${url} ${k}`).not.toMatch(/unsafe|data:|blob:|\*/);
      expect(d['script-src-attr'], url).toEqual(["'none'"]);
      expect(d['object-src'], url).toEqual(["'none'"]);
      expect(d['base-uri'], url).toEqual(["'none'"]);
      expect(d['frame-ancestors'], url).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('HSTS in production (NODE_ENV=production), not in development', async () => {
    expect((await web.app.inject({ url: '/' })).headers['strict-transport-security']).toBeUndefined();
    const hsts = String((await prod.app.inject({ url: '/' })).headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(15_552_000);
    expect(hsts).toContain('includeSubDomains');
  });

  it('Cache-Control: no-store on every API answer, across the whole route table', async () => {
    const missing: string[] = [];
    let checked = 0;
    for (const r of apiRoutes(h)) {
      const f = ID_ROUTES[r.key];
      let url = r.url;
      try {
        url = fillPath(r.url, f?.params?.(A) ?? {});
      } catch {
        url = r.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      }
      // GETs on the owner's objects (the answers that carry patient data); other methods with an empty body (their 4xx).
      const headers = r.url.startsWith('/api/patient/') ? A.patient.auth : A.doc.auth;
      if (STREAM_ROUTES.has(r.key)) {
        // A stream stays open: its headers read over a real connection, then it is closed.
        const stream = await openLive(h, url, headers);
        checked += 1;
        if (!/\bno-store\b/.test(stream.cacheControl)) missing.push(`${r.key} (${stream.status}): ${stream.cacheControl}`);
        continue;
      }
      const res = await h.app.inject({
        method: r.method,
        url,
        headers,
        ...(r.method === 'GET' ? {} : { payload: {} }),
      });
      checked += 1;
      if (!/\bno-store\b/.test(String(res.headers['cache-control']))) missing.push(`${r.key} (${res.statusCode}): ${res.headers['cache-control']}`);
    }
    console.info(`[security:headers] ${JSON.stringify({ routesCheckedForNoStore: checked, missing: missing.length })}`);
    expect(missing).toEqual([]);
  });
});

/** The status and Cache-Control of a stream route, over a real connection closed once its headers are in. */
async function openLive(harness: Harness, url: string, headers: Record<string, string>) {
  if (!harness.app.server.listening) await harness.app.listen({ host: '127.0.0.1', port: 0 });
  const address = harness.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const controller = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}${url}`, { headers, signal: controller.signal });
  controller.abort();
  return { status: res.status, cacheControl: String(res.headers.get('cache-control')) };
}

describe('no patient data in URLs or browser storage', () => {
  it("no query parameter is named for a patient's personal data", async () => {
    const api = await openApi(h);
    const PERSONAL = /name|email|phone|birth|dob|genotype|address|idNumber|id_number|gender|answer|diagnos/i;
    // `search` is the practitioner's own typed filter; its value is kept out of the logs (see below).
    const NOT_PATIENT: Record<string, string> = {
      'GET /api/portal/sessions/:id/reports/rows?name': "a medicine's name (the report's quick filter)",
      'GET /api/portal/sessions/:id/reports/pdf?name': "a medicine's name (the report's quick filter)",
      'GET /api/admin/practitioners/?email': "the provider's staff looking up a practitioner, not a patient",
    };
    const found = apiRoutes(h)
      .flatMap((r) =>
        api
          .queryNames(r)
          .filter((q) => PERSONAL.test(q))
          .map((q) => `${r.key}?${q}`),
      )
      .filter((k) => !NOT_PATIENT[k]);
    expect(found).toEqual([]);
  });

  it('the web app writes nothing to localStorage or sessionStorage (read-only scan of apps/web/src)', () => {
    const root = path.join(REPO_ROOT, 'apps/web/src');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
          const text = fs.readFileSync(p, 'utf8');
          for (const m of text.matchAll(/(localStorage|sessionStorage)\s*(\.\s*setItem|\[[^\]]+\]\s*=(?!=))|indexedDB|\bpersist\s*\(|createJSONStorage/g))
            offenders.push(`${path.relative(root, p)}: ${m[0]}`);
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});

describe('no patient data in logs', () => {
  it("a patient-data read at trace level logs neither the patient's name, email nor genotype", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const url = inject('databaseUrl');
    const database = await openDatabase(url ? { url, poolSize: 2 } : { dataDir: 'memory://' });
    await database.migrate();
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'trace',
      ADMIN_TOKEN,
      SERVE_WEB: 'false',
      AI_RATE_LIMIT: '1000',
      FHIR_RATE_LIMIT: '1000',
    });
    const app = await buildApp({
      env,
      database,
      logger: createLogger(env, sink),
    });
    await app.ready();
    try {
      const logged: Harness = {
        app,
        env,
        database,
        db: database.db,
        close: async () => {},
      };
      const p = await buildPractice(logged, 'Log');
      const reads = [
        `/api/portal/sessions/${p.sessionId}`,
        `/api/portal/sessions/${p.sessionId}/results`,
        `/api/portal/sessions/${p.sessionId}/results/${p.resultId}`,
        `/api/portal/sessions/${p.sessionId}/results/${p.resultId}/components/${p.componentId}`,
        `/api/portal/sessions/${p.sessionId}/questionnaires`,
        `/api/portal/sessions/${p.sessionId}/reports`,
        `/api/portal/sessions/${p.sessionId}/journal`,
        `/api/portal/sessions/${p.sessionId}/ai/answers/${p.answerId}`,
        `/api/account/v1/users/${p.patient.user.id}`,
        `/api/portal/sessions?search=${encodeURIComponent(p.patientName)}`,
        `/api/account/v1/users/?search=${encodeURIComponent(p.patientEmail)}`,
      ];
      for (const u of reads) expect((await app.inject({ url: u, headers: p.doc.auth })).statusCode, u).toBeLessThan(500);
      // An error on the way (a body the schema refuses) logs no personal data either.
      await app.inject({
        method: 'PUT',
        url: '/api/account/me/',
        headers: p.doc.auth,
        payload: { email: p.patientEmail, firstName: p.patientName, bogus: 1 },
      });
      const text = lines.join('');
      expect(lines.length).toBeGreaterThan(20);
      const comp = (await app.inject({ url: reads[3]!, headers: p.doc.auth })).json().component as { genes?: unknown };
      const secrets = [p.patientName, p.patientEmail, p.patient.user.lastName, p.doc.tokens.accessToken, p.doc.tokens.refreshToken];
      for (const s of secrets) expect(text.includes(s), `log contains ${s.slice(0, 12)}…`).toBe(false);
      // The genotype: the raw file's genotype calls never appear (rsID followed by its call).
      expect(text).not.toMatch(/rs\d+\W+[ACGT]{2}\b/);
      expect(comp).toBeDefined();
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);
});
