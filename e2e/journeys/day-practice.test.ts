import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, api, apiPatient, bookSession, decideSession, newAccount, newListedPractitioner, registerPractice, tokenFor } from '../support/api';
import { baseUrl, expectAccessible, launch, newPage, signIn } from '../support/browser';

/**
 * Issue 20, a practitioner's day without stumbles: the practice side (items 2, 5, 6, 10). Each journey
 * has a practitioner or account of its own, made through the API.
 */
const WAIT = { timeout: 20_000 };
const TAKEN = 'You are trying to assign an already taken kit';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

/** Kits sent to a practice without a warehouse go straight into its stock. */
async function stockKits(email: string, count: number): Promise<string[]> {
  const sent = await adminApi<{ kits: { sampleLabel: string }[] }>('POST', '/consignments', { practitionerEmail: email, count });
  expect(sent.status).toBe(201);
  return sent.body.kits.map((k) => k.sampleLabel);
}

describe("a practitioner's day: the practice", () => {
  it("2 · with a warehouse registered, the practice's kits (stocked before it) are on the warehouse page, ready to assign", async () => {
    const p = await newListedPractitioner('Grace');
    const labels = await stockKits(p.email, 6);
    const token = await tokenFor(p.email);
    const warehouse = await api('POST', '/api/portal/me/warehouses/', {
      token,
      body: {
        contactNumber: '+27215550123',
        contactPerson: 'Grace Hopper',
        countryCode: 'ZA',
        name: 'Back room',
        postalCode: '8001',
        state: 'Western Cape',
        streetAddress: '1 Long Street',
        suburb: 'Gardens',
      },
    });
    expect(warehouse.status).toBe(201);

    const { context, page, errors } = await newPage(browser);
    await signIn(page, p.email, '/warehousing');
    await expect.poll(() => h1(page), WAIT).toBe('Warehousing');
    const card = page.getByRole('region', { name: 'Back room' });
    await card.getByText(/^No kits on hand in this warehouse/).waitFor(WAIT);
    expect(await page.getByText(/Only 0 kits/).count()).toBe(0);
    // What the practice holds counts its six kits from before, said apart; not low (issue 33).
    const held = page.getByRole('region', { name: 'Your stock' });
    const figure = (term: string) => held.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]').textContent();
    expect(await figure('On hand')).toBe('6');
    expect(await figure('In your stock from before the warehouse')).toBe('6');
    expect(await figure('In your warehouses')).toBe('0');
    expect(await page.getByText('Low stock').count()).toBe(0);
    const kits = page.getByRole('region', { name: 'Your kits' });
    for (const label of labels) await kits.getByRole('button', { name: `Assign to session: kit ${label}` }).waitFor(WAIT);
    // In an order the table states: all in stock here, so by sample label.
    await kits.getByText('Kits in stock first, then by sample label.').waitFor();
    const shown = (await kits.getByRole('row').allTextContents()).slice(1).map((row) => labels.find((l) => row.includes(l)));
    expect(shown).toEqual([...labels].sort());
    // SPEC §6 still holds: no Kits entry with a warehouse.
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Kits', exact: true }).count()).toBe(0);
    await expectAccessible(page, 'warehousing with earlier kits');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('10 · a kit taken meanwhile (400416): the dialog says so and offers only Close; the table shows it assigned without a reload', async () => {
    const p = await newListedPractitioner('Dorothy');
    const [label] = await stockKits(p.email, 2);
    const first = await apiPatient('Palesa');
    const second = await apiPatient('Refilwe');
    const firstSession = await bookSession(first, p.lastName);
    const secondSession = await bookSession(second, p.lastName, 3);
    await decideSession(p.email, firstSession);
    await decideSession(p.email, secondSession);

    const { context, page, errors } = await newPage(browser);
    await signIn(page, p.email, '/kits');
    await page.getByRole('button', { name: `Assign to session: kit ${label}` }).click(WAIT);
    const dialog = page.getByRole('dialog', { name: `Assign kit ${label}` });
    await dialog.getByRole('radio', { name: new RegExp(`^${first.name}`) }).check(WAIT);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText(`will be handed to ${first.name}`, { exact: false }).waitFor();
    // Meanwhile the same kit goes to the other patient (another tab, a colleague).
    const elsewhere = await api('PUT', `/api/portal/sessions/${secondSession}/kit`, { token: await tokenFor(p.email), body: { sampleLabel: label } });
    expect(elsewhere.status).toBe(200);
    await dialog.getByRole('button', { name: 'Assign kit' }).click();
    await dialog.getByText(TAKEN, { exact: false }).waitFor(WAIT);
    expect(await dialog.getByRole('button', { name: 'Assign kit' }).count()).toBe(0);
    // Only the conflict and what to do next (issue 33): the stale confirmation line is gone.
    expect(await dialog.getByText('will be handed to', { exact: false }).count()).toBe(0);
    await dialog.getByText('choose another kit from your stock', { exact: false }).waitFor();
    await expectAccessible(page, 'kit taken');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    const row = page.getByRole('row').filter({ hasText: label! });
    await row.getByRole('link', { name: second.name }).waitFor(WAIT);
    await row.getByText('Assigned', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /^Assign to session/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('5 · onboarding keeps a way out: the logo home, Contact us and Logout, on the review screen too', async () => {
    const account = await newAccount('Ida');
    await api('PUT', '/api/account/me/tos', { token: await tokenFor(account.email) });
    const { context, page, errors } = await newPage(browser);
    await signIn(page, account.email, '/onboarding');
    await expect.poll(() => h1(page), WAIT).toBe('Onboarding');
    const banner = page.getByRole('banner');
    const checkWayOut = async () => {
      expect(await banner.getByRole('link', { name: 'Practitioner Portal, home page' }).getAttribute('href')).toBe('/');
      expect(await banner.getByRole('link', { name: /^Contact us/ }).getAttribute('target')).toBe('_blank');
      await banner.getByRole('button', { name: 'Logout' }).waitFor();
    };
    await checkWayOut();
    await expectAccessible(page, 'onboarding with its header');

    await registerPractice(account.email);
    await page.reload();
    await page
      .getByText(/being reviewed|review/i)
      .first()
      .waitFor(WAIT);
    await checkWayOut();
    await expectAccessible(page, 'waiting for review with its header');
    await banner.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/onboarding'), WAIT);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('6 · terms cannot be accepted while their document fails to load; once shown, Accept works', async () => {
    const account = await newAccount('Hedy');
    const { context, page, errors } = await newPage(browser);
    // The PDF answers 500 until the route is lifted.
    await page.route('**/api/legal/**', (route) => route.fulfill({ status: 500, body: '' }));
    await signIn(page, account.email, '/onboarding');
    const error = page.getByRole('dialog', { name: 'Something went wrong' });
    await error.getByText('Error occured while getting ToS file.').waitFor(WAIT);
    await error.getByRole('button', { name: 'Close' }).last().click();
    await error.waitFor({ state: 'detached' });
    const terms = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Accept', exact: true }) });
    const accept = terms.getByRole('button', { name: 'Accept', exact: true });
    expect(await accept.isDisabled()).toBe(true);
    await terms.getByText('You can accept the terms once they are shown here.').waitFor();
    // Said once (issue 33): the error modal had it; the terms modal holds only the way to try again.
    expect(await terms.getByText('while getting ToS file', { exact: false }).count()).toBe(0);
    await expectAccessible(page, 'terms that failed to load');

    await page.unroute('**/api/legal/**');
    await terms.getByRole('button', { name: 'Try again' }).click();
    await terms.getByRole('region', { name: /^Document:/ }).waitFor(WAIT);
    await expect.poll(() => accept.isEnabled(), WAIT).toBe(true);
    await accept.click();
    await terms.waitFor({ state: 'detached', ...WAIT });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("issue 33 · the terms modal offers 'Sign out' beside Accept: someone who does not accept can leave", async () => {
    const account = await newAccount('Barbara');
    const { context, page, errors } = await newPage(browser);
    await signIn(page, account.email, '/onboarding');
    const terms = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Accept', exact: true }) });
    const signOut = terms.getByRole('button', { name: 'Sign out' });
    await signOut.waitFor(WAIT);
    await expectAccessible(page, 'terms with Sign out');
    await signOut.click();
    await page.waitForURL((url) => !url.pathname.startsWith('/onboarding'), WAIT);
    await terms.waitFor({ state: 'detached', ...WAIT });
    // Signed out: the portal's pages ask for a sign-in again.
    await page.goto(`${baseUrl()}/onboarding`);
    await page.waitForURL((url) => url.pathname.startsWith('/sso/sign-in'), WAIT);
    expect(errors).toEqual([]);
    await context.close();
  });
});
