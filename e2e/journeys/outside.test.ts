import fs from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, launch, newPage, sessionOf, signIn } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Scans once a modal has faded in: mid-transition text is not yet at its final contrast. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

const feedAddress = (page: Page) => page.getByRole('textbox', { name: 'Calendar address' }).inputValue();
/** The feed as a calendar app reads it: no cookie, no token. */
const fetchFeed = (url: string) => fetch(url.replace(/^https?:\/\/[^/]+/, baseUrl()));

describe('reaching the practitioner outside the portal', () => {
  it('ada makes a calendar address, copies it, makes a new one and turns it off, all from the keyboard', async () => {
    const { context, page, errors } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await signIn(page, 'ada.lovelace@demo.test');
    await page.waitForURL(`${baseUrl()}/summary`);
    await page.goto(`${baseUrl()}/settings?tab=calendar`);
    await page.getByText(/A private calendar address lists your accepted sessions/).waitFor();
    expect(await page.getByRole('tab', { name: 'Calendar' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText('You have no calendar address.').waitFor();
    await expectAccessible(page, 'calendar, no address');

    await page.getByRole('button', { name: 'Make a calendar address' }).focus();
    await page.keyboard.press('Enter');
    const first = await (async () => {
      await page.getByRole('textbox', { name: 'Calendar address' }).waitFor();
      return feedAddress(page);
    })();
    expect(first).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await expectAccessible(page, 'calendar, address shown');

    // Copy: the address is on the clipboard.
    await page.getByRole('button', { name: 'Copy the address' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    // A calendar app reads it: ada's accepted demo sessions, first name and initial only.
    const feed = await fetchFeed(first);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await feed.text();
    for (const who of ['Thandi N.', 'Nomsa K.', 'Busisiwe N.']) expect(text).toContain(`SUMMARY:Session with ${who}`);
    expect(text).not.toMatch(/Nkosi|Khumalo|Lerato|Emma B/);

    // A new address, after confirming: the old one answers 404.
    await page.getByRole('button', { name: 'Make a new address' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Make a new calendar address' });
    await dialog.getByText(/The current address stops working at once/).waitFor();
    await settled(page);
    await expectAccessible(page, 'calendar, confirm a new address');
    await dialog.getByRole('button', { name: 'Make a new address' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => feedAddress(page)).not.toBe(first);
    const second = await feedAddress(page);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);

    // Cancelling changes nothing; turning it off, after confirming, makes it answer 404.
    await page.getByRole('button', { name: 'Turn off the address' }).click();
    await page.getByRole('dialog', { name: 'Turn off the calendar address' }).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect((await fetchFeed(second)).status).toBe(200);
    await page.getByRole('button', { name: 'Turn off the address' }).focus();
    await page.keyboard.press('Enter');
    const off = page.getByRole('dialog', { name: 'Turn off the calendar address' });
    await settled(page);
    await expectAccessible(page, 'calendar, confirm turning off');
    await off.getByRole('button', { name: 'Turn off', exact: true }).click();
    await page.getByText('You have no calendar address.').waitFor();
    expect((await fetchFeed(second)).status).toBe(404);

    // After a reload the address is not shown again (the server keeps only its hash).
    await page.getByRole('button', { name: 'Make a calendar address' }).click();
    await page.getByRole('textbox', { name: 'Calendar address' }).waitFor();
    await page.reload();
    await page.getByText(/Your calendar address has been on since/).waitFor();
    expect(await page.getByRole('textbox', { name: 'Calendar address' }).count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("ada exports a patient's results as FHIR from the Reports page, and sees the failure when it cannot be made", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, 'ada.lovelace@demo.test');
    await page.waitForURL(`${baseUrl()}/summary`);
    const id = await sessionOf(page, 'Nomsa Khumalo');
    await page.goto(`${baseUrl()}/sessions/${id}/reports`);
    const button = page.getByRole('button', { name: 'Export FHIR (for your health record)' });
    await button.waitFor();
    await expectAccessible(page, 'reports with the FHIR export');

    await button.focus();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/^results-DEMO-NOMSA\w*\.fhir\.json$/);
    const bundle = JSON.parse(await fs.readFile((await download.path())!, 'utf8')) as {
      resourceType: string;
      entry: Array<{ resource: { resourceType: string } }>;
    };
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.entry.filter((e) => e.resource.resourceType === 'Patient')).toHaveLength(1);
    expect(bundle.entry.filter((e) => e.resource.resourceType === 'DiagnosticReport').length).toBeGreaterThanOrEqual(2);

    // A failing export: the button stops loading and the error is shown.
    await page.route('**/api/portal/sessions/*/fhir', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: '500505', message: 'x' } }) }),
    );
    await button.click();
    await page.getByRole('alert').filter({ hasText: 'Internal issue while fetching resource' }).waitFor();
    await expect.poll(() => button.getAttribute('data-loading')).toBeNull();

    expect(errors).toEqual([]);
    await context.close();
  });
  it('ada chooses which e-mails she gets in Settings → Notifications, from the keyboard, and the choice is kept', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, 'ada.lovelace@demo.test');
    await page.waitForURL(`${baseUrl()}/summary`);
    await page.goto(`${baseUrl()}/settings?tab=notifications`);
    const requests = page.getByRole('radiogroup', { name: 'A new session request' });
    await requests.waitFor();
    await expectAccessible(page, 'notification settings');

    // Arrow keys move within a radio group, as in any form.
    await requests.getByRole('radio', { name: 'Instantly' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await requests.getByRole('radio', { name: 'Daily digest at 07:00' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save changes' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Your notification settings are saved.').waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByRole('radiogroup', { name: 'A new session request' }).getByRole('radio', { name: 'Daily digest at 07:00' }).isChecked())
      .toBe(true);

    // Back to instantly, so the other journeys' requests are mailed as by default.
    await page.getByRole('radiogroup', { name: 'A new session request' }).getByRole('radio', { name: 'Instantly' }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your notification settings are saved.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
