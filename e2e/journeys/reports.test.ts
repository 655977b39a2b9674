import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, launch, newPage, sessionOf, signIn } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const field = (page: Page, name: string) =>
  page
    .getByRole('textbox', { name, exact: true })
    .or(page.getByRole('combobox', { name, exact: true }))
    .first();

async function choose(page: Page, name: string, option: string) {
  await field(page, name).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** The cells of one column of the report table, by its header. */
async function column(page: Page, header: string): Promise<string[]> {
  const table = page.getByRole('region', { name: 'Report rows' }).getByRole('table');
  const headers = await table.locator('thead th').allTextContents();
  const index = headers.indexOf(header);
  expect(index, header).toBeGreaterThanOrEqual(0);
  // A drug the patient takes carries a 'Currently taking' badge in its cell.
  return (await table.locator(`tbody tr > :nth-child(${index + 1})`).allTextContents()).map((t) => t.replace('Currently taking', ''));
}

describe('pharmaco reports', () => {
  it('ada opens a patient’s report and filters it in the quick view', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, 'ada.lovelace@demo.test');
    await page.waitForURL(`${baseUrl()}/summary`);
    const id = await sessionOf(page, 'Thandi Nkosi');

    // From the session's overview to its Reports through the sidebar.
    await page.goto(`${baseUrl()}/sessions/${id}/`);
    await page.getByRole('navigation').getByRole('link', { name: 'Reports', exact: true }).click();
    await page.waitForURL(`${baseUrl()}/sessions/${id}/reports`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Pharmaco reports');
    await expect.poll(() => page.title()).toBe('Pharmaco reports | Practitioner Portal');
    await page.getByText('Please select at least one filter to show the results.').waitFor();
    expect(await page.getByRole('tab', { name: 'Quick view' }).getAttribute('aria-selected')).toBe('true');
    await expectAccessible(page, 'quick view, no filter');

    // Quick view (1): the drugs of CYP2C19, filtered on the server.
    await page.getByRole('textbox', { name: 'Name' }).fill('CYP2C19');
    await page.waitForURL(/view=1.*name=CYP2C19/);
    await page.getByRole('region', { name: 'Report rows' }).waitFor();
    const genes = await column(page, 'Gene');
    expect(genes.length).toBeGreaterThan(10);
    expect(new Set(genes)).toEqual(new Set(['CYP2C19']));
    expect(await column(page, 'Generic name')).toEqual(expect.arrayContaining(['clopidogrel', 'omeprazole', 'citalopram']));
    expect(await page.getByText('Please select at least one filter to show the results.').count()).toBe(0);
    await expectAccessible(page, 'quick view, CYP2C19');

    // The view is in the address: a reload (or a shared link) shows the same.
    await page.reload();
    await page.getByRole('region', { name: 'Report rows' }).waitFor();
    expect(new Set(await column(page, 'Gene'))).toEqual(new Set(['CYP2C19']));

    // A row's details: the recommendation, its classification and source.
    await page.getByRole('button', { name: 'Details of clopidogrel and CYP2C19' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/If considering clopidogrel, use at standard dose/).waitFor();
    await expect.poll(() => dialog.getByRole('link', { name: /CPIC Guideline for clopidogrel/ }).count()).toBe(1);
    // Scan once the modal has faded in: mid-transition text is not yet at its final contrast.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectAccessible(page, 'row details');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // The printable report of the view.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the printable report (PDF)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^pharmaco-report-DEMO-THANDI\w*-view1\.pdf$/);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('ada builds a custom filter: results from two variables and a level, then diseases', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, 'ada.lovelace@demo.test');
    await page.waitForURL(`${baseUrl()}/summary`);
    const id = await sessionOf(page, 'Thandi Nkosi');
    await page.goto(`${baseUrl()}/sessions/${id}/reports?view=1&name=CYP2C19`);
    await page.getByRole('region', { name: 'Report rows' }).waitFor();

    // Custom filtering (2): three variables from the filter groups, configured, then results and diseases.
    await page.getByRole('tab', { name: 'Custom filtering' }).click();
    await page.waitForURL(/view=2/);
    await page.getByRole('heading', { name: 'Filter groups' }).waitFor();
    const generateResults = page.getByRole('button', { name: 'Generate results' });
    const generateDiseases = page.getByRole('button', { name: 'Generate diseases' });
    expect(await generateResults.isDisabled()).toBe(true);
    await expectAccessible(page, 'custom filtering, empty');

    await page.getByRole('button', { name: 'Add Phenotype category' }).click();
    await page.getByRole('button', { name: 'Add Specialty population' }).click();
    await page.getByRole('button', { name: 'Add Level of evidence' }).click();
    const added = page.getByRole('region', { name: 'Added filter variables' });
    for (const name of ['Phenotype category', 'Specialty population', 'Level of evidence']) {
      await expect.poll(() => added.getByText(name, { exact: true }).count(), { message: name, timeout: 10_000 }).toBe(1);
    }
    await choose(page, 'Phenotype category', 'Toxicity');
    await choose(page, 'Specialty population', 'General');
    await expect.poll(() => page.getByText('2 of 4 filters configured').count()).toBe(1);
    expect(await generateResults.isDisabled()).toBe(false);
    expect(await generateDiseases.isDisabled()).toBe(true);
    await page.getByText('Configure at least 3 filters to generate diseases.').waitFor();
    await page.getByRole('checkbox', { name: '1 (CPIC A)' }).click();
    await expect.poll(() => page.getByText('3 of 4 filters configured').count()).toBe(1);

    await generateResults.click();
    await page.waitForURL(/show=results/);
    await page.getByRole('region', { name: 'Report rows' }).waitFor();
    expect(new Set(await column(page, 'Phenotype category'))).toEqual(new Set(['Toxicity']));
    expect(new Set(await column(page, 'Specialty population'))).toEqual(new Set(['General']));
    // Level 1: CPIC A, or A/B for a pair CPIC recommends for without a level in the levels file.
    expect((await column(page, 'Level of evidence')).every((l) => /^1(\/2)? \(CPIC A(\/B)?\)$/.test(l))).toBe(true);
    await expectAccessible(page, 'custom filtering, results');

    await generateDiseases.click();
    await page.waitForURL(/show=diseases/);
    await page.getByRole('heading', { name: 'Diseases', level: 2 }).waitFor();
    await page.getByRole('heading', { name: 'Myopathy', level: 3 }).waitFor();
    await expectAccessible(page, 'custom filtering, diseases');

    // Reloaded, the custom view comes back as it was.
    await page.reload();
    await page.getByRole('heading', { name: 'Myopathy', level: 3 }).waitFor();
    expect(await page.getByRole('tab', { name: 'Custom filtering' }).getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the patient on clopidogrel and paroxetine: the recommendation and the phenoconversion flag without scrolling at 1366 px, level 1 still lists abacavir, and a phone shows cards', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, 'ada.lovelace@demo.test');
    await page.waitForURL(`${baseUrl()}/summary`);
    const id = await sessionOf(page, 'Nomsa Khumalo');

    // The Overview leads with action: what to avoid first (her clopidogrel, then the HLA-B*58:01 contraindication),
    // then paroxetine's CYP2D6 line, each with the tier in words; then the nutrigenomic scores.
    await page.goto(`${baseUrl()}/sessions/${id}/`);
    const highlights = page.getByRole('region', { name: 'Highlights' });
    await highlights.getByRole('link', { name: 'clopidogrel (currently taking)' }).waitFor();
    const items = (await highlights.getByRole('listitem').allTextContents()).map((t) => t.replace(/\s+/g, ' '));
    expect(items[0]).toMatch(
      /^Avoid, or use an alternative ?clopidogrel \(currently taking\)Avoid, or use an alternative .*CPIC names prasugrel or ticagrelor/,
    );
    const allopurinol = items.findIndex((t) => /HLA-B\*58:01 positive ?Avoid, or use an alternative: allopurinol/.test(t));
    const cyp2d6 = items.findIndex((t) => /paroxetine \(currently taking\)a strong CYP2D6 inhibitor/.test(t));
    const firstScore = items.findIndex((t) => /^[A-Z][\w ]+?(Decreased|Increased|Average|Not calculated)$/.test(t));
    expect(allopurinol).toBeGreaterThan(0);
    expect(cyp2d6).toBeGreaterThan(allopurinol);
    if (firstScore >= 0) expect(firstScore).toBeGreaterThan(cyp2d6);
    await expectAccessible(page, 'overview, Nomsa');
    // The Reports page says the same lines first.
    await page.goto(`${baseUrl()}/sessions/${id}/reports`);
    const whatToDo = page.getByRole('region', { name: 'What to do' });
    await whatToDo.getByRole('link', { name: 'clopidogrel (currently taking)' }).waitFor();
    expect((await whatToDo.getByRole('listitem').allTextContents()).map((t) => t.replace(/\s+/g, ' '))).toEqual(
      items.slice(0, firstScore >= 0 ? firstScore : undefined),
    );
    await page.goto(`${baseUrl()}/sessions/${id}/`);
    await highlights.getByRole('link', { name: 'clopidogrel (currently taking)' }).waitFor();
    await highlights.getByRole('link', { name: 'clopidogrel (currently taking)' }).click();
    await page.waitForURL(/reports\?view=1&taking=1&name=clopidogrel/);

    const region = page.getByRole('region', { name: 'Report rows' });
    await region.waitFor();
    await page.getByText('Takes, among the report’s drugs: clopidogrel, paroxetine.').waitFor();
    expect(await page.getByText(/drug–gene pairs are not covered by the knowledge base/).count()).toBe(1);
    const acs = region.getByRole('row').filter({ hasText: 'Cardiovascular: acute coronary syndrome or PCI' });
    const advice = acs.getByText(/^Avoid standard dose \(75 mg\) clopidogrel if possible/);
    await advice.waitFor();
    // Visible without scrolling sideways: inside the scrolling region's box and the window, the region not scrolled.
    const box = (await advice.boundingBox())!;
    const frame = (await region.boundingBox())!;
    expect(await region.evaluate((el) => el.scrollLeft)).toBe(0);
    expect(box.x + box.width).toBeLessThanOrEqual(Math.min(frame.x + frame.width, 1366));
    for (const header of ['Classification', 'Level of evidence', 'Specialty population']) {
      const h = (await region.getByRole('columnheader', { name: header, exact: true }).boundingBox())!;
      expect(h.x + h.width, header).toBeLessThanOrEqual(frame.x + frame.width);
    }
    expect(await acs.getByText(/^CPIC updated this guideline on .*2023: confirm at cpicpgx\.org$/).count()).toBe(1);
    expect(await acs.getByText('Currently taking').count()).toBe(1);
    await expectAccessible(page, 'quick view, medicines taken');

    // Paroxetine, a strong CYP2D6 inhibitor, flags her CYP2D6 rows and shows CPIC's activity-score-0 advice beside the genetic one.
    await page.getByRole('textbox', { name: 'Name' }).fill('codeine');
    await page.waitForURL(/name=codeine/);
    // The address (and with it the box) changes a moment after the click: the page routes it in a transition.
    await page.getByRole('checkbox', { name: /Only the medicines the patient takes now/ }).click();
    await page.waitForURL((url) => !url.search.includes('taking=1'));
    const codeine = region.getByRole('row').filter({ hasText: 'codeine' });
    await codeine.getByText('Takes paroxetine, a strong CYP2D6 inhibitor: the effective phenotype may be poorer than the genotype (phenoconversion)').waitFor();
    await codeine.getByText(/If phenoconverted \(CYP2D6 activity score 0\)/).waitFor();
    await expectAccessible(page, 'quick view, phenoconversion');

    // Custom filtering at level 1: abacavir (HLA-B, a Strong CPIC pair the levels file does not grade) is listed.
    await page.goto(
      `${baseUrl()}/sessions/${id}/reports?view=2&vars=specialtyPopulation,levelOfEvidence&specialtyPopulation=General&levelOfEvidence=1&show=results`,
    );
    await region.waitFor();
    expect(await column(page, 'Generic name')).toContain('abacavir');

    // A phone: the rows become cards, nothing wider than the screen, the recommendation in view.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${baseUrl()}/sessions/${id}/reports?view=1&taking=1`);
    const cards = page.getByRole('list', { name: 'Report rows' });
    await cards.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const first = (await cards
      .getByRole('listitem')
      .first()
      .getByText(/clopidogrel|paroxetine/)
      .first()
      .boundingBox())!;
    expect(first.x + first.width).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'quick view on a phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a report stays closed while the patient has not confirmed the data request', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, 'ada.lovelace@demo.test');
    await page.waitForURL(`${baseUrl()}/summary`);
    const id = await sessionOf(page, 'Pieter van Wyk');
    await page.goto(`${baseUrl()}/sessions/${id}/reports`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Pharmaco reports');
    await expect.poll(() => page.getByText('Please select at least one filter to show the results.').count()).toBe(0);
    await expect.poll(() => page.getByRole('tab', { name: 'Quick view' }).count()).toBe(0);
    await expectAccessible(page, 'report closed');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the public attribution page credits CPIC and PharmCAT', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('link', { name: 'Attributions' }).click();
    await page.waitForURL(`${baseUrl()}/attributions`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Attributions');
    expect(await page.getByRole('heading', { name: /CPIC/, level: 2 }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: /PharmCAT/, level: 2 }).count()).toBe(1);
    await expectAccessible(page, 'attributions');
    await context.close();
  });
});
