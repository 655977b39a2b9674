/**
 * Lighthouse 12 (performance category), offline against the built server started here with the demo
 * data on an embedded PGlite, in Debian's Chromium: the landing page /, /sessions and a result
 * component of the demo patient Thandi, each mobile (Lighthouse's default throttling) and desktop.
 * The signed-in pages need the sign-on cookie: Chromium is launched by playwright-core with a
 * remote-debugging port, the cookie set in its default profile, and Lighthouse drives that browser
 * with storage reset off. Targets: mobile performance >= 95, desktop 100, CLS <= 0.1.
 *
 *   npm run bench -- lighthouse      (builds, installs this folder's Lighthouse when missing, runs)
 *
 * Lighthouse and its ~200 packages are not part of the project's install: this folder is a package of
 * its own (package.json, package-lock.json, not a workspace), installed by `npm ci --prefix
 * bench/lighthouse` only for this bench. Its `overrides` pin two dependencies of Lighthouse's trace
 * engine that ask for "latest" (`npm ci` otherwise fails with "Missing: third-party-web").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/seed';
import { chromiumArgs, chromiumExecutable } from '../../e2e/support/chromium';
import { freePort, startServer } from '../api-load';

export const LIGHTHOUSE_TARGETS = { mobile: 95, desktop: 100, cls: 0.1 } as const;

interface PageFigure {
  page: string;
  formFactor: 'mobile' | 'desktop';
  score: number;
  cls: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  lcpElement: string | null;
  /** Lighthouse's own measure of how fast the machine ran at that moment (about 1,000+ on an unloaded modern core). */
  benchmarkIndex: number;
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/**
 * One Lighthouse run. A trace Chromium recorded without its navigation start (NO_NAVSTART, "Please run
 * Lighthouse again") is a fault of the recording, not of the page: that run alone is taken again, up to
 * twice; any other runtime error fails the bench.
 */
async function audit(url: string, port: number, formFactor: 'mobile' | 'desktop') {
  for (let attempt = 1; ; attempt++) {
    const out = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!out) throw new Error(`lighthouse gave no result for ${url}`);
    const { lhr } = out;
    if (!lhr.runtimeError) return lhr;
    if (lhr.runtimeError.code !== 'NO_NAVSTART' || attempt === 3) throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.message}`);
    console.warn(`lighthouse on ${url} (${formFactor}): ${lhr.runtimeError.code}, run again`);
  }
}

export async function benchLighthouse() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lh-'));
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lh-chrome-'));
  const server = await startServer(
    { dataDir },
    {
      DEMO_DATA: 'true',
      SERVE_WEB: 'true',
      LOG_LEVEL: 'warn',
      // The portal calls the API on its configured origin: the one the pages are loaded from.
      PORTAL_URL: 'http://127.0.0.1:{port}',
    },
  );
  const figures: PageFigure[] = [];
  try {
    const tokens = await json<{ accessToken: string; refreshToken: string }>(`${server.base}/sso/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada.lovelace@demo.test', password: DEMO_PASSWORD }),
    });
    const auth = { authorization: `Bearer ${tokens.accessToken}` };
    const [thandi] = (await json<{ results: Array<{ id: string }> }>(`${server.base}/api/portal/sessions/?search=thandi&limit=1`, { headers: auth })).results;
    const [result] = (await json<{ results: Array<{ id: string }> }>(`${server.base}/api/portal/sessions/${thandi!.id}/results`, { headers: auth })).results;
    const data = (
      await json<{ data: { swab: { minerals: Array<{ componentID: string }> } } }>(`${server.base}/api/portal/sessions/${thandi!.id}/results/${result!.id}`, {
        headers: auth,
      })
    ).data;
    // '/' as a visitor sees it: a signed-in practitioner is sent on from there to their landing page,
    // so measured signed in it would be a redirect (its layout shift and late LCP are the swap).
    const pages: Array<[string, string, signedIn: boolean]> = [
      ['/ (visitor)', '/', false],
      ['/sessions', '/sessions', true],
      ['result component', `/sessions/${thandi!.id}/result/${result!.id}/components/${data.swab.minerals[0]!.componentID}`, true],
    ];

    const port = await freePort();
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumExecutable,
      headless: true,
      args: [...chromiumArgs, `--remote-debugging-port=${port}`],
    });
    try {
      for (const [name, pathname, signedIn] of pages) {
        // The cookie the sign-on app writes (APP_ENV local): URI-encoded JSON of the token pair.
        if (signedIn) await context.addCookies([{ name: 'portal_auth_local', value: encodeURIComponent(JSON.stringify(tokens)), url: server.base }]);
        else await context.clearCookies();
        for (const formFactor of ['mobile', 'desktop'] as const) {
          const lhr = await audit(`${server.base}${pathname}`, port, formFactor);
          const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
          const lcpItems = (
            lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined
          )?.items;
          figures.push({
            page: name,
            formFactor,
            score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            cls: num('cumulative-layout-shift'),
            lcpMs: num('largest-contentful-paint'),
            fcpMs: num('first-contentful-paint'),
            tbtMs: num('total-blocking-time'),
            lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? null,
            benchmarkIndex: lhr.environment.benchmarkIndex,
          });
        }
      }
    } finally {
      await context.close();
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return { figures, loadAverage: os.loadavg() };
}

export function printLighthouse(r: Awaited<ReturnType<typeof benchLighthouse>>) {
  console.log(
    `Lighthouse 12, performance (offline, built server with demo data, signed in as the demo practitioner except on /; load average after: ${r.loadAverage.map((x) => x.toFixed(2)).join(' ')})`,
  );
  console.log(
    `  ${'page'.padEnd(18)} ${'form'.padEnd(8)} ${'score'.padStart(5)} ${'CLS'.padStart(6)} ${'LCP'.padStart(8)} ${'FCP'.padStart(8)} ${'TBT'.padStart(7)} ${'bench'.padStart(6)}  target  LCP element`,
  );
  let ok = true;
  for (const f of r.figures) {
    const target = f.formFactor === 'mobile' ? LIGHTHOUSE_TARGETS.mobile : LIGHTHOUSE_TARGETS.desktop;
    const met = f.score >= target && f.cls <= LIGHTHOUSE_TARGETS.cls;
    ok &&= met;
    console.log(
      `  ${f.page.padEnd(18)} ${f.formFactor.padEnd(8)} ${String(f.score).padStart(5)} ${f.cls.toFixed(3).padStart(6)} ${`${f.lcpMs.toFixed(0)}ms`.padStart(8)} ${`${f.fcpMs.toFixed(0)}ms`.padStart(8)} ${`${f.tbtMs.toFixed(0)}ms`.padStart(7)} ${f.benchmarkIndex.toFixed(0).padStart(6)}  ${`>=${target}`.padEnd(5)} ${met ? 'OK' : 'MISSED'}  ${(f.lcpElement ?? '').slice(0, 60)}`,
    );
  }
  return ok;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!printLighthouse(await benchLighthouse())) process.exitCode = 1;
}
