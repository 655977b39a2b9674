import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../env';

/** What the portal reads at run time, so one build serves every environment. */
export function portalConfig(env: Env) {
  return {
    appEnv: env.APP_ENV,
    apiBase: env.apiBase,
    ssoUrl: env.ssoUrl,
    portalUrl: env.portalUrl,
    cookieName: env.cookieName,
    cookieDomain: env.production ? (env.COOKIE_DOMAIN ?? null) : null,
    defaultLocale: env.DEFAULT_LOCALE,
    currency: env.CURRENCY,
    contactUrl: env.CONTACT_URL,
    mapsEnabled: Boolean(env.MAPS_KEY),
  };
}

interface IndexVariant {
  body: Buffer;
  encoding?: 'br' | 'gzip';
}

const L = 'src/app/layouts/';
const R = 'src/app/routes/';
const PUBLIC = [`${L}public-layout.tsx`];
const PROTECTED = [`${L}app-layout.tsx`];
const SESSION = [...PROTECTED, `${L}session-layout.tsx`];
/**
 * The lazy modules each address of the portal renders, outermost first, as apps/web/src/app/router.tsx
 * nests them (paths from apps/web/src/config/paths.ts; a trailing slash matches too). The router loads
 * them one after the other (layout, then the layout inside it, then the page), each only once the one
 * before has run: named in the HTML as module preloads, they download beside the entry instead. A page
 * missing here only loses that head start.
 */
export const ROUTE_MODULES: Array<[RegExp, string[]]> = [
  [/^\/$/, [...PUBLIC, `${R}home.tsx`]],
  [/^\/(privacy-policy|terms-and-conditions|portal-terms-and-conditions)\/?$/, [...PUBLIC, `${R}legal.tsx`]],
  [/^\/attributions\/?$/, [...PUBLIC, `${R}attributions.tsx`]],
  [/^\/onboarding\/?$/, [...PROTECTED, `${R}onboarding.tsx`]],
  [/^\/sessions\/?$/, [...PROTECTED, `${R}sessions.tsx`]],
  [/^\/sessions\/[^/]+\/?$/, [...SESSION, `${R}session.tsx`]],
  [/^\/sessions\/[^/]+\/results\/?$/, [...SESSION, `${R}session-results.tsx`]],
  [/^\/sessions\/[^/]+\/(results\/[^/]+|result\/[^/]+\/components\/[^/]+)\/?$/, [...SESSION, `${R}session-result.tsx`]],
  [/^\/sessions\/[^/]+\/(questionnaires(\/[^/]+)?|questionnarie\/[^/]+)\/?$/, [...SESSION, `${R}session-questionnaires.tsx`]],
  [/^\/sessions\/[^/]+\/notes\/?$/, [...SESSION, `${R}session-notes.tsx`]],
  [/^\/sessions\/[^/]+\/reports\/?$/, [...SESSION, `${R}session-reports.tsx`]],
  [/^\/sessions\/[^/]+\/ask-ai\/?$/, [...SESSION, `${R}session-ask-ai.tsx`]],
  [/^\/journals\/?$/, [...PROTECTED, `${R}journals.tsx`]],
  [/^\/journals\/[^/]+\/?$/, [...PROTECTED, `${R}journal.tsx`]],
  [/^\/courses?\/?$/, [...PROTECTED, `${R}course.tsx`]],
  [/^\/kits\/?$/, [...PROTECTED, `${R}kits.tsx`]],
  [/^\/settings\/?$/, [...PROTECTED, `${R}settings.tsx`]],
  [/^\/summary\/?$/, [...PROTECTED, `${R}summary.tsx`]],
  [/^\/summary\/transactions\/?$/, [...PROTECTED, `${R}transactions.tsx`]],
  [/^\/warehousing\/?$/, [...PROTECTED, `${R}warehousing.tsx`]],
  [/^\/discount-codes\/?$/, [...PROTECTED, `${R}discount-codes.tsx`]],
  [/^\/confirm-invite\/?$/, [...PROTECTED, `${R}confirm-invite.tsx`]],
];

type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The files to preload for `modules`: each module's chunk and its static imports, read from Vite's
 * build manifest, less what index.html already loads (the entry and its imports). Only JavaScript:
 * a lazy chunk's stylesheet, if any, is still loaded by Vite's own preload helper.
 */
