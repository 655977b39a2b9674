import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_CODE_ALPHABET, DISCOUNT_TEXTS, GENERATED_CODE_LENGTH, type DiscountCodeInput } from '@portal/contract';
import { auditEvents, discountCodes, kits, orders, transactions } from '../../db/schema';
import { ADMIN_TOKEN, createTestApp, createUser, DAY, practice, type Harness, type Practice } from '../../test/harness';
import { consign, inject } from '../../test/commerce';
import { utcToday } from '../../lib/dates';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp({
    ADMIN_TOKEN,
    KIT_PRICE_CENTS: '149900',
    CONSULTATION_PRICE_CENTS: '85000',
  });
});
afterAll(() => h.close());

const day = (offset: number) => utcToday(new Date(Date.now() + offset * DAY));
let seq = 0;
const uniqueCode = (prefix = 'SAVE') => `${prefix}${Date.now().toString(36).toUpperCase()}${(seq += 1)}`;

function codeInput(
  overrides: Partial<Omit<DiscountCodeInput, 'rule'>> & {
    rule?: Partial<DiscountCodeInput['rule']>;
  } = {},
): DiscountCodeInput {
  const { rule, ...rest } = overrides;
  return {
    code: uniqueCode(),
    rule: {
      type: 'percentage',
      value: 10,
      currency: 'ZAR',
      minimumOrderCents: 0,
      validFrom: day(-1),
      validUntil: null,
      usageLimit: null,
      ...rule,
    },
    upsell: 'Add a consultation to go through your results',
    options: { appliesTo: ['kit', 'consultation'] },
    requiresShipping: true,
    addNewKit: false,
    ...rest,
  };
}

async function createCode(doc: Practice, input: DiscountCodeInput = codeInput()) {
  const res = await inject(h, 'POST', '/api/portal/discount-codes/', doc.auth, input);
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as {
    id: string;
    code: string;
    state: string;
    usageCount: number;
  };
}

const order = (patientAuth: Record<string, string>, body: Record<string, unknown>) => inject(h, 'POST', '/api/patient/orders', patientAuth, body);

async function nothingOrdered(practitionerId: string) {
  expect(await h.db.select().from(orders).where(eq(orders.practitionerId, practitionerId))).toHaveLength(0);
  expect(
    await h.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.practitionerId, practitionerId), eq(transactions.kind, 'kit_sale'))),
  ).toHaveLength(0);
}

async function usageOf(id: string) {
  const [row] = await h.db.select().from(discountCodes).where(eq(discountCodes.id, id));
  return row!.usageCount;
}

