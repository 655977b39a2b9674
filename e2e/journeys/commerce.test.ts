import fs from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_CSV_COLUMNS } from '../../packages/contract/src/commerce';
import { adminApi, api, newListedPractitioner, newPatient, patientCli, tokenFor } from '../support/api';
import { baseUrl, expectAccessible, launch, newPage, signIn } from '../support/browser';

/**
 * Issue 7 end to end, with a practitioner of this journey's own (the demo accounts stay as other
 * journeys expect them): a warehouse, stock received, kits assigned, a discount code used by a
 * patient order, the data-request fee in the transactions and their CSV.
 */

// The machine may be busy: give the portal time before calling a wait a failure.
const WAIT = { timeout: 15_000 };
const TAKEN = 'You are trying to assign an already taken kit';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let practitioner: Awaited<ReturnType<typeof newListedPractitioner>>;
let practitionerToken: string;
let practitionerId: string;
const patients: { name: string; email: string; password: string; token: string; sessionId: string }[] = [];
let labels: string[] = [];

const h1 = () => page.getByRole('heading', { level: 1 }).textContent();
const nav = () => page.getByRole('navigation', { name: 'Main navigation' });
const toastGone = (text: string) => expect.poll(() => page.getByText(text).count(), WAIT).toBe(0);

/** A patient who requests a session with our practitioner; the practitioner accepts it (API). */
async function acceptedSession(firstName: string) {
  const account = await newPatient(firstName);
  const as = ['--email', account.email, '--password', account.password];
  if (!practitionerId) {
    const out = await patientCli(['practitioners', '--search', practitioner.lastName, ...as]);
    practitionerId = out
      .split('\n')
      .find((l) => l.includes(practitioner.lastName))!
      .trim()
      .split(/\s+/)[0]!;
  }
  const out = await patientCli(['request', '--practitioner', practitionerId, '--in-days', '2', ...as]);
  const sessionId = /Session ([0-9a-f-]{36})/.exec(out)![1]!;
  const accepted = await api('POST', `/api/portal/sessions/${sessionId}/accept`, { token: practitionerToken });
  expect(accepted.status).toBe(200);
  patients.push({ name: `${firstName} Patient`, ...account, token: await tokenFor(account.email, account.password), sessionId });
}

