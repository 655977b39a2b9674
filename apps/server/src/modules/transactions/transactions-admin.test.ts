import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_CSV_COLUMNS } from '@portal/contract';
import { genotypeFiles, kits, orders, paymentDetails, results, transactions, users } from '../../db/schema';
import { ADMIN_TOKEN, admin, createTestApp, createUser, DAY, practice, session, type Harness, type Practice } from '../../test/harness';
import { generateSyntheticGenotypeFile } from '../genetics';
import { centsToDecimal, csvField } from './service';
import { consign, inject } from '../../test/commerce';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp({ ADMIN_TOKEN, DATA_REQUEST_FEE_CENTS: '25000' });
});
afterAll(() => h.close());

const at = (iso: string) => new Date(iso);

/** A practice's ledger over three months (UTC), with every state. */
async function ledger(doc: Practice) {
  const base = {
    practitionerId: doc.id,
    currency: 'ZAR',
  };
  const future = new Date(Date.now() + 10 * DAY);
  const past = new Date(Date.now() - 2 * DAY);
  const rows = [
    {
      ...base,
      kind: 'data_request_fee',
      description: 'Data-request fee',
      amountCents: -25_000,
      createdAt: at('2026-01-05T10:00:00Z'),
      dueAt: at('2026-01-19T10:00:00Z'),
      paidAt: at('2026-01-10T08:00:00Z'),
    },
    {
      ...base,
      kind: 'data_request_fee',
      description: 'Data-request fee',
      amountCents: -25_000,
      createdAt: at('2026-02-03T09:00:00Z'),
      dueAt: past,
      paidAt: null,
    },
    {
      ...base,
      kind: 'data_request_fee',
      description: 'Data-request fee',
      amountCents: -25_001,
      createdAt: at('2026-02-28T23:59:59Z'),
      dueAt: future,
      paidAt: null,
    },
    {
      ...base,
      kind: 'kit_sale',
      description: 'Kit sale, "gift", for two',
      amountCents: 149_901,
      createdAt: at('2026-02-10T12:00:00Z'),
      paidAt: at('2026-02-10T12:00:00Z'),
    },
    {
      ...base,
      kind: 'discount',
      description: '=HYPERLINK("x")',
      amountCents: -7,
      createdAt: at('2026-02-10T12:00:00Z'),
      paidAt: at('2026-02-10T12:00:00Z'),
    },
    {
      ...base,
      kind: 'consultation_sale',
      description: 'Consultation sale\nline two',
      amountCents: 85_003,
      createdAt: at('2026-03-01T00:00:00Z'),
      paidAt: at('2026-03-01T00:00:00Z'),
    },
    {
      ...base,
      kind: 'kit_sale',
      description: 'Kit sale in dollars',
      amountCents: 1_999,
      currency: 'USD',
      createdAt: at('2026-03-15T00:00:00Z'),
      paidAt: at('2026-03-15T00:00:00Z'),
    },
  ];
  const inserted = await h.db.insert(transactions).values(rows).returning();
  return inserted;
}

const get = (doc: Practice, url: string) => inject(h, 'GET', url, doc.auth);