describe('discount codes', () => {
  it('a typed code is stored normalised; an empty or absent one is generated from the code alphabet', async () => {
    const doc = await practice(h);
    const typed = await createCode(doc, codeInput({ code: ' winter-2026 sale ' }));
    expect(typed).toMatchObject({
      code: 'WINTER-2026SALE',
      state: 'active',
      usageCount: 0,
    });
    const pattern = new RegExp(`^[${DISCOUNT_CODE_ALPHABET}]{${GENERATED_CODE_LENGTH}}$`);
    const generated = await createCode(doc, codeInput({ code: '' }));
    expect(generated.code).toMatch(pattern);
    const input = codeInput();
    delete (input as { code?: string }).code;
    const absent = await createCode(doc, input);
    expect(absent.code).toMatch(pattern);
    expect(absent.code).not.toBe(generated.code);
  });

  it("a code is unique across practices, case-insensitively; the clash answers the field's text and saves nothing", async () => {
    const doc = await practice(h);
    const other = await practice(h);
    const code = uniqueCode('CLASH');
    await createCode(doc, codeInput({ code }));
    for (const [who, typed] of [
      [doc, code.toLowerCase()],
      [other, ` ${code.toLowerCase()}`],
    ] as const) {
      const res = await inject(h, 'POST', '/api/portal/discount-codes/', who.auth, codeInput({ code: typed }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fieldErrors).toEqual({
        code: [DISCOUNT_TEXTS.codeTaken],
      });
    }
    expect(await h.db.select().from(discountCodes).where(eq(discountCodes.practitionerId, other.id))).toHaveLength(0);
  });

  it('bad rules answer 400 with the field and save nothing', async () => {
    const doc = await practice(h);
    const cases: Array<[DiscountCodeInput, string, string]> = [
      [codeInput({ rule: { value: 150 } }), 'rule.value', DISCOUNT_TEXTS.percentageRange],
      [codeInput({ rule: { value: 0 } }), 'rule.value', DISCOUNT_TEXTS.amountPositive],
      [codeInput({ rule: { validFrom: day(5), validUntil: day(1) } }), 'rule.validUntil', DISCOUNT_TEXTS.endBeforeStart],
      [codeInput({ options: { appliesTo: [] } }), 'options.appliesTo', DISCOUNT_TEXTS.chooseProduct],
    ];
    for (const [body, field, text] of cases) {
      const res = await inject(h, 'POST', '/api/portal/discount-codes/', doc.auth, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.fieldErrors[field], field).toContain(text);
    }
    expect(await h.db.select().from(discountCodes).where(eq(discountCodes.practitionerId, doc.id))).toHaveLength(0);
  });

  it("edits a code's rule and options, never the code itself nor a deactivated code; another practice's is not found", async () => {
    const doc = await practice(h);
    const made = await createCode(doc);
    const changed = codeInput({
      code: undefined,
      rule: { value: 25, usageLimit: 50 },
      upsell: '',
      requiresShipping: false,
      addNewKit: true,
      options: { appliesTo: ['consultation'] },
    });
    const res = await inject(h, 'PUT', `/api/portal/discount-codes/${made.id}`, doc.auth, changed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: made.id,
      code: made.code,
      rule: { value: 25, usageLimit: 50 },
      upsell: '',
      requiresShipping: false,
      addNewKit: true,
      options: { appliesTo: ['consultation'] },
    });

    const renamed = await inject(h, 'PUT', `/api/portal/discount-codes/${made.id}`, doc.auth, codeInput({ code: uniqueCode() }));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.fieldErrors.code).toEqual(['A code cannot be changed once it is made: deactivate it and create another']);
    const bad = await inject(h, 'PUT', `/api/portal/discount-codes/${made.id}`, doc.auth, codeInput({ code: undefined, rule: { value: 0 } }));
    expect(bad.statusCode).toBe(400);

    const other = await practice(h);
    expect((await inject(h, 'PUT', `/api/portal/discount-codes/${made.id}`, other.auth, changed)).statusCode).toBe(404);
    await inject(h, 'POST', `/api/portal/discount-codes/${made.id}/deactivate`, doc.auth);
    const late = await inject(h, 'PUT', `/api/portal/discount-codes/${made.id}`, doc.auth, changed);
    expect(late.json().error.code).toBe('400414');
    const [row] = await h.db.select().from(discountCodes).where(eq(discountCodes.id, made.id));
    expect(row).toMatchObject({ code: made.code, value: 25, addNewKit: true });
  });

  it("lists by state on today's UTC date, searches and deactivates for good", async () => {
    const doc = await practice(h);
    const active = await createCode(doc);
    const scheduled = await createCode(doc, codeInput({ rule: { validFrom: day(3) } }));
    const expired = await createCode(
      doc,
      codeInput({
        rule: { validFrom: '2020-01-01', validUntil: '2020-01-31' },
      }),
    );
    const endsToday = await createCode(doc, codeInput({ rule: { validFrom: day(-3), validUntil: day(0) } }));
    const gone = await createCode(doc);
    const off = await inject(h, 'POST', `/api/portal/discount-codes/${gone.id}/deactivate`, doc.auth);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      state: 'deactivated',
      deactivatedAt: expect.any(String),
    });
    const again = await inject(h, 'POST', `/api/portal/discount-codes/${gone.id}/deactivate`, doc.auth);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('400414');

    const ids = async (q: string) => (await inject(h, 'GET', `/api/portal/discount-codes/?${q}`, doc.auth)).json().results.map((c: { id: string }) => c.id);
    expect((await ids('state=active')).sort()).toEqual([active.id, endsToday.id].sort());
    expect(await ids('state=scheduled')).toEqual([scheduled.id]);
    expect(await ids('state=expired')).toEqual([expired.id]);
    expect(await ids('state=deactivated')).toEqual([gone.id]);
    expect(await ids(`search=${active.code.slice(-6).toLowerCase()}`)).toEqual([active.id]);
    const all = (await inject(h, 'GET', '/api/portal/discount-codes/?limit=2', doc.auth)).json();
    expect(all).toMatchObject({ count: 5, limit: 2, offset: 0 });
    expect(all.results[0].id).toBe(gone.id);

    const other = await practice(h);
    const res = await inject(h, 'POST', `/api/portal/discount-codes/${active.id}/deactivate`, other.auth);
    expect(res.statusCode).toBe(404);
    const [row] = await h.db.select().from(discountCodes).where(eq(discountCodes.id, active.id));
    expect(row!.deactivatedAt).toBeNull();
    expect((await inject(h, 'GET', '/api/portal/discount-codes/', other.auth)).json().count).toBe(0);
  });
});

