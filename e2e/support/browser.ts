import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { chromiumArgs, chromiumExecutable } from './chromium';

export const DEMO_PASSWORD = 'Demo-portal-1';
export const baseUrl = () => inject('baseUrl');

/** Debian's Chromium, never a downloaded browser. */
export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
}

/** A fresh context (axe needs a page from a context); page errors fail the journey. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

/** Signs in through the sign-on pages, starting from a portal address. */
export async function signIn(page: Page, email: string, startPath = '/') {
  await page.goto(`${baseUrl()}${startPath}`);
  if (!page.url().includes('/sso/sign-in')) {
    await page.goto(`${baseUrl()}/sso/sign-in?redirect=${encodeURIComponent(`${baseUrl()}${startPath}`)}`);
  }
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page, label: string) {
  // Let transitions (a modal or a notification fading in) finish: mid-fade colours are not what a person
  // reads. Until 150 ms pass with none running, as one may start a frame or two after the change that
  // asked for it (a notification's transition), when the others have already ended.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const deadline = performance.now() + 5_000;
    let quietSince = performance.now();
    while (performance.now() < deadline) {
      const running = document.getAnimations();
      if (running.length > 0) {
        await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
        quietSince = performance.now();
      } else if (performance.now() - quietSince >= 150) return;
      await frame();
    }
  });
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    ),
  ).toEqual([]);
}

export async function cookieValue(context: BrowserContext, name: string) {
  const cookies = await context.cookies();
  return cookies.find((c) => c.name === name)?.value ?? null;
}

/**
 * The id of a demo patient's session with ada, read through the API with her token. By the whole
 * name: other journeys sign up patients of their own, and a first name can repeat.
 */
export async function sessionOf(page: Page, name: string): Promise<string> {
  const pair = JSON.parse(decodeURIComponent((await cookieValue(page.context(), 'portal_auth_local'))!));
  const res = await fetch(`${baseUrl()}/api/portal/sessions/?limit=100`, { headers: { authorization: `Bearer ${pair.accessToken}` } });
  const body = (await res.json()) as { results: Array<{ id: string; user: { firstName: string; lastName: string } }> };
  const found = body.results.find((s) => `${s.user.firstName} ${s.user.lastName}` === name);
  if (!found) throw new Error(`no session of ${name} in ada's first 100`);
  return found.id;
}
