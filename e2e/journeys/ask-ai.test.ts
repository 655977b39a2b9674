import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, tokenFor } from '../support/api';
import { baseUrl, expectAccessible, launch, newPage, signIn } from '../support/browser';

// The page's first render waits for the account, the practitioner and the session (about 1 s here with
// nothing else running): a poll's default second is too short once the rest of the suite shares the cores.
const WAIT = { timeout: 20_000 };

/** A demo patient's session with ada, by the whole name: other journeys sign up patients of their own, and a first name can repeat. */
async function sessionOf(token: string, name: string): Promise<string> {
  const list = await api<{ results: Array<{ id: string; user: { firstName: string; lastName: string } }> }>(
    'GET',
    `/api/portal/sessions/?search=${encodeURIComponent(name.split(' ').at(-1)!)}`,
    { token },
  );
  const found = list.body.results.find((s) => `${s.user.firstName} ${s.user.lastName}` === name);
  if (!found) throw new Error(`no session of ${name}`);
  return found.id;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('Ask AI', () => {
  it('asks, reads the streamed answer with citations, follows one, and makes a journal draft', async () => {
    const ada = await tokenFor('ada.lovelace@demo.test');
    const sessionId = await sessionOf(ada, 'Thandi Nkosi');
    const before =
      (await api<{ entry: { description: string } | null }>('GET', `/api/portal/sessions/${sessionId}/journal`, { token: ada })).body.entry?.description ?? '';

    const { context, page, errors } = await newPage(browser);
    await signIn(page, 'ada.lovelace@demo.test', `/sessions/${sessionId}/ask-ai`);
    await page.waitForURL(`${baseUrl()}/sessions/${sessionId}/ask-ai`);
    await expect.poll(() => page.getByText(/not medical advice/).count(), WAIT).toBeGreaterThan(0);
    await expectAccessible(page, 'ask ai');

    const streamed = page.waitForResponse((r) => r.url().endsWith(`/ai/ask`) && (r.headers()['content-type'] ?? '').includes('text/event-stream'));
    await page.getByRole('button', { name: 'Summary of results' }).click();
    await streamed;
    const firstSource = page.getByRole('link', { name: /^Source 1:/ }).first();
    await firstSource.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByText('Data used', { exact: true }).count(), WAIT).toBe(1);
    await expectAccessible(page, 'ask ai answer');

    // Only what the practitioner ticks goes to the journal draft, in plain words.
    await page.getByRole('checkbox', { name: 'Add line 1 to the journal draft' }).check();
    await page.getByRole('button', { name: 'Add the ticked lines to the journal draft (1)' }).click();
    const saved = (await api<{ results: Array<{ id: string }> }>('GET', `/api/portal/sessions/${sessionId}/ai/answers`, { token: ada })).body.results[0]!;
    const full = (
      await api<{ statements: Array<{ text: string }>; evidence: Array<{ text: string }> }>('GET', `/api/portal/sessions/${sessionId}/ai/answers/${saved.id}`, {
        token: ada,
      })
    ).body;
    await expect
      .poll(
        async () => (await api<{ entry: { description: string } }>('GET', `/api/portal/sessions/${sessionId}/journal`, { token: ada })).body.entry.description,
        { timeout: 10_000 },
      )
      .toContain(full.statements[0]!.text);
    const after = (await api<{ entry: { description: string } }>('GET', `/api/portal/sessions/${sessionId}/journal`, { token: ada })).body.entry.description;
    expect(after.startsWith(before)).toBe(true);
    const added = after.slice(before.length);
    expect(added).not.toContain('not medical advice');
    for (const st of full.statements.slice(1)) expect(added).not.toContain(st.text);
    expect(full.evidence.filter((e) => added.includes(e.text))).toEqual([]);

    // Follow a citation to the record it stands on.
    const href = await firstSource.getAttribute('href');
    expect(href).toMatch(new RegExp(`^/sessions/${sessionId}/(result/|questionnaires/|reports)`));
    await firstSource.click();
    await page.waitForURL(`${baseUrl()}${href}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), WAIT).toBe(1);

    // The earlier answer can be reopened.
    await page.goto(`${baseUrl()}/sessions/${sessionId}/ask-ai`);
    await page
      .getByRole('button', { name: /Summary of results/ })
      .last()
      .click();
    await expect.poll(() => page.getByRole('link', { name: /^Source 1:/ }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Nomsa's summary fits the first screen at 1366×900 above 'Show all evidence', clopidogrel first; the evidence opens; axe clean", async () => {
    const ada = await tokenFor('ada.lovelace@demo.test');
    const sessionId = await sessionOf(ada, 'Nomsa Khumalo');
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, 'ada.lovelace@demo.test', `/sessions/${sessionId}/ask-ai`);
    await page.waitForURL(`${baseUrl()}/sessions/${sessionId}/ask-ai`);
    await page.getByRole('button', { name: 'Summary of results' }).click();
    const show = page.getByRole('button', { name: /^Show all evidence/ });
    await show.waitFor(WAIT);

    // The first line is the medicine she takes that CPIC advises avoiding, with the alternatives it names.
    const answer = page.getByRole('region', { name: 'Answer' });
    const lines = answer.getByRole('list').first().getByRole('listitem');
    expect(await lines.first().textContent()).toMatch(/^Clopidogrel \(currently taking\): Avoid, or use an alternative .*CPIC names prasugrel or ticagrelor/);
    // Everything down to 'Show all evidence' is on the first screen, without scrolling.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await show.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    expect((await lines.last().boundingBox())!.y).toBeLessThan(box.y);
    await expectAccessible(page, 'ask ai summary');

    await show.click();
    await expect.poll(() => answer.getByRole('list').nth(1).getByRole('listitem').count(), WAIT).toBeGreaterThan(0);
    expect(await answer.getByText('Use prasugrel or ticagrelor at standard dose if no contraindication', { exact: false }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Hide the evidence' }).getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page, 'ask ai evidence');
    expect(errors).toEqual([]);
    await context.close();
  });
});