describe('patient orders', () => {
  it("prices from configuration, applies the practice's code, counts its use and writes the sale, the discount and one audit row", async () => {
    const doc = await practice(h);
    const patient = await createUser(h, { role: 'patient' });
    const code = await createCode(doc, codeInput({ rule: { value: 15 } }));
    const res = await order(patient.auth, {
      practitionerID: doc.id,
      product: 'kit',
      quantity: 2,
      discountCode: code.code.toLowerCase(),
    });
    expect(res.statusCode).toBe(201);
    // 2 × 1,499.00 = 2,998.00; 15% = 449.70.
    expect(res.json()).toMatchObject({
      product: 'kit',
      quantity: 2,
      subtotalCents: 299_800,
      discountCents: 44_970,
      totalCents: 254_830,
      currency: 'ZAR',
      discountCode: code.code,
      upsell: 'Add a consultation to go through your results',
      requiresShipping: true,
      kitID: null,
    });
    expect(await usageOf(code.id)).toBe(1);
    const rows = await h.db.select().from(transactions).where(eq(transactions.orderId, res.json().id));
    expect(rows.map((r) => [r.kind, r.amountCents]).sort()).toEqual([
      ['discount', -44_970],
      ['kit_sale', 299_800],
    ]);
    const audit = await h.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, patient.user.id), eq(auditEvents.practitionerId, doc.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toContain(res.json().id);

    const plain = await order(patient.auth, {
      practitionerID: doc.id,
      product: 'consultation',
    });
    expect(plain.json()).toMatchObject({
      subtotalCents: 85_000,
      discountCents: 0,
      totalCents: 85_000,
      discountCode: null,
      upsell: null,
    });
    expect(await h.db.select().from(transactions).where(eq(transactions.orderId, plain.json().id))).toHaveLength(1);
  });

  it('a deactivated, expired, scheduled, used-up, foreign or mismatched code is refused with one text and nothing changes', async () => {
    const doc = await practice(h);
    const other = await practice(h);
    const patient = await createUser(h, { role: 'patient' });
    const deactivated = await createCode(doc);
    await inject(h, 'POST', `/api/portal/discount-codes/${deactivated.id}/deactivate`, doc.auth);
    const expired = await createCode(doc, codeInput({ rule: { validFrom: '2021-01-01', validUntil: day(-1) } }));
    const scheduled = await createCode(doc, codeInput({ rule: { validFrom: day(1) } }));
    const consultationOnly = await createCode(doc, codeInput({ options: { appliesTo: ['consultation'] } }));
    const dollars = await createCode(doc, codeInput({ rule: { type: 'fixed', value: 500, currency: 'USD' } }));
    const foreign = await createCode(other);
    const usedUp = await createCode(doc, codeInput({ rule: { usageLimit: 1 } }));
    const other2 = await createUser(h, { role: 'patient' });
    expect(
      (
        await order(other2.auth, {
          practitionerID: doc.id,
          product: 'kit',
          discountCode: usedUp.code,
        })
      ).statusCode,
    ).toBe(201);
    await h.db.delete(transactions).where(eq(transactions.practitionerId, doc.id));
    await h.db.delete(orders).where(eq(orders.practitionerId, doc.id));

    for (const c of [deactivated, expired, scheduled, consultationOnly, dollars, foreign, usedUp, { id: null, code: 'NOSUCHCODE' }]) {
      const res = await order(patient.auth, {
        practitionerID: doc.id,
        product: 'kit',
        discountCode: c.code,
      });
      expect(res.statusCode, c.code).toBe(400);
      expect(res.json().error.fieldErrors, c.code).toEqual({
        discountCode: [DISCOUNT_TEXTS.codeNotValid],
      });
      if (c.id) expect(await usageOf(c.id)).toBe(c === usedUp ? 1 : 0);
    }
    await nothingOrdered(doc.id);
  });

  it("an order below the code's minimum is told so and nothing changes", async () => {
    const doc = await practice(h);
    const patient = await createUser(h, { role: 'patient' });
    const code = await createCode(
      doc,
      codeInput({
        rule: { type: 'fixed', value: 10_000, minimumOrderCents: 200_000 },
      }),
    );
    const res = await order(patient.auth, {
      practitionerID: doc.id,
      product: 'kit',
      discountCode: code.code,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldErrors).toEqual({
      discountCode: [DISCOUNT_TEXTS.minimumNotReached],
    });
    expect(await usageOf(code.id)).toBe(0);
    await nothingOrdered(doc.id);
    const two = await order(patient.auth, {
      practitionerID: doc.id,
      product: 'kit',
      quantity: 2,
      discountCode: code.code,
    });
    expect(two.json()).toMatchObject({
      subtotalCents: 299_800,
      discountCents: 10_000,
      totalCents: 289_800,
    });
  });

  it('two concurrent orders on a code with one use left: exactly one succeeds', async () => {
    const doc = await practice(h);
    const code = await createCode(doc, codeInput({ rule: { usageLimit: 1 } }));
    const patients = await Promise.all([createUser(h, { role: 'patient' }), createUser(h, { role: 'patient' })]);
    const answers = await Promise.all(
      patients.map((p) =>
        order(p.auth, {
          practitionerID: doc.id,
          product: 'consultation',
          discountCode: code.code,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await usageOf(code.id)).toBe(1);
    expect(await h.db.select().from(orders).where(eq(orders.practitionerId, doc.id))).toHaveLength(1);
    expect((await inject(h, 'GET', '/api/portal/discount-codes/?state=used_up', doc.auth)).json().results.map((c: { id: string }) => c.id)).toEqual([code.id]);
  });

  it("'add a new kit' takes a kit from the practice's stock; with none in stock the order is refused and nothing changes", async () => {
    const doc = await practice(h);
    const patient = await createUser(h, { role: 'patient' });
    const code = await createCode(doc, codeInput({ addNewKit: true }));
    const empty = await order(patient.auth, {
      practitionerID: doc.id,
      product: 'consultation',
      discountCode: code.code,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('The practice has no kit in stock to add to this order');
    expect(await usageOf(code.id)).toBe(0);
    await nothingOrdered(doc.id);

    const [kit] = (await consign(h, doc.email, 1)).kits;
    const ok = await order(patient.auth, {
      practitionerID: doc.id,
      product: 'consultation',
      discountCode: code.code,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().kitID).toBe(kit!.id);
    const [row] = await h.db.select().from(kits).where(eq(kits.id, kit!.id));
    expect(row).toMatchObject({
      status: 'assigned',
      patientId: patient.user.id,
      sessionId: null,
    });
    expect(await usageOf(code.id)).toBe(1);
  });

  it('a practice not accepted is not found; practitioner tokens cannot order', async () => {
    const pending = await practice(h, 1);
    const doc = await practice(h);
    const patient = await createUser(h, { role: 'patient' });
    const res = await order(patient.auth, {
      practitionerID: pending.id,
      product: 'kit',
    });
    expect(res.statusCode).toBe(404);
    expect((await order(doc.auth, { practitionerID: doc.id, product: 'kit' })).statusCode).toBe(401);
    const bad = await order(patient.auth, {
      practitionerID: doc.id,
      product: 'gift',
      quantity: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fieldErrors).sort()).toEqual(['product', 'quantity']);
  });
});
