import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_QUESTIONS } from '../../apps/server/src/modules/course/content';
import { DEMO_PASSWORD, baseUrl, cookieValue, expectAccessible, launch, newPage, signIn } from '../support/browser';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const COOKIE = 'portal_auth_local';
const NOT_ACCEPTED = 'Practitioner needs to be accepted in order to access this section';
// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** `npm run admin -- …` against the journey's server, as the provider's staff run it. */
async function admin(...args: string[]) {
  const { stdout } = await promisify(execFile)('npm', ['run', 'admin', '--silent', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, PORTAL_URL: baseUrl(), ADMIN_TOKEN: inject('adminToken') },
    timeout: 60_000,
  });
  return stdout;
}

// The machine may be busy: give the portal time before calling a wait a failure.
const WAIT = { timeout: 10_000 };

const heading = (page: Page, name: string, level = 2) => page.getByRole('heading', { level, name, exact: true });

/** Waits until a dialog has faded in completely: a scan mid-transition reads colours nobody sees. */
async function settled(dialog: Locator) {
  await dialog.waitFor();
  await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity), WAIT).toBe('1');
}

async function answerTest(page: Page, wrong: number) {
  for (const [i, q] of TEST_QUESTIONS.entries()) {
    const option = i < wrong ? q.options.find((o) => o.id !== q.correct)! : q.options.find((o) => o.id === q.correct)!;
    await page.getByRole('radiogroup', { name: q.text }).getByRole('radio', { name: option.text, exact: true }).check();
  }
  await page.getByRole('button', { name: 'Submit my answers' }).click();
}

