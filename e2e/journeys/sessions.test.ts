import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientCli } from '../support/api';
import { baseUrl, expectAccessible, launch, newPage, signIn } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = () =>
  Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8);

/** A new patient account made from the terminal, with a last name no one else has (to search by). */
async function signUpPatient(firstName: string) {
  const lastName = `E2e${stamp()}`;
  const patient = {
    email: `e2e.sessions.${Date.now()}.${stamp()}@test.example`,
    password: 'Patient-pass-1',
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
  };
  await patientCli([
    'sign-up',
    '--email',
    patient.email,
    '--password',
    patient.password,
    '--first-name',
    firstName,
    '--last-name',
    lastName,
    '--phone',
    '+27215550000',
  ]);
  return patient;
}

type Patient = Awaited<ReturnType<typeof signUpPatient>>;
const as = (p: Patient) => ['--email', p.email, '--password', p.password];

async function adaPractitionerId(p: Patient): Promise<string> {
  const out = await patientCli(['practitioners', '--search', 'Lovelace', ...as(p)]);
  const line = out.split('\n').find((l) => l.includes('Ada Lovelace'));
  if (!line) throw new Error(`ada is not listed for patients:\n${out}`);
  return line.trim().split(/\s+/)[0]!;
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

describe('sessions with patients', () => {
  it('a request from the patient app appears without a reload; reject asks first; accept, request data, the patient confirms', async () => {
    const keep = await signUpPatient('Naledi');
    const turnDown = await signUpPatient('Willem');
    // A mistyped password is named as such, not as the catalogue's generic 400401 text.
    await expect(patientCli(['sessions', '--email', keep.email, '--password', 'Not-her-pass-1'])).rejects.toThrow(
      /The email or password is not correct \(HTTP 401\)/,
    );
    const practitionerId = await adaPractitionerId(keep);

    const { context, page, errors } = await newPage(browser);
    await signIn(page, 'ada.lovelace@demo.test', '/sessions');
    await page.waitForURL(`${baseUrl()}/sessions`);
    await expect.poll(() => h1(page)).toBe('Sessions');
    await page.getByRole('tab', { name: /Pending sessions/ }).waitFor();
    await expectAccessible(page, 'sessions');

    // Both patients book from their app (the terminal here) while the list is open.
    await patientCli(['request', '--practitioner', practitionerId, '--in-days', '2', ...as(keep)]);
    await patientCli(['request', '--practitioner', practitionerId, '--in-days', '3', ...as(turnDown)]);
    const keepLink = page.getByRole('link', { name: keep.name, exact: true });
    const turnDownLink = page.getByRole('link', { name: turnDown.name, exact: true });
    // No reload: the live stream announces them.
    await keepLink.waitFor({ timeout: 20_000 });
    await turnDownLink.waitFor({ timeout: 20_000 });
    const keepRow = page.getByRole('row').filter({ has: keepLink });
    expect(await keepRow.getByText('Session scheduled').count()).toBe(1);

    // Rejecting asks first and says it cannot be undone.
    await page.getByRole('button', { name: `Reject the session request from ${turnDown.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Reject request' });
    await confirm.waitFor();
    await expect.poll(() => confirm.textContent()).toContain('This cannot be undone.');
    await expectAccessible(page, 'reject confirmation');
    await confirm.getByRole('button', { name: 'Reject request' }).click();
    // The toast first: it shows for 3 s from the answer, while the list is read again after it (and again
    // when the live event for the same change arrives), which on a loaded machine can take longer.
    await page.getByText('Session declined').first().waitFor();
    await turnDownLink.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: `Accept the session request from ${keep.name}` }).click();
    await page.getByText('Session accepted').first().waitFor();
    await keepLink.waitFor({ state: 'detached' });

    // The declined one is under Declined sessions; the accepted one is found by name under Accepted sessions.
    await page.getByRole('tab', { name: /Declined sessions/ }).click();
    await turnDownLink.waitFor();
    await page.getByRole('tab', { name: /Accepted sessions/ }).click();
    await page.getByRole('searchbox', { name: 'Search by patient name' }).fill(keep.lastName);
    await page.waitForURL(new RegExp(`search=${keep.lastName}`));
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await expectAccessible(page, 'accepted sessions, searched');
    await keepLink.click();

    await page.waitForURL(/\/sessions\/[0-9a-f-]{36}\/$/);
    const sessionId = page.url().split('/').at(-2)!;
    await expect.poll(() => h1(page)).toBe('Overview');
    const nav = page.getByRole('navigation');
    for (const name of ['Overview', 'Results', 'Reports', 'Questionnaires', 'Ask AI']) {
      expect(await nav.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    }
    const readiness = page.getByRole('region', { name: 'Readiness' });
    await readiness.getByText('Not requested').waitFor();
    await expectAccessible(page, 'overview');

    // A paid action: it asks first (the fee is named there), then there is no second request to make.
    await page.getByRole('button', { name: 'Request data' }).click();
    await page.getByRole('dialog', { name: 'Request data' }).getByRole('button', { name: 'Request data' }).click();
    await readiness.getByText(/^Waiting for the patient/).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Request data' }).isDisabled()).toBe(true);

    // Until the patient confirms, the patient's data stays closed.
    await page.goto(`${baseUrl()}/sessions/${sessionId}/questionnaires`);
    await page.getByText('The patient has not confirmed the data request yet.').waitFor();
    await expectAccessible(page, 'questionnaires, data closed');
    await page.getByRole('link', { name: 'Go to the session overview' }).click();
    await readiness.getByText(/^Waiting for the patient/).waitFor();

    await patientCli(['confirm-data', '--session', sessionId, ...as(keep)]);
    // The overview watches a pending data request: no reload needed.
    await readiness.getByText(/^Confirmed by the patient/).waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Questionnaires', exact: true }).click();
    await expect.poll(() => h1(page)).toBe('Questionnaires');
    await page
      .getByText(/The patient has no questionnaires yet\.|questions answered/)
      .first()
      .waitFor();
    await expectAccessible(page, 'questionnaires, data open');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Thandi's results: the swab, a component with its genotype table, her questionnaires", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, 'ada.lovelace@demo.test', '/sessions?status=2');
    await page.getByRole('searchbox', { name: 'Search by patient name' }).fill('Nkosi');
    const thandi = page.getByRole('link', { name: 'Thandi Nkosi', exact: true });
    await thandi.waitFor();
    expect(await page.getByRole('row').filter({ has: thandi }).getByText('Synthetic demo patient').count()).toBe(1);
    await expectAccessible(page, 'accepted sessions');
    await thandi.click();
    await expect.poll(() => h1(page)).toBe('Overview');
    await page.getByRole('heading', { name: 'Screening & Results' }).waitFor();
    await page.getByRole('region', { name: 'Highlights' }).waitFor();
    await expectAccessible(page, "Thandi's overview");
    // The access history (POPIA s23): this practitioner's own look at the overview is in it.
    await page.getByRole('button', { name: 'Show access history' }).click();
    const history = page.getByRole('region', { name: 'Access history of this patient' });
    await history.getByRole('row').filter({ hasText: 'session' }).filter({ hasText: 'you' }).first().waitFor();
    await expectAccessible(page, "Thandi's access history");
    await page.getByRole('link', { name: 'Open results' }).click();

    await expect.poll(() => h1(page)).toBe('Genotype results');
    await page.getByRole('heading', { level: 2, name: /Nutrigenomics swab/ }).waitFor();
    expect(await page.getByText('Synthetic demo data').count()).toBeGreaterThan(0);
    const minerals = page.getByRole('region', { name: 'Minerals' });
    expect(await minerals.getByRole('heading', { level: 4 }).allTextContents()).toEqual([
      'Calcium',
      'Phosphorus',
      'Potassium',
      'Sodium',
      'Chloride',
      'Magnesium',
      'Iron',
      'Zinc',
      'Iodine',
      'Chromium',
      'Copper',
      'Fluoride',
      'Molybdenum',
      'Manganese',
      'Selenium',
    ]);
    expect(await page.getByText('Due to insufficient number of SNPs we were not able to calculate your genetic score').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'genotype results');

    await minerals.getByRole('link', { name: 'Calcium', exact: true }).click();
    await page.waitForURL(/\/result\/[0-9a-f-]{36}\/components\/calcium$/);
    await expect.poll(() => h1(page)).toBe('Result');
    await page.getByRole('heading', { level: 2, name: 'Calcium' }).waitFor();
    const headers = await page.getByRole('columnheader').allTextContents();
    for (const header of ['Effects & Alleles', 'Genotype', 'Effect Allele', 'Effect Weight']) expect(headers).toContain(header);
    await page.getByRole('img', { name: /^Percentile chart/ }).waitFor();
    const pmid = page.getByRole('link', { name: /^PMID \d+/ }).first();
    expect(await pmid.getAttribute('href')).toMatch(/^https:\/\/pubmed\.ncbi\.nlm\.nih\.gov\/\d+\/$/);
    expect(await pmid.getAttribute('target')).toBe('_blank');
    await page.getByRole('heading', { name: "Let's get technical" }).waitFor();
    await page.getByRole('heading', { name: 'Reference population' }).waitFor();
    await expectAccessible(page, 'component');

    await page.getByRole('link', { name: 'Questionnaires', exact: true }).click();
    await expect.poll(() => h1(page)).toBe('Questionnaires');
    await page.getByRole('link', { name: 'Health history' }).click();
    await page.getByRole('heading', { level: 2, name: 'Health history' }).waitFor();
    await page.getByText('Which conditions have you been diagnosed with?').waitFor();
    await expectAccessible(page, 'questionnaire');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Busisiwe's results: a Decreased component in red with its label; the percentile text matches the reference table", { timeout: 120_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, 'ada.lovelace@demo.test', '/sessions?status=2');
    await page.getByRole('searchbox', { name: 'Search by patient name' }).fill('Ndlovu');
    await page.getByRole('link', { name: 'Busisiwe Ndlovu', exact: true }).click();
    await expect.poll(() => h1(page)).toBe('Overview');
    await page.getByRole('link', { name: 'Open results' }).click();
    await expect.poll(() => h1(page)).toBe('Genotype results');

    // SPEC §3: Decreased is red, and says so in words (and with its arrow), not by colour alone.
    const vitamins = page.getByRole('region', { name: 'Vitamins' });
    const card = vitamins.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Vitamin D', exact: true }) });
    const badge = card.getByText('Decreased', { exact: true });
    await badge.waitFor();
    const background = await badge.evaluate((el) => getComputedStyle(el.closest('.mantine-Badge-root') ?? el).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number) as [number, number, number];
    expect(r, background).toBeGreaterThan(200);
    expect(g, background).toBeLessThan(160);
    expect(b, background).toBeLessThan(160);
    // The card's percentile, in the portal's one number format (en-ZA: decimal comma).
    expect(await card.getByText(/^Percentile \d+(,\d+)?$/).count()).toBe(1);
    await expectAccessible(page, "Busisiwe's results");

    /** A percentage or number as the page writes it ('43,2%', '1 234,5') read back. */
    const num = (text: string) => Number(text.replace(/[%\s\u00a0\u202f]/g, '').replace(',', '.'));
    /** The percentile, the shares in the reference table, and the page's sentences about them must agree. */
    async function checkPercentile(title: string) {
      const back = page.getByRole('link', { name: 'Back to results' });
      if ((await back.count()) > 0) await back.click();
      await vitamins.getByRole('link', { name: title, exact: true }).click();
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
      const percentileText = (await page.getByText('Percentile', { exact: true }).locator('xpath=following-sibling::*[1]').textContent())!;
      const table = page.getByRole('table', { name: 'The reference distribution in numbers' });
      const cell = async (name: string) =>
        (await table
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
          .getByRole('cell')
          .textContent())!;
      const lower = await cell('Reference group scoring lower than the patient');
      const same = await cell("Reference group with the patient's score");
      const higher = await cell('Reference group scoring higher than the patient');
      expect(num(lower) + num(same) + num(higher)).toBeCloseTo(100, 0);
      // percentile = lower + same / 2, checked by hand from the table (one decimal each).
      expect(Math.abs(num(lower) + num(same) / 2 - num(percentileText)), `${lower} + ${same} / 2 vs ${percentileText}`).toBeLessThanOrEqual(0.15);
      expect(
        await page
          .getByText(
            `${lower} of the reference group score lower and ${same} have the same score: ${lower.replace('%', '')} + ${same.replace('%', '')} ÷ 2 = ${percentileText}.`,
          )
          .count(),
      ).toBe(1);
      expect(await cell('This patient')).toContain(`(percentile ${percentileText})`);
      return { lower: num(lower), same: num(same), percentile: num(percentileText), percentileText };
    }

    const d = await checkPercentile('Vitamin D');
    expect(d.percentile).toBeLessThan(20);
    await page.getByText(`The patient's percentile, ${d.percentileText}, is below 20: Decreased.`).waitFor();
    await expectAccessible(page, 'a Decreased component');

    // Vitamin A: a quarter or so of the reference group share her score, so the page shows its range.
    const a = await checkPercentile('Vitamin A');
    expect(a.same).toBeGreaterThanOrEqual(5);
    const rangeText = (await page.getByText(/percentile: .* of the reference group have this score\.$/).textContent())!;
    const [, from, to, share] = /^(\d+)(?:st|nd|rd|th)–(\d+)(?:st|nd|rd|th) percentile: (.+) of the reference group have this score\.$/.exec(rangeText)!;
    // The range runs from the share scoring lower to that plus the share with the same score (whole percentiles).
    expect(Math.abs(Number(from) - a.lower), rangeText).toBeLessThanOrEqual(0.55);
    expect(Math.abs(Number(to) - (a.lower + a.same)), rangeText).toBeLessThanOrEqual(0.6);
    expect(num(share!)).toBe(a.same);
    await page.getByText(`The patient's percentile, ${a.percentileText}, is below 20: Decreased.`).waitFor();
    // References: the score's own papers; the beta-carotene paper is further reading, with why.
    const further = page.getByRole('region', { name: 'Further reading' });
    await further.getByText(/beta-carotene, not retinol/).waitFor();
    expect(
      await page
        .getByRole('region', { name: 'References' })
        .getByText(/Ferrucci/)
        .count(),
    ).toBe(0);
    // The genotype table says which strand each SNP was read on.
    expect(await page.getByRole('columnheader', { name: 'Strand read' }).count()).toBe(1);
    await expectAccessible(page, 'a shared score');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an idle signed-in page sends no periodic requests; a new request still arrives by push', async () => {
    const patient = await signUpPatient('Lindiwe');
    const practitionerId = await adaPractitionerId(patient);
    const { context, page, errors } = await newPage(browser);
    const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/events', { timeout: 30_000 });
    await signIn(page, 'ada.lovelace@demo.test', '/sessions');
    await page.getByRole('tab', { name: /Pending sessions/ }).waitFor();
    await streamOpen;
    // The page's own first reads (and the chunks fetched when the browser is idle) settle first.
    await page.waitForTimeout(3_000);

    // 16 s idle: the old polling sent the counts and the pending list every 5 s (six requests here).
    const sent: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) sent.push(`${r.method()} ${url.pathname}`);
    });
    await page.waitForTimeout(16_000);
    expect(sent).toEqual([]);

    await patientCli(['request', '--practitioner', practitionerId, '--in-days', '2', ...as(patient)]);
    // Far sooner than any fallback poll (5 s at the earliest); how soon is measured in bench/, not here.
    await page.getByRole('link', { name: patient.name, exact: true }).waitFor({ timeout: 4_000 });
    // Only what the event concerns was read again: the lists and the counts, not the profile or the stream.
    expect(sent.length).toBeGreaterThan(0);
    expect(
      sent.every((r) => /^GET \/api\/portal\/sessions\/(counts)?$/.test(r)),
      sent.join(', '),
    ).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('while the live stream cannot be had, the pending list is polled: a new request still appears', async () => {
    const patient = await signUpPatient('Sizwe');
    const practitionerId = await adaPractitionerId(patient);
    const { context, page, errors } = await newPage(browser);
    // A proxy that refuses streams, say: every attempt at the stream fails.
    let refused = 0;
    await page.route('**/api/portal/events', (route) => {
      refused += 1;
      return route.abort('connectionrefused');
    });
    await signIn(page, 'ada.lovelace@demo.test', '/sessions');
    await page.getByRole('tab', { name: /Pending sessions/ }).waitFor();
    await patientCli(['request', '--practitioner', practitionerId, '--in-days', '2', ...as(patient)]);
    // The fallback reads the live queries 5 s after the first failure (then 10 s, 20 s …).
    await page.getByRole('link', { name: patient.name, exact: true }).waitFor({ timeout: 20_000 });
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unknown session shows a not-found state', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, 'ada.lovelace@demo.test', '/sessions/00000000-0000-4000-8000-000000000001/');
    await page.getByText('This session is unknown or does not exist.').waitFor();
    await expectAccessible(page, 'unknown session');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a booking 8 days out is refused from the terminal', async () => {
    const patient = await signUpPatient('Late');
    const practitionerId = await adaPractitionerId(patient);
    const refused = await patientCli(['request', '--practitioner', practitionerId, '--in-days', '8', ...as(patient)]).then(
      () => null,
      (error: { stderr?: string }) => error.stderr ?? '',
    );
    expect(refused).toContain('Min date is 1 day from now, max date is 7 days from now');
  });
});