beforeAll(async () => {
  browser = await launch();
  practitioner = await newListedPractitioner();
  practitionerToken = await tokenFor(practitioner.email);
  await acceptedSession('Lindiwe');
  await acceptedSession('Pieter');
  ({ context, page, errors } = await newPage(browser));
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('running the practice', () => {
  it('registers a warehouse (each missing field blocks it) and the Kits entry leaves the sidebar', { timeout: 120_000 }, async () => {
    // Without a warehouse the Kits page is in the sidebar: no kits yet.
    await signIn(page, practitioner.email, '/kits');
    await page.waitForURL(`${baseUrl()}/kits`, WAIT);
    await expect.poll(h1, WAIT).toBe('Kits');
    await page.getByText('No kits yet.', { exact: false }).waitFor(WAIT);
    await expectAccessible(page, 'kits, empty');
    await nav().getByRole('link', { name: 'Warehousing', exact: true }).click();
    await page.waitForURL(`${baseUrl()}/warehousing`, WAIT);
    await expect.poll(h1, WAIT).toBe('Warehousing');
    await nav().getByRole('link', { name: 'Kits', exact: true }).waitFor(WAIT);
    await page.getByText('You have no consignment warehouse yet.', { exact: false }).waitFor(WAIT);
    await expectAccessible(page, 'warehousing, empty');

    await page.getByRole('button', { name: 'Register warehouse' }).click();
    const form = page.getByRole('region', { name: 'Register warehouse' });
    await form.waitFor();
    const submit = form.getByRole('button', { name: 'Register warehouse' });
    expect(await submit.isDisabled()).toBe(true);
    const values: [RegExp, string][] = [
      [/^Name/, 'Gardens store room'],
      [/^Contact person/, 'Rosalind Franklin'],
      [/^Contact number/, '+27215550123'],
      [/^Street address/, '1 Long Street'],
      [/^Suburb/, 'Gardens'],
      [/^State/, 'Western Cape'],
      [/^Postal code/, '8001'],
    ];
    for (const [name, value] of values) await form.getByRole('textbox', { name }).fill(value);
    // Seven of eight: the country is still missing.
    expect(await submit.isDisabled()).toBe(true);
    await form.getByRole('combobox', { name: /^Country code/ }).click();
    await page.getByRole('option', { name: 'South Africa (ZA)' }).click();
    expect(await submit.isEnabled()).toBe(true);
    // Each field emptied on its own blocks the form again.
    for (const [name, value] of values) {
      const input = form.getByRole('textbox', { name });
      await input.fill('');
      expect(await submit.isDisabled(), String(name)).toBe(true);
      await input.fill(value);
      expect(await submit.isEnabled(), String(name)).toBe(true);
    }
    await expectAccessible(page, 'warehouse form');

    await submit.click();
    const card = page.getByRole('region', { name: 'Gardens store room' });
    await card.waitFor(WAIT);
    await card.getByText('No coordinates: maps not configured').waitFor();
    await card.getByText('Primary', { exact: true }).waitFor();
    // The practitioner now has a warehouseID: kits come through it, not the Kits menu.
    await expect.poll(() => nav().getByRole('link', { name: 'Kits', exact: true }).count(), WAIT).toBe(0);
    await toastGone('Warehouse registered.');
    await expectAccessible(page, 'warehousing, registered');
  });

  it('receives stock: the provider consigns, the practitioner marks it received', { timeout: 60_000 }, async () => {
    const consigned = await adminApi<{ consignment: { id: string } | null; kits: { sampleLabel: string }[] }>('POST', '/consignments', {
      practitionerEmail: practitioner.email,
      count: 3,
    });
    expect(consigned.status).toBe(201);
    expect(consigned.body.consignment).not.toBeNull();
    labels = consigned.body.kits.map((k) => k.sampleLabel);

    await page.reload();
    const card = page.getByRole('region', { name: 'Gardens store room' });
    await card.getByText('3 kits, dispatched on', { exact: false }).waitFor(WAIT);
    // Nothing on hand yet: the low-stock warning shows, from what the practice holds in all.
    await page.getByRole('region', { name: 'Your stock' }).getByText('Low stock').waitFor();
    await card.getByRole('button', { name: /^Mark as received: 3 kits/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Mark as received' });
    await confirm.getByText('This cannot be undone.', { exact: false }).waitFor();
    await expectAccessible(page, 'mark as received');
    await confirm.getByRole('button', { name: 'Mark as received' }).click();
    await confirm.waitFor({ state: 'detached', ...WAIT });
    await card.getByText('No consignments in transit.').waitFor(WAIT);
    const onHand = card.locator('dt', { hasText: 'On hand' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => onHand.textContent(), WAIT).toBe('3');
    // The practice's kits are listed on this page (the Kits entry left the sidebar with the warehouse).
    const kits = page.getByRole('region', { name: 'Your kits' });
    for (const label of labels) await kits.getByRole('row').filter({ hasText: label }).waitFor(WAIT);
    await toastGone('3 kits added to your stock.');
    await expectAccessible(page, 'warehousing, stocked');
  });

  it('assigns a kit from the table, then refuses the taken kit on the overview with 400416’s text', { timeout: 90_000 }, async () => {
    const [first, second] = patients as [(typeof patients)[0], (typeof patients)[0]];
    const kits = page.getByRole('region', { name: 'Your kits' });
    await kits.getByRole('button', { name: `Assign to session: kit ${labels[0]}` }).click();
    const dialog = page.getByRole('dialog', { name: `Assign kit ${labels[0]}` });
    await dialog.getByRole('radio', { name: new RegExp(`^${first.name}`) }).check(WAIT);
    await expectAccessible(page, 'assign to session');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText(`will be handed to ${first.name}`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Assign kit' }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    const row = kits.getByRole('row').filter({ hasText: labels[0]! });
    await row.getByRole('link', { name: first.name }).waitFor(WAIT);
    await row.getByText('Assigned', { exact: true }).waitFor();

    // The second patient's overview: the taken kit is refused with the catalogue's words.
    await page.goto(`${baseUrl()}/sessions/${second.sessionId}/`);
    await expect.poll(h1, WAIT).toBe('Overview');
    const packages = page.getByRole('region', { name: 'Packages' });
    const input = packages.getByRole('textbox', { name: 'Sample label' });
    await input.fill(labels[0]!.toLowerCase());
    await packages.getByRole('button', { name: 'Assign kit' }).click();
    await packages.getByText(TAKEN).waitFor(WAIT);
    expect(await input.inputValue()).toBe(labels[0]!.toLowerCase());
    await expectAccessible(page, 'overview, taken kit');
    await input.fill(labels[1]!);
    await packages.getByRole('button', { name: 'Assign kit' }).click();
    await packages.getByRole('table').getByText(labels[1]!).waitFor(WAIT);
    expect(await packages.getByText(TAKEN).count()).toBe(0);

    // The data request on the first session brings the provider's fee (SPEC §9).
    await page.goto(`${baseUrl()}/sessions/${first.sessionId}/`);
    await expect.poll(h1, WAIT).toBe('Overview');
    await page.getByRole('region', { name: 'Packages' }).getByText(labels[0]!).waitFor(WAIT);
    await page.getByRole('button', { name: 'Request data' }).click();
    await page.getByRole('dialog', { name: 'Request data' }).getByRole('button', { name: 'Request data' }).click();
    await page
      .getByRole('region', { name: 'Readiness' })
      .getByText(/^Waiting for the patient/)
      .waitFor(WAIT);
    await expectAccessible(page, 'overview, kit assigned');
  });

  it('creates a generated discount code, a patient order uses it, deactivating asks first', { timeout: 90_000 }, async () => {
    await page.goto(`${baseUrl()}/discount-codes`);
    await expect.poll(h1, WAIT).toBe('Discount codes');
    await page.getByText('No discount codes yet.', { exact: false }).waitFor(WAIT);
    await expectAccessible(page, 'discount codes, empty');
    await page.getByRole('button', { name: 'Create discount code' }).click();
    const form = page.getByRole('region', { name: 'Create discount code' });
    await form.getByRole('button', { name: 'Generate a random code' }).click();
    const code = await form.getByRole('textbox', { name: /^Code/ }).inputValue();
    expect(code).toMatch(/^[A-Z0-9]{10}$/);
    await form.getByRole('button', { name: 'Create code' }).click();
    await form.getByText('This field is required').waitFor();
    await form.getByRole('textbox', { name: /^Percentage off/ }).fill('10');
    await form.getByText('Item requires shipping').waitFor();
    await form.getByText('Add a new kit').waitFor();
    await expectAccessible(page, 'discount code form');
    await form.getByRole('button', { name: 'Create code' }).click();
    await form.waitFor({ state: 'detached', ...WAIT });
    const row = page.getByRole('table', { name: 'Discount codes' }).getByRole('row').filter({ hasText: code });
    await row.getByText('10% off').waitFor(WAIT);
    await row.getByText('0 / unlimited').waitFor();
    await row.getByText('Active').waitFor();

    // A patient orders a kit from the practice with the code (the mobile app's API).
    const patient = patients[0]!;
    const order = await api<{ discountCode: string | null; discountCents: number; totalCents: number; subtotalCents: number }>('POST', '/api/patient/orders', {
      token: patient.token,
      body: { practitionerID: practitionerId, product: 'kit', discountCode: code.toLowerCase() },
    });
    expect(order.status).toBe(201);
    expect(order.body.discountCode).toBe(code);
    expect(order.body.discountCents).toBe(Math.floor(order.body.subtotalCents / 10));
    await page.reload();
    await row.getByText('1 / unlimited').waitFor(WAIT);
    await toastGone(`Discount code ${code} created.`);
    await expectAccessible(page, 'discount codes, used');

    // Deactivating cannot be undone: it asks first; then the code is refused on the next order.
    await row.getByRole('button', { name: `Deactivate: ${code}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate discount code' });
    await confirm.getByText('This cannot be undone.', { exact: false }).waitFor();
    await expectAccessible(page, 'deactivate confirmation');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await confirm.waitFor({ state: 'detached', ...WAIT });
    await row.getByText('Deactivated').waitFor(WAIT);
    const refused = await api<{ error: { fieldErrors: Record<string, string[]> } }>('POST', '/api/patient/orders', {
      token: patient.token,
      body: { practitionerID: practitionerId, product: 'kit', discountCode: code },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fieldErrors.discountCode).toEqual(['This discount code is not valid']);
  });

  it('shows the data-request fee in Latest transactions and the full list, and exports the CSV', { timeout: 90_000 }, async () => {
    await page.goto(`${baseUrl()}/summary`);
    await expect.poll(h1, WAIT).toBe('Summary');
    const latest = page.getByRole('table', { name: 'Latest transactions' });
    const fee = latest.getByRole('row').filter({ hasText: 'Data request fee' });
    await fee.waitFor(WAIT);
    await fee.getByText('Due', { exact: true }).waitFor();
    await latest.getByRole('row').filter({ hasText: 'Kit sale' }).waitFor();
    await latest.getByRole('row').filter({ hasText: 'Discount applied' }).waitFor();
    await page.getByRole('table', { name: 'Totals per period' }).waitFor(WAIT);
    await expectAccessible(page, 'summary');

    await page.getByRole('link', { name: 'View all transactions' }).click();
    await page.waitForURL(`${baseUrl()}/summary/transactions`, WAIT);
    await expect.poll(h1, WAIT).toBe('Transactions');
    const table = page.getByRole('table', { name: 'Transactions' });
    await table.getByRole('row').filter({ hasText: 'Data request fee' }).waitFor(WAIT);
    await expectAccessible(page, 'transactions');

    // Filters live in the address; the list and the export follow them.
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Data request fee' }).click();
    await page.waitForURL(/kind=data_request_fee/, WAIT);
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'Kit sale' }).count(), WAIT).toBe(0);
    await table.getByRole('row').filter({ hasText: 'Data request fee' }).waitFor();
    expect(page.url()).not.toContain(patients[0]!.email);

    const [download] = await Promise.all([page.waitForEvent('download', WAIT), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await fs.readFile((await download.path())!, 'utf8');
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toBe(TRANSACTION_CSV_COLUMNS.join(','));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.includes('Data request fee'))).toBe(true);
    expect(rows.some((r) => r.includes(patients[0]!.sessionId))).toBe(true);
    await expectAccessible(page, 'transactions, filtered');
    expect(errors).toEqual([]);
  });
});
