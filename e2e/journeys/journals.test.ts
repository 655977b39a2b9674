import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newPatient, patientCli, tokenFor } from '../support/api';
import { baseUrl, expectAccessible, launch, newPage, signIn } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const FIRST = 'Reviewed the genotype results with the patient today.';
const OFFLINE = ' Typed while the network was down.';

/** A patient whose session with ada is accepted and whose data request is confirmed. */
async function acceptedSessionWithAda() {
  const patient = await newPatient('Journey');
  const list = await patientCli(['practitioners', '--email', patient.email, '--password', patient.password, '--search', 'Lovelace']);
  const practitionerId = list.trim().split(/\s+/)[0]!;
  const requested = await patientCli(['request', '--practitioner', practitionerId, '--in-days', '2', '--email', patient.email, '--password', patient.password]);
  const sessionId = /Session ([0-9a-f-]{36})/.exec(requested)![1]!;
  const ada = await tokenFor('ada.lovelace@demo.test');
  expect((await api('POST', `/api/portal/sessions/${sessionId}/accept`, { token: ada })).status).toBe(200);
  expect((await api('POST', `/api/portal/sessions/${sessionId}/data-request`, { token: ada })).status).toBe(201);
  await patientCli(['confirm-data', '--session', sessionId, '--email', patient.email, '--password', patient.password]);
  return { patient, sessionId, ada };
}

describe('journal notes', () => {
  it('write, leave, come back to the draft, survive a network cut, submit; the session completes and the patient reads the note', async () => {
    const { patient, sessionId, ada } = await acceptedSessionWithAda();
    expect((await api('GET', `/api/portal/sessions/${sessionId}/results`, { token: ada })).status).toBe(200);

    const { context, page, errors } = await newPage(browser);
    await signIn(page, 'ada.lovelace@demo.test', `/sessions/${sessionId}/notes`);
    await page.waitForURL(`${baseUrl()}/sessions/${sessionId}/notes`);
    const editor = page.getByLabel(/Journal notes/);
    await editor.fill(FIRST);
    await expect.poll(() => page.getByText(/^Saved/).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expectAccessible(page, 'session journal');

    // Leave and come back: the draft is there.
    await page.goto(`${baseUrl()}/journals`);
    await expect.poll(() => page.getByRole('link', { name: /Journey Patient/ }).count()).toBeGreaterThan(0);
    await expectAccessible(page, 'journals');
    await page.goto(`${baseUrl()}/sessions/${sessionId}/notes`);
    await expect.poll(() => editor.inputValue()).toBe(FIRST);

    // Cut the network during autosave: the text stays, marked not saved, and reaches the server once back.
    await context.setOffline(true);
    await editor.press('End');
    await editor.pressSequentially(OFFLINE);
    await expect.poll(() => page.getByText('Not saved').count(), { timeout: 15_000 }).toBe(1);
    expect(await editor.inputValue()).toBe(FIRST + OFFLINE);
    await context.setOffline(false);
    await expect.poll(() => page.getByText('Not saved').count(), { timeout: 20_000 }).toBe(0);
    await expect
      .poll(
        async () => (await api<{ entry: { description: string } }>('GET', `/api/portal/sessions/${sessionId}/journal`, { token: ada })).body.entry.description,
        { timeout: 10_000 },
      )
      .toBe(FIRST + OFFLINE);

    // Submit, confirming that it completes the session.
    await page.getByRole('button', { name: 'Submit to patient' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('completes the session');
    await expectAccessible(page, 'submit confirmation');
    await dialog.getByRole('button', { name: 'Submit and complete session' }).click();
    await expect.poll(() => page.getByText('Submitted notes are read-only.').count()).toBe(1);
    expect(await page.getByLabel(/Journal notes/).count()).toBe(0);

    const session = await api<{ status: number }>('GET', `/api/portal/sessions/${sessionId}`, { token: ada });
    expect(session.body.status).toBe(4);
    expect((await api('GET', `/api/portal/sessions/${sessionId}/results`, { token: ada })).status).toBe(404);
    const read = await patientCli(['journal', '--session', sessionId, '--email', patient.email, '--password', patient.password]);
    expect(read).toContain(FIRST + OFFLINE);

    // Listed as Submitted; an addendum is added beside the original.
    await page.goto(`${baseUrl()}/journals`);
    await page.locator('label', { hasText: /^Submitted$/ }).click();
    await expect.poll(() => page.getByRole('link', { name: /Journey Patient/ }).count()).toBeGreaterThan(0);
    await page
      .getByRole('link', { name: /Journey Patient/ })
      .first()
      .click();
    await expect.poll(() => page.title()).toBe('Write in Journal | Practitioner Portal');
    await page.getByLabel(/New addendum/).fill('Addendum: the lab confirmed the sample quality.');
    await page.getByRole('button', { name: 'Add addendum' }).click();
    await expect.poll(() => page.getByText('Addendum: the lab confirmed the sample quality.').count()).toBe(1);
    await expectAccessible(page, 'write in journal');
    expect(errors).toEqual([]);
    await context.close();
  });
});