describe('transactions', () => {
  it('a data request writes its fee: negative, due 14 days later, listed as due', async () => {
    const doc = await practice(h);
    const s = await session(h, doc);
    expect((await inject(h, 'POST', `/api/portal/sessions/${s.id}/data-request`, doc.auth)).statusCode).toBe(201);
    const list = (await get(doc, '/api/portal/transactions/')).json();
    expect(list.count).toBe(1);
    const fee = list.results[0];
    expect(fee).toMatchObject({
      kind: 'data_request_fee',
      amountCents: -25_000,
      currency: 'ZAR',
      state: 'due',
      sessionID: s.id,
      paidAt: null,
    });
    expect(Math.round((Date.parse(fee.dueAt) - Date.parse(fee.createdAt)) / DAY)).toBe(14);
  });

  it("a fee names its patient as the mails and the calendar do (first name and initial) with its session; a sale its order's patient; the CSV carries both and the session's link", async () => {
    const doc = await practice(h);
    const s = await session(h, doc);
    await h.db.update(users).set({ firstName: 'Thandiwe', lastName: 'nkosi-Dlamini' }).where(eq(users.id, s.patient.user.id));
    expect((await inject(h, 'POST', `/api/portal/sessions/${s.id}/data-request`, doc.auth)).statusCode).toBe(201);
    const buyer = await createUser(h, { role: 'patient' });
    await h.db.update(users).set({ firstName: '=Sipho', lastName: 'Mokoena' }).where(eq(users.id, buyer.user.id));
    const [o] = await h.db
      .insert(orders)
      .values({ patientId: buyer.user.id, practitionerId: doc.id, product: 'kit', quantity: 1, subtotalCents: 149_900, totalCents: 149_900, currency: 'ZAR' })
      .returning();
    await h.db.insert(transactions).values([
      { practitionerId: doc.id, kind: 'kit_sale', description: 'Kit sale', amountCents: 149_900, currency: 'ZAR', orderId: o!.id, paidAt: new Date() },
      { practitionerId: doc.id, kind: 'kit_sale', description: 'Kit sale, no one named', amountCents: 100, currency: 'ZAR', paidAt: new Date() },
    ]);

    const list = (await get(doc, '/api/portal/transactions/?limit=10')).json().results as Array<Record<string, unknown>>;
    const fee = list.find((t) => t.kind === 'data_request_fee')!;
    expect(fee).toMatchObject({ sessionID: s.id, patientName: 'Thandiwe N.' });
    expect(list.find((t) => t.description === 'Kit sale')).toMatchObject({ sessionID: null, patientName: '=Sipho M.' });
    expect(list.find((t) => t.description === 'Kit sale, no one named')).toMatchObject({ sessionID: null, patientName: null });
    // Only the first name and the initial: never the whole last name.
    expect(JSON.stringify(list)).not.toContain('nkosi');

    const csv = (await get(doc, '/api/portal/transactions/export.csv')).body.split('\r\n');
    expect(csv[0]!.split(',').slice(-3)).toEqual(['Session', 'Patient', 'Session link']);
    expect(csv.find((l) => l.includes('Data-request fee'))).toMatch(new RegExp(`,${s.id},Thandiwe N\\.,${h.env.portalUrl}/sessions/${s.id}$`));
    // A name is text: one a spreadsheet would run as a formula is defused, as descriptions are.
    expect(csv.find((l) => l.includes(',Kit sale,Kit sale,'))).toMatch(/,,'=Sipho M\.,$/);
    expect(csv.find((l) => l.includes('no one named'))).toMatch(/,,,$/);
  });

  it('filters by state, kind and dates in the database, newest first and paged', async () => {
    const doc = await practice(h);
    const rows = await ledger(doc);
    const ids = async (q: string) => (await get(doc, `/api/portal/transactions/?${q}`)).json().results.map((t: { id: string }) => t.id);
    const byIndex = (...i: number[]) => i.map((n) => rows[n]!.id);

    expect(await ids('state=overdue')).toEqual(byIndex(1));
    expect(await ids('state=due')).toEqual(byIndex(2));
    expect((await ids('state=paid')).sort()).toEqual(byIndex(0, 3, 4, 5, 6).sort());
    expect(await ids('kind=data_request_fee&state=paid')).toEqual(byIndex(0));
    expect(await ids('from=2026-02-28&to=2026-03-01')).toEqual(byIndex(5, 2));
    const all = (await get(doc, '/api/portal/transactions/?limit=2&offset=1')).json();
    expect(all).toMatchObject({ count: 7, limit: 2, offset: 1 });
    expect(all.results.map((t: { id: string }) => t.id)).toEqual(byIndex(5, 2));
    expect((await get(doc, '/api/portal/transactions/?state=late')).statusCode).toBe(400);

    const other = await practice(h);
    expect((await get(other, '/api/portal/transactions/')).json().count).toBe(0);
  });

  it('totals per month and currency are exact integer sums', async () => {
    const doc = await practice(h);
    await ledger(doc);
    const totals = (await get(doc, '/api/portal/transactions/totals?period=month')).json().results;
    expect(totals).toEqual([
      {
        period: '2026-03-01',
        currency: 'USD',
        fees: 0,
        sales: 1_999,
        discounts: 0,
        net: 1_999,
        outstanding: 0,
      },
      {
        period: '2026-03-01',
        currency: 'ZAR',
        fees: 0,
        sales: 85_003,
        discounts: 0,
        net: 85_003,
        outstanding: 0,
      },
      {
        period: '2026-02-01',
        currency: 'ZAR',
        fees: -50_001,
        sales: 149_901,
        discounts: -7,
        net: 99_893,
        outstanding: -50_001,
      },
      {
        period: '2026-01-01',
        currency: 'ZAR',
        fees: -25_000,
        sales: 0,
        discounts: 0,
        net: -25_000,
        outstanding: 0,
      },
    ]);
    const days = (await get(doc, '/api/portal/transactions/totals?period=day&kind=kit_sale&from=2026-02-01&to=2026-02-28')).json().results;
    expect(days).toEqual([
      {
        period: '2026-02-10',
        currency: 'ZAR',
        fees: 0,
        sales: 149_901,
        discounts: 0,
        net: 149_901,
        outstanding: 0,
      },
    ]);
    const weeks = (await get(doc, '/api/portal/transactions/totals?period=week&state=overdue')).json().results;
    // 2026-02-03 is a Tuesday: its ISO week starts on Monday 2026-02-02.
    expect(weeks).toEqual([
      {
        period: '2026-02-02',
        currency: 'ZAR',
        fees: -25_000,
        sales: 0,
        discounts: 0,
        net: -25_000,
        outstanding: -25_000,
      },
    ]);
  });

  it('exports CSV with the header, decimal amounts from minor units, escaping and an attachment name', async () => {
    const doc = await practice(h);
    await ledger(doc);
    const res = await get(doc, '/api/portal/transactions/export.csv?from=2026-02-01&to=2026-02-28');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['x-export-truncated']).toBe('false');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(TRANSACTION_CSV_COLUMNS.join(','));
    expect(lines.at(-1)).toBe('');
    expect(res.body).toContain('Data request fee,Data-request fee,-250.01,ZAR,Due,');
    expect(res.body).toContain('Data request fee,Data-request fee,-250.00,ZAR,Overdue,');
    expect(res.body).toContain('2026-02-10T12:00:00.000Z,Kit sale,"Kit sale, ""gift"", for two",1499.01,ZAR,Paid,,2026-02-10T12:00:00.000Z,');
    expect(res.body).toContain(`Discount applied,"'=HYPERLINK(""x"")",-0.07,ZAR,Paid`);
    expect(res.body).not.toContain('Consultation');
    expect(res.headers['x-export-rows']).toBe('4');

    const all = await get(doc, '/api/portal/transactions/export.csv');
    expect(all.body).toContain('"Consultation sale\nline two",850.03,ZAR');
    expect(all.body).toContain('Kit sale in dollars,19.99,USD');
  });

  it('amounts and fields are formatted without floating point', () => {
    expect([0, 7, -7, 100, -25_001, 123_456_789, 1_000_000_000].map(centsToDecimal)).toEqual([
      '0.00',
      '0.07',
      '-0.07',
      '1.00',
      '-250.01',
      '1234567.89',
      '10000000.00',
    ]);
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField('+1', true)).toBe("'+1");
    expect(csvField('-250.00')).toBe('-250.00');
  });
});

