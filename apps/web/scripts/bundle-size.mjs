// What a first visit downloads: the entry script and the chunks index.html preloads, gzip-sized.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const INITIAL_JS_BUDGET_KIB = 170;

/**
 * Issue 35: a route's first visit (the entry and its preloads, the lazy layouts and the page with
 * their static imports, as bench/route-js.ts measures it): the home page at most 150 KiB gzip, every
 * route at most 260.
 */
export const HOME_FIRST_VISIT_BUDGET_KIB = 150;
export const ROUTE_FIRST_VISIT_BUDGET_KIB = 260;
/** The first-visit target of a route's example path. */
export const firstVisitBudgetKiB = (routePath) => (routePath === '/' ? HOME_FIRST_VISIT_BUDGET_KIB : ROUTE_FIRST_VISIT_BUDGET_KIB);

const gzipKiB = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;

/** @param {string} dist the built portal folder */
export function measureBundle(dist) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = new Set();
  for (const m of html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)) initial.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)) initial.add(m[1]);
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g)].map((m) => m[1]);
  const all = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const initialJsKiB = [...initial].reduce((sum, f) => sum + gzipKiB(path.join(dist, f)), 0);
  return {
    initialFiles: [...initial],
    initialJsKiB,
    initialCssKiB: css.reduce((sum, f) => sum + gzipKiB(path.join(dist, f)), 0),
    lazyChunks: all
      .filter((f) => !initial.has(`assets/${f}`))
      .map((f) => ({ file: f, gzipKiB: gzipKiB(path.join(dist, 'assets', f)) }))
      .sort((a, b) => b.gzipKiB - a.gzipKiB),
  };
}
