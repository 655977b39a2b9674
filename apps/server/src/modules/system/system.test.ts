import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type Harness } from '../../test/harness';

let h: Harness;
let web: Harness;
let dist: string;

beforeAll(async () => {
  h = await createTestApp();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><!--portal-config--></head><body></body></html>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), 'brotli-bytes');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  web = await createTestApp({ SERVE_WEB: 'true', WEB_DIST: dist });
});
afterAll(async () => {
  await h.close();
  await web.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('health', () => {
  it('/healthz and /readyz', async () => {
    expect((await h.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await h.app.inject({ url: '/readyz' })).json()).toMatchObject({ status: 'ready' });
  });

  it('/readyz answers 503 while the process drains before stopping (SIGTERM, SHUTDOWN_DRAIN_MS), other routes still answer', async () => {
    h.app.ctx.lifecycle.draining = true;
    try {
      const ready = await h.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toMatchObject({ status: 'draining' });
      const health = await h.app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(200);
      // Every answer closes its connection meanwhile, so a proxy does not reuse it.
      expect(health.headers.connection).toBe('close');
    } finally {
      h.app.ctx.lifecycle.draining = false;
    }
    const ready = await h.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers.connection).not.toBe('close');
  });
});

describe('errors', () => {
  it('an unknown API path is a 404 in the error shape', async () => {
    const res = await h.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { message: 'The requested resource was not found', params: null, fieldErrors: null, code: '400404', cause: null } });
  });

  it('malformed JSON and an oversized body are 400-class errors without internals', async () => {
    const { auth } = await createUser(h);
    const bad = await h.app.inject({
      method: 'PUT',
      url: '/api/account/me/',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('400400');
    const big = await h.app.inject({
      method: 'PUT',
      url: '/api/account/me/',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'x'.repeat(2_000_000) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toMatchObject({ code: '400400', message: 'Bad request' });
  });

  it('every request carries a request id', async () => {
    const res = await h.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-12345678' } });
    expect(res.headers['x-request-id']).toBe('abc-12345678');
  });
});

describe('access', () => {
  const PUBLIC = new Set([
    'POST /api/account/refresh-token',
    'POST /api/account/logout',
    'GET /api/account/tos',
    'GET /api/legal/:file',
    'GET /api/legal/:slug/:file',
    // Addressed by a random id: a profile picture (an <img> sends no token) and a certificate's verification.
    'GET /api/account/profile-images/:id',
    'GET /api/portal/course/certificates/:id',
    // A calendar feed: calendar apps send no token; the unguessable one in the address is the key (decision 012).
    'GET /api/calendar/:file',
  ]);

  it('every API route except the public ones needs a bearer token', async () => {
    const routes = h.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    expect(routes.length).toBeGreaterThan(15);
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      const url = r.url.replace(/:(\w+)/g, (_m, name) => (name === 'id' ? '00000000-0000-4000-8000-000000000000' : 'x'));
      const res = await h.app.inject({ method: r.method as 'GET', url, payload: r.method === 'GET' || r.method === 'HEAD' ? undefined : {} });
      if (PUBLIC.has(key)) {
        expect(res.statusCode, key).not.toBe(401);
      } else {
        expect(res.statusCode, key).toBe(401);
        expect(res.json().error.code, key).toBe('400401');
      }
    }
  });

  it('refuses forged, expired and malformed tokens', async () => {
    const { tokens } = await createUser(h);
    const [head, body] = tokens.accessToken.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${body}.`;
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), scope: 'practitioner', sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${tokens.accessToken.split('.')[2]}`;
    for (const authorization of [`Bearer ${none}`, `Bearer ${tampered}`, 'Bearer abc', `Basic ${tokens.accessToken}`, tokens.accessToken, '']) {
      expect((await h.app.inject({ url: '/api/account/me/', headers: { authorization } })).statusCode, authorization.slice(0, 20)).toBe(401);
    }
  });
});

describe('portal files', () => {
  it('serves index.html with the run-time config as a JSON data block, uncached', async () => {
    const res = await web.app.inject({ url: '/sessions/123/results', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const json = /<script id="portal-config" type="application\/json">(.*?)<\/script>/.exec(res.body)![1]!;
    expect(JSON.parse(json)).toMatchObject({ apiBase: 'http://localhost:3000/api', ssoUrl: 'http://localhost:3000/sso', cookieName: 'portal_auth_local' });
    const br = await web.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('hashed assets are immutable and pre-compressed; a missing asset is a 404, not HTML', async () => {
    const res = await web.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    const missing = await web.app.inject({ url: '/assets/missing-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toContain('text/html');
    expect((await web.app.inject({ url: '/favicon.svg' })).statusCode).toBe(200);
  });

  it('no SPA fallback for /api, /sso or non-GET', async () => {
    expect((await web.app.inject({ url: '/api/unknown' })).headers['content-type']).toContain('application/json');
    expect((await web.app.inject({ url: '/sso/unknown' })).statusCode).toBe(404);
    expect((await web.app.inject({ method: 'POST', url: '/sessions' })).statusCode).toBe(404);
  });

  it('sends a strict content security policy and the other security headers', async () => {
    const res = await web.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('publishes the OpenAPI document', async () => {
    const res = await h.app.inject({ url: '/api/docs/json' });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/account/me/');
    expect(doc.paths['/api/account/me/'].put.requestBody).toBeDefined();
  });
});