describe('admin', () => {
  it('needs the admin token', async () => {
    const doc = await practice(h);
    for (const headers of [{}, doc.auth]) {
      const res = await inject(h, 'POST', '/api/admin/consignments', headers, {
        practitionerEmail: doc.email,
        count: 1,
      });
      expect(res.statusCode).toBe(401);
    }
    expect((await get(doc, '/api/portal/kits/')).json().count).toBe(0);
  });

  it('consignments: unknown practice 404, count 1 to 500, known collections only', async () => {
    const doc = await practice(h);
    const send = (body: Record<string, unknown>) =>
      inject(h, 'POST', '/api/admin/consignments', admin, {
        practitionerEmail: doc.email,
        ...body,
      });
    expect(
      (
        await inject(h, 'POST', '/api/admin/consignments', admin, {
          practitionerEmail: 'nobody@test.example',
          count: 1,
        })
      ).statusCode,
    ).toBe(404);
    for (const count of [0, 501, 1.5]) expect((await send({ count })).statusCode).toBe(400);
    const bad = await send({ count: 1, collectionIds: [999] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors.collectionIds).toBeTruthy();
    expect((await get(doc, '/api/portal/kits/')).json().count).toBe(0);
    const many = await send({ count: 40 });
    expect(new Set(many.json().kits.map((k: { sampleLabel: string }) => k.sampleLabel)).size).toBe(40);
  });

  it("advances a kit through the lab's steps; results available computes results from the genotype file", async () => {
    const doc = await practice(h);
    const [kit, bare] = (await consign(h, doc.email, 2)).kits;
    const advance = (label: string) => inject(h, 'POST', `/api/admin/kits/${label}/advance`, admin);
    const inStock = await advance(kit!.sampleLabel);
    expect(inStock.statusCode).toBe(400);
    expect(inStock.json().error.code).toBe('400414');

    const s = await session(h, doc);
    await inject(h, 'PUT', `/api/portal/sessions/${s.id}/kit`, doc.auth, {
      sampleLabel: kit!.sampleLabel,
    });
    expect((await advance(kit!.sampleLabel.toLowerCase())).json()).toMatchObject({ status: 'sample_received', sessionID: s.id });
    expect((await advance(kit!.sampleLabel)).json().status).toBe('processing');
    const noData = await advance(kit!.sampleLabel);
    expect(noData.statusCode).toBe(400);
    expect(noData.json().error.code).toBe('400414');

    await h.db.insert(genotypeFiles).values({
      kitId: kit!.id,
      content: generateSyntheticGenotypeFile(`test:${kit!.id}`),
      synthetic: true,
    });
    const done = await advance(kit!.sampleLabel);
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('results_available');
    const computed = await h.db.select().from(results).where(eq(results.kitId, kit!.id));
    expect(computed).toHaveLength(1);
    expect(computed[0]!.data).toMatchObject({
      swab: { title: computed[0]!.title },
    });
    expect((await advance(kit!.sampleLabel)).statusCode).toBe(400);
    expect((await advance('KIT-NOSUCHKIT')).statusCode).toBe(404);

    // A kit that already has results needs no file.
    const s2 = await session(h, doc);
    await inject(h, 'PUT', `/api/portal/sessions/${s2.id}/kit`, doc.auth, {
      sampleLabel: bare!.sampleLabel,
    });
    await h.db.update(kits).set({ status: 'processing' }).where(eq(kits.id, bare!.id));
    await h.db.insert(results).values({
      kitId: bare!.id,
      title: 'Lab results',
      data: {},
      engineVersion: 'lab',
    });
    expect((await advance(bare!.sampleLabel)).json().status).toBe('results_available');
    expect(await h.db.select().from(results).where(eq(results.kitId, bare!.id))).toHaveLength(1);
  });

  it('marks a data-request fee paid once', async () => {
    const doc = await practice(h);
    const rows = await ledger(doc);
    const fee = rows[1]!;
    const pay = (id: string) => inject(h, 'POST', `/api/admin/transactions/${id}/paid`, admin);
    const paid = await pay(fee.id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      id: fee.id,
      state: 'paid',
      paidAt: expect.any(String),
    });
    expect((await pay(fee.id)).json().error.code).toBe('400414');
    expect((await pay(rows[3]!.id)).json().error.code).toBe('400414');
    expect((await pay('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(doc, '/api/portal/transactions/?state=overdue')).json().count).toBe(0);
  });
});

describe('demo data', () => {
  it('the demo practice has kits in stock, codes in three states and a discounted kit sale beside its fees; seeding twice adds nothing', async () => {
    const { seedDemo } = await import('../demo/seed');
    await seedDemo(h.db);
    await seedDemo(h.db);
    const token = await h.app.inject({
      method: 'POST',
      url: '/sso/api/token',
      payload: { email: 'ada.lovelace@demo.test', password: 'Demo-portal-1' },
    });
    const auth = { authorization: `Bearer ${token.json().accessToken}` };
    const stock = (await inject(h, 'GET', '/api/portal/kits/?status=in_stock&search=DEMO-STOCK', auth)).json();
    expect(stock.count).toBe(8);
    const codes = (await inject(h, 'GET', '/api/portal/discount-codes/', auth)).json().results;
    expect(codes.map((c: { state: string }) => c.state).sort()).toEqual(['active', 'deactivated', 'expired']);
    const ledger = (await inject(h, 'GET', '/api/portal/transactions/?limit=100', auth)).json().results;
    const kinds = ledger.map((t: { kind: string }) => t.kind);
    expect(kinds.filter((k: string) => k === 'kit_sale')).toHaveLength(1);
    expect(kinds.filter((k: string) => k === 'discount')).toHaveLength(1);
    expect(kinds.filter((k: string) => k === 'data_request_fee').length).toBeGreaterThanOrEqual(2);
    for (const t of ledger) {
      if (t.kind === 'kit_sale') expect(t.amountCents).toBeGreaterThan(0);
      else expect(t.amountCents).toBeLessThan(0);
    }
  }, 60_000);

  it("the demo practice's only payment method is its default, as the portal makes a practice's first one (decision 007), and a database seeded before keeps it so", async () => {
    const { seedDemo } = await import('../demo/seed');
    await seedDemo(h.db);
    const token = await h.app.inject({ method: 'POST', url: '/sso/api/token', payload: { email: 'ada.lovelace@demo.test', password: 'Demo-portal-1' } });
    const auth = { authorization: `Bearer ${token.json().accessToken}` };
    const listed = async () =>
      (await inject(h, 'GET', '/api/portal/me/paymentDetails/', auth))
        .json()
        .results.map((p: { identifier: string; isDefault: boolean }) => [p.identifier, p.isDefault]);
    expect(await listed()).toEqual([['ada.lovelace@demo.test', true]]);
    // As an older seed left it: no default. Seeding again mends it and adds nothing.
    await h.db.update(paymentDetails).set({ isDefault: false }).where(eq(paymentDetails.identifier, 'ada.lovelace@demo.test'));
    await seedDemo(h.db);
    expect(await listed()).toEqual([['ada.lovelace@demo.test', true]]);
  }, 60_000);
});