describe('a new practitioner from sign-up to listed', () => {
  it('registers, is reviewed by the provider, takes the course and test, and is listed for patients', { timeout: 240_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    const suffix = Date.now().toString(36);
    const email = `grace.${suffix}@example.com`;
    const lastName = `Hopper${suffix.replace(/\d/g, '')}`;

    // Account creation happens in the sign-on app, which sends the new user to onboarding.
    await page.goto(`${baseUrl()}/sso/sign-up?redirect=${encodeURIComponent(`${baseUrl()}/onboarding`)}`);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill(lastName);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone number').fill('+27215550199');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Confirm password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${baseUrl()}/onboarding`);
    await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);

    // Step 1: the practice, checked with the contract's validators.
    await heading(page, 'Your practice').waitFor();
    expect(await page.getByRole('navigation').count()).toBe(0);
    await expectAccessible(page, 'onboarding: practice');
    await page.getByLabel('General Practitioner').check();
    await page.getByLabel('HPCSA registration number').fill('mp 0123457');
    await page.getByLabel('Practice number').fill('12a');
    await page.getByLabel('Practice description').fill('General practice with a focus on pharmacogenomics and prevention.');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByText('Value is not valid.').count(), WAIT).toBe(1);
    await expectAccessible(page, 'onboarding: practice with an error');
    await page.getByLabel('Practice number').fill('1234567');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: the profile picture, checked and uploaded.
    await heading(page, 'Your profile picture').waitFor();
    await page.locator('input[type="file"]').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'The picture must be a PNG, JPEG or WebP image' }).count(), WAIT).toBe(1);
    await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.getByText('File uploaded successfully').count(), WAIT).toBe(1);
    await expectAccessible(page, 'onboarding: picture');
    // The toast closes by itself after 3 s; a later scan must not catch it mid-fade.
    await expect.poll(() => page.getByText('File uploaded successfully').count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: languages and specializations.
    await heading(page, 'Languages and specializations').waitFor();
    await page.getByRole('combobox', { name: 'Languages' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Specializations' }).click();
    await page.getByRole('option', { name: 'Pharmacogenomics' }).click();
    await page.keyboard.press('Escape');
    await expectAccessible(page, 'onboarding: languages');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 4: the address; what was typed survives a reload.
    await heading(page, 'Practice address').waitFor();
    await page.getByLabel('Street address').fill('1 Long Street');
    await page.getByLabel('Suburb').fill('Gardens');
    await page.getByLabel('City').fill('Cape Town');
    await page.getByLabel('Province or state').fill('Western Cape');
    await page.getByLabel('Postal code').fill('8001');
    await expectAccessible(page, 'onboarding: address');
    await expect.poll(() => page.getByText('Draft saved').count(), { timeout: 10_000 }).toBe(1);
    await page.reload();
    await heading(page, 'Practice address').waitFor();
    expect(await page.getByLabel('City').inputValue()).toBe('Cape Town');
    expect(await page.getByLabel('Postal code').inputValue()).toBe('8001');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 5: availability.
    await heading(page, 'Availability').waitFor();
    await page.getByRole('button', { name: 'Add a slot' }).click();
    await expectAccessible(page, 'onboarding: availability');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 6: the portal terms in the PDF viewer; registering needs them accepted.
    await heading(page, 'Portal Terms & Conditions').waitFor();
    await page.locator('canvas').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Register my practice' }).click();
    await expect.poll(() => page.getByText('Accept the Portal Terms & Conditions to register your practice.').count(), WAIT).toBe(1);
    await page.getByRole('button', { name: 'Accept the Portal Terms & Conditions' }).click();
    await page.getByText('You have accepted the Portal Terms & Conditions.').waitFor();
    await expectAccessible(page, 'onboarding: terms');

    // A failed request loses nothing: the form keeps its content and the next try succeeds.
    let failOnce = true;
    await page.route('**/api/portal/me/', async (route) => {
      if (route.request().method() === 'POST' && failOnce) {
        failOnce = false;
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: '503000', message: 'The service is temporarily unavailable, please try again shortly' } }),
        });
      } else {
        await route.fallback();
      }
    });
    await page.getByRole('button', { name: 'Register my practice' }).click();
    const errorDialog = page.getByRole('dialog', { name: 'Something went wrong' });
    await errorDialog.getByText('The service is temporarily unavailable, please try again shortly').waitFor();
    await errorDialog.getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('button', { name: 'Register my practice' }).click();

    // The waiting screen and the demo tour.
    await heading(page, 'Your practice is being reviewed', 1).waitFor();
    await expectAccessible(page, 'waiting for review');
    await page.getByRole('button', { name: 'Take the demo tour' }).click();
    const tour = page.getByRole('dialog', { name: 'Demo tour' });
    await tour.getByText('Step 1 of 9').waitFor();
    await settled(tour);
    await expectAccessible(page, 'demo tour');
    await tour.getByRole('button', { name: 'Next' }).click();
    await tour.getByRole('button', { name: 'Next' }).click();
    await tour.getByRole('button', { name: 'Next' }).click();
    await tour.getByRole('heading', { name: 'Genotype results' }).waitFor();
    await expectAccessible(page, 'demo tour: results');
    await tour.getByRole('button', { name: 'Skip the tour' }).click();
    await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);

    // The provider reviews the practice from the terminal; the practitioner gets the email.
    expect(await admin('practitioners', 'list', '--status', 'created')).toContain(email);
    expect(await admin('practitioners', 'accept', email)).toContain('Accepted');
    await expect(admin('practitioners', 'decline', email)).rejects.toThrow(/User needs to progress properly through statuses/);
    await page.goto(`${baseUrl()}/dev/mailbox`);
    const mail = page.locator('article', { hasText: 'Your practice has been accepted' }).filter({ hasText: email });
    await expect.poll(() => mail.count(), WAIT).toBe(1);

    // The course, lesson by lesson (progress is saved), then the test.
    await page.goto(`${baseUrl()}/course`);
    await heading(page, 'Practitioner onboarding course').waitFor();
    await expectAccessible(page, 'course');
    await page.getByRole('link', { name: 'Start the course' }).click();
    await heading(page, 'What a genotype result is').waitFor();
    await expectAccessible(page, 'lesson');
    const lessonTitle = page.locator('#lesson-title');
    for (let i = 0; ; i++) {
      await page.getByRole('button', { name: /^Mark as completed/ }).waitFor();
      const last = await page.getByRole('button', { name: 'Mark as completed', exact: true }).count();
      const before = page.url();
      const title = await lessonTitle.textContent();
      await page.getByRole('button', { name: last ? 'Mark as completed' : 'Mark as completed and continue', exact: true }).click();
      await page.waitForURL((u) => u.href !== before);
      if (last) break;
      // The address changes a moment before the next lesson replaces this one on screen.
      await expect.poll(() => lessonTitle.textContent(), { timeout: 10_000 }).not.toBe(title);
      expect(i).toBeLessThan(20);
    }
    await page.waitForURL(`${baseUrl()}/course?view=test`);
    await page.getByRole('radiogroup').first().waitFor();
    await expectAccessible(page, 'test');

    await answerTest(page, 3);
    await page.getByText(/^Not passed: 75%/).waitFor();
    await expectAccessible(page, 'test failed');
    await page.getByRole('button', { name: 'Try again' }).click();
    await answerTest(page, 1);
    await page.getByText(/^Passed: 91%/).waitFor();
    await expectAccessible(page, 'test passed');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the certificate (PDF)' }).click()]);
    const pdf = await fs.readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // Accepted: the portal's landing page is now Summary.
    await page.goto(`${baseUrl()}/`);
    await page.waitForURL(`${baseUrl()}/summary`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('Summary');
    await expectAccessible(page, 'summary');

    // And patients find the practice in their app.
    const patient = await fetch(`${baseUrl()}/sso/api/patients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `patient.${suffix}@example.com`,
        password: DEMO_PASSWORD,
        firstName: 'Pat',
        lastName: 'Ient',
        phoneNumber: '+27215550198',
      }),
    });
    const { accessToken } = (await patient.json()) as { accessToken: string };
    const listed = await fetch(`${baseUrl()}/api/patient/practitioners/?search=${lastName}`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(((await listed.json()) as { results: Array<{ firstName: string; lastName: string }> }).results).toEqual([
      expect.objectContaining({ firstName: 'Grace', lastName }),
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a practitioner awaiting review', () => {
  it('ben sees Summary, Warehousing and Discount codes dimmed and is refused by address and by API', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, 'ben.carter@demo.test');
    await page.waitForURL(`${baseUrl()}/course`);
    await heading(page, 'Practitioner onboarding course').waitFor();
    const nav = page.getByRole('navigation');
    for (const name of ['Summary', 'Warehousing', 'Discount codes']) {
      expect(await nav.getByRole('link', { name, exact: true }).count(), name).toBe(0);
      const item = nav.locator('[aria-disabled="true"]', { hasText: name }).first();
      expect(await item.evaluate((el) => getComputedStyle(el).opacity), name).toBe('0.32');
    }
    await expect.poll(() => page.getByText('Your practice is awaiting the provider’s review').count(), WAIT).toBe(1);
    await expectAccessible(page, 'course awaiting review');

    await page.goto(`${baseUrl()}/warehousing`);
    await expect.poll(() => page.getByText(NOT_ACCEPTED).count(), WAIT).toBe(1);
    await expectAccessible(page, 'warehousing refused');
    await page.goto(`${baseUrl()}/settings?tab=payment`);
    await expect.poll(() => page.getByText(NOT_ACCEPTED).count(), WAIT).toBe(1);
    await expectAccessible(page, 'settings: payment refused');

    // The server refuses the calls too, whatever the portal shows.
    const { accessToken } = JSON.parse(decodeURIComponent((await cookieValue(context, COOKIE))!));
    for (const [method, url, body] of [
      ['GET', '/api/portal/me/paymentDetails/', undefined],
      ['POST', '/api/portal/me/paymentDetails/', { type: 2, identifier: 'ben@example.com', currency: 'ZAR' }],
    ] as const) {
      const res = await fetch(`${baseUrl()}${url}`, {
        method,
        headers: { authorization: `Bearer ${accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(NOT_ACCEPTED);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
