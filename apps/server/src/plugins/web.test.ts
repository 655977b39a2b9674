import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../env';
import { createTestApp, type Harness } from '../test/harness';
import { ROUTE_MODULES, preloadFiles, withVisitorHome } from './web';

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
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head><!--portal-config--></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  // A prerenderer shaped like apps/web/src/app/prerender.tsx's build: markup made from the configuration it is given.
  fs.mkdirSync(path.join(dist, '.ssr'));
  fs.writeFileSync(
    path.join(dist, '.ssr', 'prerender.js'),
    'export async function renderVisitorHome(config) { return `<h1>Welcome</h1><a href="${config.ssoUrl}/sign-in">Sign in</a>`; }\n',
  );
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

  const signedIn = () => `${web.env.cookieName}=${encodeURIComponent(JSON.stringify({ accessToken: 'a', refreshToken: 'r' }))}`;
  const page = (url: string, cookie?: string, encoding = 'identity') =>
    web.app.inject({ url, headers: { 'accept-encoding': encoding, ...(cookie ? { cookie } : {}) } });

  it('index.html names them for its route, with or without a query or trailing slash; other routes get theirs or none', async () => {
    for (const url of ['/sessions', '/sessions/', '/sessions?status=1']) {
      const res = await page(url, signedIn());
      expect(res.statusCode, url).toBe(200);
      expect(preloads(res.body), url).toEqual(['/assets/app-layout-a1.js', '/assets/sessions-p1.js', '/assets/table-t1.js']);
      expect(res.body).toContain('id="portal-config"');
    }
    const br = await page('/sessions', signedIn(), 'br');
    expect(br.headers['content-encoding']).toBe('br');
    // The journals page is not in this manifest, its layout is; an unknown address preloads nothing.
    expect(preloads((await page('/journals', signedIn())).body)).toEqual(['/assets/app-layout-a1.js']);
    expect(preloads((await page('/no/such/page')).body)).toEqual([]);
  });

  it('a signed-in page without the sign-on cookie preloads only the layout that sends the visitor to sign in', async () => {
    const res = await page('/sessions');
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual(['/assets/app-layout-a1.js']);
    expect(res.body).toContain('id="portal-config"');
    // The answer depends on the cookie: no cache may hand a visitor's to a practitioner.
    expect(res.headers.vary).toBe('accept-encoding, cookie');
    expect((await page('/sessions', signedIn())).headers.vary).toBe('accept-encoding, cookie');
    // Another cookie is not the sign-on cookie; public pages do not depend on it.
    expect(preloads((await page('/sessions', 'theme=dark')).body)).toEqual(['/assets/app-layout-a1.js']);
    expect((await page('/no/such/page')).headers.vary).toBe('accept-encoding');
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

describe('the prerendered home for a signed-out visitor', () => {
  const get = (url: string, cookie?: string) => web.app.inject({ url, headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } });
  const root = (html: string) => /<div id="root">(.*?)<\/div><\/body>/s.exec(html)?.[1];

  it('/ without the sign-on cookie carries the markup, rendered with the run-time configuration, and the light colour scheme', async () => {
    for (const url of ['/', '/?from=mail']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(root(res.body), url).toBe(`<h1>Welcome</h1><a href="${web.env.ssoUrl}/sign-in">Sign in</a>`);
      expect(res.body).toContain('<html lang="en" data-mantine-color-scheme="light">');
      expect(res.body).toContain('id="portal-config"');
      // The answer depends on the cookie: no cache may hand one visitor's to another.
      expect(res.headers.vary).toBe('accept-encoding, cookie');
    }
    const br = await web.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>Welcome</h1>');
  });

  it('/ with the sign-on cookie is the plain page (the home sends a practitioner on), and no other address gets the markup', async () => {
    const signedIn = await get('/', `${web.env.cookieName}=${encodeURIComponent(JSON.stringify({ accessToken: 'a', refreshToken: 'r' }))}`);
    expect(root(signedIn.body)).toBe('');
    expect(signedIn.body).not.toContain('data-mantine-color-scheme');
    // Another cookie is not the sign-on cookie.
    expect(root((await get('/', 'other=1')).body)).toContain('<h1>Welcome</h1>');
    for (const url of ['/sessions', '/privacy-policy', '/no/such/page']) expect(root((await get(url)).body), url).toBe('');
  });

  it('the prerenderer itself is not served', async () => {
    expect((await web.app.inject({ url: '/.ssr/prerender.js' })).statusCode).toBe(404);
  });

  it("with the build's rules for that markup, they go inline and the whole stylesheet stops blocking the first paint", () => {
    const html = '<html lang="en"><head><link rel="stylesheet" crossorigin href="/assets/index-1.css">\n  </head><body><div id="root"></div></body></html>';
    const page = withVisitorHome(html, '<h1>Welcome</h1>', 'h1{margin:0}</style><p>');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css" media="print" data-deferred-stylesheet>');
    expect(page).toContain('<style>h1{margin:0}<\\/style><p></style>\n  </head>');
    expect(page.indexOf('<style>')).toBeGreaterThan(page.indexOf('index-1.css'));
    expect(() => withVisitorHome('<html><head></head><body><div id="root"></div></body></html>', '<p>x</p>', 'p{}')).toThrow(/stylesheet/);
  });

  it('the markup goes into the empty root element only', () => {
    expect(withVisitorHome('<html lang="en"><body><div id="root"></div></body></html>', '<p>$& $1</p>')).toBe(
      '<html lang="en" data-mantine-color-scheme="light"><body><div id="root"><p>$& $1</p></div></body></html>',
    );
    expect(() => withVisitorHome('<html><body><div id="app"></div></body></html>', '<p>x</p>')).toThrow(/root/);
  });
});

describe('without a working prerenderer', () => {
  it('/ is served as any address is, for visitors too', async () => {
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    fs.writeFileSync(path.join(broken, 'index.html'), '<!doctype html><html><head><!--portal-config--></head><body><div id="root"></div></body></html>');
    fs.mkdirSync(path.join(broken, '.ssr'));
    fs.writeFileSync(path.join(broken, '.ssr', 'prerender.js'), 'export async function renderVisitorHome() { throw new Error("no"); }\n');
    const app = await createTestApp({ SERVE_WEB: 'true', WEB_DIST: broken });
    try {
      const res = await app.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.headers.vary).toBe('accept-encoding');
    } finally {
      await app.close();
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });
});
