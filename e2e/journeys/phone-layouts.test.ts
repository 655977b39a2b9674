import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, api, apiPatient, bookSession, decideSession, newListedPractitioner, tokenFor } from '../support/api';
import { baseUrl, expectAccessible, launch, newPage, signIn } from '../support/browser';

/**
 * Issue 33, item 1: every practice page of the sidebar usable on a phone and a narrow tablet. At 320,
 * 375, 541 and 768 px (SPEC §9's breakpoints: 540 for the sidebar, 768 for the rest), and at 1024 px
 * where the tables are back beside the sidebar, the document never scrolls sideways, and every action
 * of every row is inside the viewport. With
 * E2E_SCREENSHOTS=<folder> each page is also saved there as it looked, to be looked at.
 */
// 1024: a laptop beside the sidebar, where the tables are back and scroll inside their box.
const WIDTHS = [320, 375, 541, 768, 1024] as const;
const WAIT = { timeout: 20_000 };
const SHOTS = process.env.E2E_SCREENSHOTS;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => browser?.close());

interface Sweep {
  /** The address, and what each of its rows offers (one locator matching every row action). */
  path: string;
  name: string;
  actions: (page: Page) => Locator;
  /** How many row actions the practice's data puts on the page at least. */
  atLeast: number;
}

/** The document's width against the viewport's, and every row action's box against the viewport. */
async function measure(page: Page, actions: Locator) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  const outside: string[] = [];
  for (const action of await actions.all()) {
    const box = await action.boundingBox();
    const name = (await action.getAttribute('aria-label')) ?? (await action.textContent()) ?? '?';
    if (!box) outside.push(`${name}: not drawn`);
    else if (box.x < 0 || box.x + box.width > innerWidth + 0.5) outside.push(`${name}: ${Math.round(box.x)}–${Math.round(box.x + box.width)} px`);
  }
  return { scrollWidth, innerWidth, outside };
}

async function sweep(page: Page, pages: Sweep[], label: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const p of pages) {
      await page.goto(`${baseUrl()}${p.path}`);
      const actions = p.actions(page);
      await expect.poll(() => actions.count(), WAIT).toBeGreaterThanOrEqual(p.atLeast);
      // Let layout settle (fonts, a late chunk) before measuring.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const m = await measure(page, actions);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${label}-${p.name}-${width}.png`), fullPage: true });
      expect(m.scrollWidth, `${p.name} at ${width} px: the document is ${m.scrollWidth} px wide`).toBeLessThanOrEqual(m.innerWidth);
      expect(m.outside, `${p.name} at ${width} px: row actions outside the viewport`).toEqual([]);
    }
  }
}

describe('the practice pages on a phone and a narrow tablet (issue 33)', () => {
  it('kits, discount codes, the summary and the transactions: no sideways scroll, every row action on screen, at 320, 375, 541, 768 and 1024 px', async () => {
    const p = await newListedPractitioner('Mary');
    const token = await tokenFor(p.email);
    const sent = await adminApi<{ kits: { sampleLabel: string }[] }>('POST', '/consignments', { practitionerEmail: p.email, count: 3 });
    expect(sent.status).toBe(201);
    // A code with every column filled, a long upsell among them.
    const code = await api('POST', '/api/portal/discount-codes/', {
      token,
      body: {
        code: `PHONE${Date.now().toString(36).toUpperCase()}`,
        rule: {
          type: 'percentage',
          value: 10,
          currency: 'ZAR',
          minimumOrderCents: 50_000,
          validFrom: new Date().toISOString().slice(0, 10),
          validUntil: null,
          usageLimit: 20,
        },
        upsell: 'Add a consultation to go through your results together, with a nutrition plan that follows from them',
        options: { appliesTo: ['kit', 'consultation'] },
        requiresShipping: true,
        addNewKit: true,
      },
    });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    // Two fees, each with its patient and session.
    for (const name of ['Nomvula', 'Anele']) {
      const patient = await apiPatient(name);
      const session = await bookSession(patient, p.lastName);
      await decideSession(p.email, session);
      expect((await api('POST', `/api/portal/sessions/${session}/data-request`, { token })).status).toBe(201);
    }

    const { context, page, errors } = await newPage(browser);
    await signIn(page, p.email, '/summary');
    await page.getByRole('heading', { level: 1 }).waitFor(WAIT);
    await sweep(
      page,
      [
        { path: '/kits', name: 'kits', actions: (pg) => pg.getByRole('button', { name: /^Assign to session: kit / }), atLeast: 3 },
        {
          path: '/discount-codes',
          name: 'discount-codes',
          actions: (pg) => pg.getByRole('button', { name: /^(Edit discount code|Deactivate:) / }),
          atLeast: 2,
        },
        { path: '/summary', name: 'summary', actions: (pg) => pg.getByRole('link', { name: /^Session with / }), atLeast: 2 },
        { path: '/summary/transactions', name: 'transactions', actions: (pg) => pg.getByRole('link', { name: /^Session with / }), atLeast: 2 },
      ],
      'practice',
    );
    // Read as a phone reads them, the cards pass axe too.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${baseUrl()}/kits`);
    await page
      .getByRole('button', { name: /^Assign to session: kit / })
      .first()
      .waitFor(WAIT);
    await expectAccessible(page, 'kits at 375 px');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('warehousing with its kits: no sideways scroll, every row action on screen, at 320, 375, 541, 768 and 1024 px', async () => {
    const p = await newListedPractitioner('Katherine');
    const token = await tokenFor(p.email);
    await adminApi('POST', '/consignments', { practitionerEmail: p.email, count: 2 });
    for (const name of ['Back room of the practice at the Gardens Medical Centre', 'Second']) {
      const made = await api('POST', '/api/portal/me/warehouses/', {
        token,
        body: {
          contactNumber: '+27215550123',
          contactPerson: 'Katherine Johnson',
          countryCode: 'ZA',
          name,
          postalCode: '8001',
          state: 'Western Cape',
          streetAddress: '1 Long Street, Suite 1200, Gardens Medical Centre',
          suburb: 'Gardens',
        },
      });
      expect(made.status).toBe(201);
    }
    // A consignment on its way to the primary warehouse: 'Mark as received' is a row action too.
    expect((await adminApi('POST', '/consignments', { practitionerEmail: p.email, count: 4 })).status).toBe(201);

    const { context, page, errors } = await newPage(browser);
    await signIn(page, p.email, '/warehousing');
    await page.getByRole('heading', { level: 1 }).waitFor(WAIT);
    await sweep(
      page,
      [
        {
          path: '/warehousing',
          name: 'warehousing',
          actions: (pg) => pg.getByRole('button', { name: /^(Assign to session: kit |Edit: |Make primary: |Mark as received: )/ }),
          // Two kits to assign, two warehouses to edit, one to make primary, one consignment to receive.
          atLeast: 6,
        },
      ],
      'warehouse',
    );
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${baseUrl()}/warehousing`);
    await page.getByRole('button', { name: /^Mark as received: / }).waitFor(WAIT);
    await expectAccessible(page, 'warehousing at 375 px');
    expect(errors).toEqual([]);
    await context.close();
  });
});