export function preloadFiles(manifest: Manifest, modules: string[]): string[] {
  const closure = (keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const initial = closure(['index.html']);
  const files: string[] = [];
  for (const key of closure(modules)) if (!initial.has(key) && manifest[key]!.file.endsWith('.js')) files.push(manifest[key]!.file);
  return files;
}

/**
 * index.html with the visitor home's markup in the root element, and the colour scheme Mantine's
 * stylesheet keys its variables on (the client sets the same attribute once it runs). With `css`,
 * the stylesheet's rules that apply to that markup (apps/web/scripts/critical-css.mjs): they go
 * inline and the whole stylesheet loads as `media="print"`, so it no longer holds up the first
 * paint; main.tsx switches it on for every screen as it starts, before anything else is drawn.
 */
export function withVisitorHome(html: string, markup: string, css: string | null = null): string {
  if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root">');
  let page = html;
  if (css !== null) {
    const stylesheet = /<link rel="stylesheet"([^>]*)>/g;
    if (!stylesheet.test(page)) throw new Error('index.html has no stylesheet to defer');
    page = page
      .replace(stylesheet, (_link, attrs: string) => `<link rel="stylesheet"${attrs} media="print" data-deferred-stylesheet>`)
      .replace('</head>', () => `  <style>${css.replace(/<\/style/gi, '<\\/style')}</style>\n  </head>`);
  }
  return page.replace(/<html([^>]*)>/, '<html$1 data-mantine-color-scheme="light">').replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
}

/**
 * `html` (index.html for `/`) with the home page as a signed-out visitor sees it, rendered once here
 * by the build's prerenderer (apps/web/src/app/prerender.tsx, built into dist/.ssr) with this
 * process's run-time configuration. Null, with a warning, when the build has none or it fails: `/` is
 * then served like any other address.
 */
async function visitorHomeHtml(app: FastifyInstance, env: Env, html: string): Promise<string | null> {
  const file = path.join(env.WEB_DIST, '.ssr', 'prerender.js');
  if (!fs.existsSync(file)) {
    app.log.warn({ file }, 'no prerendered visitor home: / paints only once the portal script has run');
    return null;
  }
  try {
    const mod = (await import(pathToFileURL(file).href)) as { renderVisitorHome?: (config: ReturnType<typeof portalConfig>) => Promise<string> };
    if (typeof mod.renderVisitorHome !== 'function') throw new Error('it exports no renderVisitorHome');
    const cssFile = path.join(env.WEB_DIST, '.ssr', 'visitor-home.css');
    const css = fs.existsSync(cssFile) ? fs.readFileSync(cssFile, 'utf8') : null;
    return withVisitorHome(html, await mod.renderVisitorHome(portalConfig(env)), css);
  } catch (err) {
    app.log.error({ err, file }, 'could not prerender the visitor home: / is served without it');
    return null;
  }
}

function variantsOf(html: string): IndexVariant[] {
  const raw = Buffer.from(html);
  return [{ body: zlib.brotliCompressSync(raw), encoding: 'br' }, { body: zlib.gzipSync(raw), encoding: 'gzip' }, { body: raw }];
}

/**
 * Serves the built portal: hashed assets pre-compressed and immutable, index.html with the run-time
 * configuration embedded as a JSON data block (not a script, so the strict CSP allows it).
 * Returns the SPA fallback for the not-found handler.
 */
export async function registerWeb(app: FastifyInstance, env: Env) {
  const indexFile = path.join(env.WEB_DIST, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ dist: env.WEB_DIST }, 'the portal is not built: run `npm run build`');
    return (_req: FastifyRequest, reply: FastifyReply) =>
      reply.status(503).type('text/plain').send('The portal is not built yet: run `npm run build`, then start again.');
  }
  const json = JSON.stringify(portalConfig(env)).replace(/</g, '\\u003c');
  const html = fs.readFileSync(indexFile, 'utf8').replace('<!--portal-config-->', `<script id="portal-config" type="application/json">${json}</script>`);
  const variants = variantsOf(html);
  // One index.html per route, with that route's lazy chunks as module preloads (built once, here).
  const manifestFile = path.join(env.WEB_DIST, '.vite', 'manifest.json');
  const manifest: Manifest | null = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) : null;
  if (!manifest) app.log.warn({ manifestFile }, 'no Vite manifest: index.html names no route chunks to preload');
  const htmlFor = (modules: string[]) => {
    const files = manifest ? preloadFiles(manifest, modules) : [];
    if (!files.length) return html;
    const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('\n    ');
    return html.replace('</head>', `  ${links}\n  </head>`);
  };
  const variantsFor = (modules: string[]) => {
    const routeHtml = htmlFor(modules);
    return routeHtml === html ? variants : variantsOf(routeHtml);
  };
  const routeVariants = ROUTE_MODULES.map(([pattern, modules]) => ({ pattern, variants: variantsFor(modules), signedInOnly: modules[0] === PROTECTED[0] }));
  // A signed-in page asked for without the sign-on cookie: the protected layout only sends the visitor
  // to sign in, so only it is preloaded, not a page that will not be drawn.
  const signedOut = variantsFor(PROTECTED);
  // `/` without the sign-on cookie: the visitor home already in the HTML, so it paints before the
  // script has run. With the cookie the plain page: the home sends a practitioner on at once.
  const homeHtml = await visitorHomeHtml(app, env, htmlFor(ROUTE_MODULES[0]![1]));
  const visitorHome = homeHtml === null ? null : variantsOf(homeHtml);

  await app.register(fastifyStatic, {
    root: env.WEB_DIST,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    // index.html only as sendIndex builds it; the build manifest and the prerenderer are for this process only.
    allowedPath: (p) => p !== '/index.html' && !p.startsWith('/.vite/') && !p.startsWith('/.ssr/'),
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const pathname = request.url.split('?')[0]!;
    const signedIn = Boolean(request.cookies?.[env.cookieName]);
    const route = routeVariants.find(({ pattern }) => pattern.test(pathname));
    const visitorsHome = pathname === '/' && visitorHome !== null;
    let forRoute = route?.variants ?? variants;
    if (visitorsHome && !signedIn) forRoute = visitorHome;
    else if (route?.signedInOnly && !signedIn) forRoute = signedOut;
    const variant = forRoute.find((v) => !v.encoding || accepts.includes(v.encoding))!;
    if (variant.encoding) reply.header('content-encoding', variant.encoding);
    return reply
      .type('text/html; charset=utf-8')
      .header('vary', visitorsHome || route?.signedInOnly ? 'accept-encoding, cookie' : 'accept-encoding')
      .header('cache-control', 'no-cache')
      .send(variant.body);
  };
  app.get('/', sendIndex);
  return sendIndex;
}

/** The SPA answers extensionless GETs outside /api and /sso; a missing asset stays a 404. */
export function isSpaPath(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0]!;
  if (/^\/(api|sso)(\/|$)/.test(pathname)) return false;
  return !/\.[A-Za-z0-9]{1,8}$/.test(pathname);
}
