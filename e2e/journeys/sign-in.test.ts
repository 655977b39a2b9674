import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, cookieValue, expectAccessible, launch, newPage, signIn } from '../support/browser';

const COOKIE = 'portal_auth_local';
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('signing in with the demo accounts', () => {
  it("a visitor's home comes painted in the HTML, and the portal takes it over without drawing it again", async () => {
    // The server's answer itself holds the page for a visitor, and not for a signed-in practitioner.
    const visitorHtml = await (await fetch(`${baseUrl()}/`)).text();
    expect(visitorHtml).toMatch(/<h1[^>]*>Practitioner Portal<\/h1>/);
    expect(visitorHtml).toContain('What you can do here');
    const signedInHtml = await (await fetch(`${baseUrl()}/`, { headers: { cookie: `${COOKIE}=x` } })).text();
    expect(signedInHtml).toContain('<div id="root"></div>');

    // Without JavaScript: the text and a working sign-in link are there.
    const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const still = await noJs.newPage();
    await still.goto(`${baseUrl()}/`);
    expect(await still.getByRole('heading', { level: 1 }).textContent()).toBe('Practitioner Portal');
    expect(await still.getByRole('link', { name: 'Sign in' }).first().getAttribute('href')).toBe(
      `${baseUrl()}/sso/sign-in?redirect=${encodeURIComponent(`${baseUrl()}/`)}`,
    );
    const before = await still.screenshot({ fullPage: true });
    await noJs.close();

    // With it: hydrated in place. Had React thrown the markup away (a mismatch), it would have
    // removed the server's elements from #root.
    const { context, page, errors } = await newPage(browser);
    await context.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedFromRoot: string[] }).removedFromRoot = removed;
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.removedNodes) if (n.nodeType === 1 && (r.target as Element).closest?.('#root')) removed.push(n.nodeName);
      }).observe(document, { childList: true, subtree: true });
    });
    const consoleErrors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && consoleErrors.push(m.text())));
    await page.goto(`${baseUrl()}/`);
    // The page's effects have run: hydration is done.
    await expect.poll(() => page.title()).toBe('Home | Practitioner Portal');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { removedFromRoot: string[] }).removedFromRoot)).toEqual([]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Practitioner Portal');
    // The whole stylesheet is on now, and the page looks exactly as the server's HTML alone drew it
    // (with only the rules inlined for it).
    expect(await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.media))).toEqual(['all']);
    expect((await page.screenshot({ fullPage: true })).equals(before)).toBe(true);
    await expectAccessible(page, 'visitor home');
    // The client router has the links: the footer's privacy policy opens without a page load.
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${baseUrl()}/privacy-policy`);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('an unauthenticated visit goes to the sign-on and comes back to the address asked for', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${baseUrl()}/sessions`);
    await page.waitForURL(/\/sso\/sign-in\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${baseUrl()}/sessions`);
    await expectAccessible(page, 'sign-in page');
    await signIn(page, 'ada.lovelace@demo.test', '/sessions');
    await page.waitForURL(`${baseUrl()}/sessions`);
    await expect.poll(() => page.title()).toBe('Sessions | Practitioner Portal');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('ada (accepted) lands on Summary with the full sidebar', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, 'ada.lovelace@demo.test');
    await page.waitForURL(`${baseUrl()}/summary`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Summary');
    const nav = page.getByRole('navigation');
    await expect.poll(() => nav.getByText('Ada Lovelace').count()).toBeGreaterThan(0);
    expect(await nav.getByText('General Practitioner').count()).toBeGreaterThan(0);
    for (const name of ['Summary', 'My sessions', 'Course', 'Warehousing', 'Discount codes', 'Settings', 'Journals']) {
      expect(await nav.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    }
    await expectAccessible(page, 'summary');
    // Session mode of the sidebar under a session's address.
    await page.goto(`${baseUrl()}/sessions/00000000-0000-4000-8000-000000000001/`);
    for (const name of ['Overview', 'Results', 'Reports', 'Questionnaires', 'Ask AI']) {
      await expect.poll(() => nav.getByRole('link', { name, exact: true }).count(), { message: name }).toBe(1);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('ben (awaiting review) lands on Course with Summary, Warehousing and Discount codes dimmed', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, 'ben.carter@demo.test');
    await page.waitForURL(`${baseUrl()}/course`);
    const nav = page.getByRole('navigation');
    await expect.poll(() => nav.getByText('Ben Carter').count()).toBeGreaterThan(0);
    for (const name of ['Summary', 'Warehousing', 'Discount codes']) {
      expect(await nav.getByRole('link', { name, exact: true }).count(), name).toBe(0);
      const item = nav.locator('[aria-disabled="true"]', { hasText: name }).first();
      expect(await item.evaluate((el) => getComputedStyle(el).opacity), name).toBe('0.32');
    }
    await expectAccessible(page, 'course');
    await page.goto(`${baseUrl()}/warehousing`);
    await expect.poll(() => page.getByText('Practitioner needs to be accepted in order to access this section').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('new.user lands on onboarding behind the blocking terms modal until accepted', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, 'new.user@demo.test');
    await page.waitForURL(`${baseUrl()}/onboarding`);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The PDF renders in the in-app viewer.
    await dialog.locator('canvas').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => dialog.getByText(/Page 1 of \d+/).count()).toBe(1);
    await expectAccessible(page, 'terms modal');
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => dialog.getByText(/Page 2 of \d+/).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Onboarding');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('tokens and leaving', () => {
  it('a rejected access token is refreshed once and the request retried', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, 'ada.lovelace@demo.test');
    await page.waitForURL(`${baseUrl()}/summary`);
    const pair = JSON.parse(decodeURIComponent((await cookieValue(context, COOKIE))!));
    // Keep the scope claim readable (the portal counts a session only with a scope) but break the signature.
    const [h, p] = pair.accessToken.split('.');
    const stale = `${h}.${p}.${'A'.repeat(86)}`;
    await context.addCookies([{ name: COOKIE, value: encodeURIComponent(JSON.stringify({ ...pair, accessToken: stale })), url: baseUrl() }]);
    const refreshes: string[] = [];
    const meCalls: number[] = [];
    page.on('request', (r) => r.url().endsWith('/api/account/refresh-token') && refreshes.push(r.url()));
    page.on('response', (r) => r.url().endsWith('/api/account/me/') && meCalls.push(r.status()));
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Summary');
    await expect.poll(() => meCalls.includes(200)).toBe(true);
    expect(refreshes).toHaveLength(1);
    expect(meCalls[0]).toBe(401);
    const after = JSON.parse(decodeURIComponent((await cookieValue(context, COOKIE))!));
    expect(after.refreshToken).not.toBe(pair.refreshToken);
    expect(after.accessToken).not.toBe(stale);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unknown path shows the not-found page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/no/such/page`);
    await expect.poll(() => page.getByText('This page is unknown or does not exist').count()).toBe(1);
    await expectAccessible(page, 'not found');
    await page
      .getByRole('link', { name: /home/i })
      .or(page.getByRole('button', { name: /home/i }))
      .first()
      .click();
    await page.waitForURL(`${baseUrl()}/`);
    await context.close();
  });

  it('logout clears the cookie and local storage and goes to the portal home', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, 'ada.lovelace@demo.test');
    await page.waitForURL(`${baseUrl()}/summary`);
    await page.evaluate(() => localStorage.setItem('leftover', '1'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    expect(await cookieValue(context, COOKIE)).toBeNull();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await expectAccessible(page, 'home');
    // The session is over on the server too: the protected page asks to sign in again.
    await page.goto(`${baseUrl()}/summary`);
    await page.waitForURL(/\/sso\/sign-in/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the public pages show the real legal texts', async () => {
    const { context, page } = await newPage(browser);
    const pages: Array<[string, string]> = [
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-and-conditions', 'Terms & Conditions'],
      ['/portal-terms-and-conditions', 'Portal Terms & Conditions'],
    ];
    for (const [path, title] of pages) {
      await page.goto(`${baseUrl()}${path}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { message: path }).toBe(title);
      expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(5);
      await expectAccessible(page, path);
    }
    await context.close();
  });
});
