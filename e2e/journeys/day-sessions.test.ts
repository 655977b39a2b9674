import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPatient, bookSession, decideSession } from '../support/api';
import { baseUrl, expectAccessible, launch, newPage, signIn } from '../support/browser';

/**
 * Issue 20, a practitioner's day without stumbles: the sessions side (items 1, 3, 4, 7, 8, 9, 11, 12).
 * Each journey books its own patients with Ada Lovelace (the demo practitioner) through the API.
 */
const ADA = 'ada.lovelace@demo.test';
const WAIT = { timeout: 20_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

/** A patient with a session request to Ada, accepted unless `pending`. */
async function sessionWith(firstName: string, { pending = false, lastName }: { pending?: boolean; lastName?: string } = {}) {
  const patient = await apiPatient(firstName, lastName);
  const sessionId = await bookSession(patient, 'Lovelace');
  if (!pending) await decideSession(ADA, sessionId);
  return { patient, sessionId };
}

describe("a practitioner's day: sessions", () => {
  it('1 · the Journal names the patient, on the page and in the sidebar; an empty journal does not claim to be saved', async () => {
    const { patient, sessionId } = await sessionWith('Naledi');
    const { context, page, errors } = await newPage(browser);
    await signIn(page, ADA, `/sessions/${sessionId}/notes`);
    await expect.poll(() => h1(page), WAIT).toBe('Journal');
    const header = page.getByRole('region', { name: `Patient: ${patient.name}` });
    await header.waitFor(WAIT);
    await header.getByText(patient.email).waitFor();
    await header.getByText('Session accepted').waitFor();
    await page.getByRole('navigation').getByText(`Patient: ${patient.name}`).waitFor(WAIT);
    await page.getByText('Nothing written yet').waitFor();
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /^Saved/ })
        .count(),
    ).toBe(0);
    await expectAccessible(page, 'journal, empty');
    // The same header on the other session pages.
    await page.getByRole('link', { name: 'Overview', exact: true }).click();
    await expect.poll(() => h1(page), WAIT).toBe('Overview');
    await page
      .getByRole('region', { name: `Patient: ${patient.name}` })
      .getByText(patient.email)
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('3 · a journal over 20,000 characters is kept on the page, not sent, and the status says why', async () => {
    const { sessionId } = await sessionWith('Kagiso');
    const { context, page, errors } = await newPage(browser);
    const drafts: number[] = [];
    page.on('request', (req) => {
      if (req.method() === 'PUT' && req.url().endsWith(`/sessions/${sessionId}/journal`)) drafts.push(req.postData()?.length ?? 0);
    });
    await signIn(page, ADA, `/sessions/${sessionId}/notes`);
    const field = page.getByRole('textbox', { name: /^Journal notes/ });
    await field.waitFor(WAIT);
    await field.fill('Diet and exercise plan agreed for the next six weeks.');
    await page.getByText(/^Saved at/).waitFor(WAIT);
    const sent = drafts.length;
    await field.fill('x'.repeat(20_001));
    await page.getByText('Maximum chars exceeded').waitFor();
    // 20 000 in the portal's en-ZA grouping.
    await page.getByText(/over 20\s?000 characters, so they are not saved/).waitFor(WAIT);
    // Longer than the autosave's pause: still nothing sent, no error modal over the typing.
    await page.waitForTimeout(2_500);
    expect(drafts.length).toBe(sent);
    expect(await page.getByRole('dialog', { name: 'Something went wrong' }).count()).toBe(0);
    expect(await page.getByText('will be saved when the connection is back').count()).toBe(0);
    await expectAccessible(page, 'journal, too long');
    // Shortened, it saves again.
    await field.fill('x'.repeat(20_000));
    await page.getByText(/^Saved at/).waitFor(WAIT);
    expect(drafts.length).toBe(sent + 1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('4 · Request data asks first, naming the fee and its due date, then stays off', async () => {
    const { sessionId } = await sessionWith('Lindiwe');
    const { context, page, errors } = await newPage(browser);
    await signIn(page, ADA, `/sessions/${sessionId}/`);
    await expect.poll(() => h1(page), WAIT).toBe('Overview');
    const readiness = page.getByRole('region', { name: 'Readiness' });
    await readiness.getByText('Not requested').waitFor(WAIT);
    const request = page.getByRole('button', { name: 'Request data' });
    await request.click();
    const confirm = page.getByRole('dialog', { name: 'Request data' });
    await confirm.getByText(/data-request fee of R\s?250,00, due by \d{1,2} \w+ \d{4} \(14 days from today\)/).waitFor();
    await expectAccessible(page, 'request data, confirmation');
    // Cancelled: nothing requested.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    await readiness.getByText('Not requested').waitFor();
    await request.click();
    await confirm.getByRole('button', { name: 'Request data' }).click();
    await readiness.getByText(/^Waiting for the patient/).waitFor(WAIT);
    await page.getByText(/^Data requested on .+ The fee of R\s?250,00 is due by/).waitFor();
    // One per session: no second click to stumble into SESSION.050.
    await expect.poll(() => request.isDisabled()).toBe(true);
    await expectAccessible(page, 'overview, data requested');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('8 · keyboard: a skip link comes first, and after Accept with Enter focus moves to the next row', async () => {
    const family = `Key${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 6)}`;
    const first = await sessionWith('Ayanda', { pending: true, lastName: family });
    const second = await sessionWith('Bongani', { pending: true, lastName: family });
    const { context, page, errors } = await newPage(browser);
    await signIn(page, ADA, `/sessions?search=${family}`);
    const firstAccept = page.getByRole('button', { name: `Accept the session request from ${first.patient.name}` });
    await firstAccept.waitFor(WAIT);
    await page.getByRole('button', { name: `Accept the session request from ${second.patient.name}` }).waitFor(WAIT);
    // The first Tab lands on the skip link; following it puts focus in the page, past the sidebar.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await expectAccessible(page, 'sessions, skip link focused');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    // Accept with the keyboard: the row goes, focus lands on the next row's Accept, not on the body.
    const rows = page.getByRole('row');
    const names = await rows.allTextContents();
    const order =
      names.findIndex((t) => t.includes(first.patient.name)) < names.findIndex((t) => t.includes(second.patient.name)) ? [first, second] : [second, first];
    await page.getByRole('button', { name: `Accept the session request from ${order[0]!.patient.name}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: order[0]!.patient.name }).waitFor({ state: 'detached', ...WAIT });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), WAIT)
      .toBe(`Accept the session request from ${order[1]!.patient.name}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('9 · a pending session offers nothing that cannot work yet: each action disabled with its reason', async () => {
    const { sessionId } = await sessionWith('Mpho', { pending: true });
    const { context, page, errors } = await newPage(browser);
    await signIn(page, ADA, `/sessions/${sessionId}/`);
    await expect.poll(() => h1(page), WAIT).toBe('Overview');
    await page.getByRole('region', { name: 'Session request' }).waitFor(WAIT);
    const main = page.getByRole('main');
    for (const name of ['Write notes', 'Ask AI', 'Open results', 'Request data']) {
      expect(await main.getByRole('link', { name, exact: true }).count(), name).toBe(0);
      expect(await main.getByRole('button', { name, exact: true }).isDisabled(), name).toBe(true);
    }
    await page.getByText('Write notes: Accept the session request first.').waitFor();
    await page.getByText('Ask AI: This session request has not been accepted yet.').waitFor();
    const reason = await page.getByRole('button', { name: 'Open results' }).getAttribute('aria-describedby');
    expect(await page.locator(`#${reason}`).textContent()).toBe('This session request has not been accepted yet.');
    await expectAccessible(page, 'pending overview');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('11 · offline, Accept and Reject are held under a notice; back online, Accept works at once', async () => {
    const { patient } = await sessionWith('Zola', { pending: true });
    const { context, page, errors } = await newPage(browser);
    await signIn(page, ADA, `/sessions?search=${patient.lastName}`);
    const accept = page.getByRole('button', { name: `Accept the session request from ${patient.name}` });
    await accept.waitFor(WAIT);
    await context.setOffline(true);
    const notice = page.locator('#offline-notice');
    await notice.getByText('You are offline').waitFor();
    await notice.getByText(/held until the connection is back/).waitFor();
    await expect.poll(() => accept.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: `Reject the session request from ${patient.name}` }).isDisabled()).toBe(true);
    expect(await accept.getAttribute('aria-describedby')).toBe('offline-notice');
    await expectAccessible(page, 'sessions, offline');
    await context.setOffline(false);
    await page.getByText('You are offline').waitFor({ state: 'detached' });
    await accept.click();
    // The toast first: it shows for 3 s from the answer; the list may be read again after that.
    await page.getByText('Session accepted').first().waitFor();
    await page.getByRole('link', { name: patient.name }).waitFor({ state: 'detached', ...WAIT });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('12 · search looks across the tabs: the counts follow it, and a name under another tab is one click away', async () => {
    const { patient } = await sessionWith('Thandeka');
    const { context, page, errors } = await newPage(browser);
    await signIn(page, ADA, '/sessions');
    await page.getByRole('tab', { name: /Pending sessions/ }).waitFor(WAIT);
    await page.getByRole('searchbox', { name: 'Search by patient name' }).fill(patient.lastName.toLowerCase());
    await page.getByText(`No patient named “${patient.lastName.toLowerCase()}” in this list.`).waitFor(WAIT);
    await expect.poll(() => page.getByRole('tab', { name: /Accepted sessions/ }).textContent(), WAIT).toMatch(/Accepted sessions\s*1/);
    await expect.poll(() => page.getByRole('tab', { name: /Pending sessions/ }).textContent()).toMatch(/Pending sessions\s*0/);
    await expectAccessible(page, 'sessions, found under another tab');
    await page.getByRole('button', { name: 'Accepted sessions (1)' }).click();
    await page.getByRole('link', { name: patient.name, exact: true }).waitFor(WAIT);
    expect(await page.getByRole('tab', { name: /Accepted sessions/ }).getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('7 · at 375 px the sessions list, an overview and the journal fit the screen, their primary actions in view', async () => {
    const pending = await sessionWith('Nomvula', {
      pending: true,
      lastName: `Phone${Math.random()
        .toString(36)
        .replace(/[^a-z]/g, '')
        .slice(0, 6)}verylongsurname`,
    });
    const accepted = await sessionWith('Sibusiso');
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    /** Nothing wider than the screen, nothing sticking out of its right edge, no sideways scrolling. */
    const overflowing = () =>
      page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const out: string[] = [];
        for (const el of document.body.querySelectorAll('*')) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          if (r.width > width + 0.5 || r.right > width + 0.5)
            out.push(
              `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).slice(0, 40)} ${Math.round(r.left)}–${Math.round(r.right)}`,
            );
        }
        if (document.documentElement.scrollWidth > width) out.push(`document ${document.documentElement.scrollWidth}`);
        return out.slice(0, 5);
      });
    const inView = async (name: string, locator: Locator) => {
      const box = await locator.boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, name).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(375);
    };

    await signIn(page, ADA, `/sessions?search=${pending.patient.lastName}`);
    const accept = page.getByRole('button', { name: `Accept the session request from ${pending.patient.name}` });
    await accept.waitFor(WAIT);
    await page.getByText(pending.patient.email).waitFor();
    expect(await overflowing()).toEqual([]);
    await inView('Accept', accept);
    await inView('Reject', page.getByRole('button', { name: `Reject the session request from ${pending.patient.name}` }));
    await expectAccessible(page, 'sessions at 375 px');

    await page.goto(`${baseUrl()}/sessions/${pending.sessionId}/`);
    const header = page.getByRole('region', { name: `Patient: ${pending.patient.name}` });
    await header.getByText(pending.patient.email).waitFor(WAIT);
    await page.getByRole('region', { name: 'Session request' }).waitFor();
    expect(await overflowing()).toEqual([]);
    await inView('e-mail in the header', header.getByText(pending.patient.email));
    await inView('Accept on the overview', page.getByRole('button', { name: `Accept the session request from ${pending.patient.name}` }));
    await expectAccessible(page, 'overview at 375 px');

    await page.goto(`${baseUrl()}/sessions/${accepted.sessionId}/notes`);
    await page.getByRole('region', { name: `Patient: ${accepted.patient.name}` }).waitFor(WAIT);
    const field = page.getByRole('textbox', { name: /^Journal notes/ });
    await field.waitFor(WAIT);
    expect(await overflowing()).toEqual([]);
    await inView('journal field', field);
    await inView('Submit to patient', page.getByRole('button', { name: 'Submit to patient' }));
    await expectAccessible(page, 'journal at 375 px');

    // Between the sidebar's 540 px and the general 768 px the rows are cards too, every column in view.
    await page.setViewportSize({ width: 700, height: 900 });
    await page.goto(`${baseUrl()}/sessions?search=${pending.patient.lastName}`);
    await page.getByRole('button', { name: `Accept the session request from ${pending.patient.name}` }).waitFor(WAIT);
    for (const text of ['Booking time', 'Requested on', 'Session scheduled']) await page.getByText(text).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
