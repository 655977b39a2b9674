import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../env';
import { createTestApp, type Harness } from '../test/harness';
import { ROUTE_MODULES, preloadFiles } from './web';

/** A build manifest shaped like Vite's: the entry with one import, a layout and a page sharing a chunk. */
const manifest = {
  'index.html': { file: 'assets/index-e1.js', imports: ['_shared-s1.js'], isEntry: true },
  '_shared-s1.js': { file: 'assets/shared-s1.js' },
  '_table-t1.js': { file: 'assets/table-t1.js', imports: ['_shared-s1.js', 'index.html'] },
  'src/app/layouts/app-layout.tsx': { file: 'assets/app-layout-a1.js', imports: ['index.html', '_shared-s1.js'] },
  'src/app/routes/sessions.tsx': { file: 'assets/sessions-p1.js', imports: ['_table-t1.js', 'index.html'], css: ['assets/sessions.css'] },
};

let web: Harness;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><!--portal-config--></head><body></body></html>');
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  web = await createTestApp({ SERVE_WEB: 'true', WEB_DIST: dist });
});
afterAll(async () => {
  await web?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe("each route's lazy chunks as module preloads", () => {
  it('the closure of the layout and the page, less what the entry already loads', () => {
    expect(preloadFiles(manifest, ['src/app/layouts/app-layout.tsx', 'src/app/routes/sessions.tsx'])).toEqual([
      'assets/app-layout-a1.js',
      'assets/sessions-p1.js',
      'assets/table-t1.js',
    ]);
  });

  it('index.html names them for its route, with or without a query or trailing slash; other routes get theirs or none', async () => {
    for (const url of ['/sessions', '/sessions/', '/sessions?status=1']) {
      const res = await web.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(200);
      expect(preloads(res.body), url).toEqual(['/assets/app-layout-a1.js', '/assets/sessions-p1.js', '/assets/table-t1.js']);
      expect(res.body).toContain('id="portal-config"');
    }
    const br = await web.app.inject({ url: '/sessions', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    // The journals page is not in this manifest, its layout is; an unknown address preloads nothing.
    expect(preloads((await web.app.inject({ url: '/journals', headers: { 'accept-encoding': 'identity' } })).body)).toEqual(['/assets/app-layout-a1.js']);
    expect(preloads((await web.app.inject({ url: '/no/such/page', headers: { 'accept-encoding': 'identity' } })).body)).toEqual([]);
  });

  it('the build manifest itself is not served', async () => {
    expect((await web.app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });

  it('every module the table names exists, and every lazy page and layout of the router is in it', () => {
    const named = new Set(ROUTE_MODULES.flatMap(([, modules]) => modules));
    for (const m of named) expect(fs.existsSync(path.join(REPO_ROOT, 'apps/web', m)), m).toBe(true);
    const router = fs.readFileSync(path.join(REPO_ROOT, 'apps/web/src/app/router.tsx'), 'utf8');
    const lazy = [...router.matchAll(/lazyNamed\(\(\) => import\('\.\/([^']+)'\)/g)].map((m) => `src/app/${m[1]}.tsx`);
    expect(lazy.length).toBeGreaterThan(20);
    // The not-found page has no address of its own.
    for (const m of lazy.filter((m) => !m.endsWith('/not-found.tsx'))) expect(named.has(m), m).toBe(true);
  });
});
