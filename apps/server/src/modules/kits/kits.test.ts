import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/contract';
import { auditEvents, kits, warehouses } from '../../db/schema';
import { ADMIN_TOKEN, createTestApp, practice, session, type Harness } from '../../test/harness';
import { assign, consign, inject, warehouseInput } from '../../test/commerce';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp({ ADMIN_TOKEN });
});
afterAll(() => h.close());

const TAKEN = 'You are trying to assign an already taken kit';

describe('acceptance', () => {
  it("a practitioner not accepted gets 403 with the product's words on every route", async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: Array<['GET' | 'POST' | 'PUT' | 'PATCH', string, unknown?]> = [
      ['GET', '/api/portal/kits/'],
      ['PUT', `/api/portal/sessions/${id}/kit`, { sampleLabel: 'KIT-AAAA' }],
      ['GET', '/api/portal/me/warehouses/'],
      ['POST', '/api/portal/me/warehouses/', warehouseInput()],
      ['PUT', `/api/portal/me/warehouses/${id}`, warehouseInput()],
      ['PATCH', `/api/portal/me/warehouses/${id}/primary/`],
      ['GET', '/api/portal/me/consignments/'],
      ['POST', `/api/portal/me/consignments/${id}/receive`],
      ['GET', '/api/portal/discount-codes/'],
      ['POST', '/api/portal/discount-codes/', {}],
      ['POST', `/api/portal/discount-codes/${id}/deactivate`],
      ['GET', '/api/portal/transactions/'],
      ['GET', '/api/portal/transactions/totals'],
      ['GET', '/api/portal/transactions/export.csv'],
    ];
    for (const status of [1, 3] as const) {
      const doc = await practice(h, status);
      for (const [method, url, body] of routes) {
        const res = await inject(h, method, url, doc.auth, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error.message).toBe(MESSAGES.notAccepted);
      }
      expect(await h.db.select().from(warehouses).where(eq(warehouses.practitionerId, doc.id))).toHaveLength(0);
    }
  });
});

describe('kits', () => {
  it("the provider's kits for a practice without a warehouse are in its stock and listed, searched and paged", async () => {
    const doc = await practice(h);
    const sent = await consign(h, doc.email, 3, [1, 2]);
    expect(sent.consignment).toBeNull();
    expect(sent.kits).toHaveLength(3);
    for (const k of sent.kits) expect(k.sampleLabel).toMatch(/^KIT-[A-Z2-7]{8}$/);

    const list = (await inject(h, 'GET', '/api/portal/kits/', doc.auth)).json();
    expect(list.count).toBe(3);
    expect(list.results[0]).toMatchObject({
      status: 'in_stock',
      session: null,
      warehouseID: null,
      collections: [
        { id: 1, name: expect.any(String) },
        { id: 2, name: expect.any(String) },
      ],
    });

    // In an order the table can state: in stock first, then by sample label.
    const labels = list.results.map((k: { sampleLabel: string }) => k.sampleLabel);
    expect(labels).toEqual([...labels].sort());

    const label = sent.kits[1]!.sampleLabel;
    const byLabel = (await inject(h, 'GET', `/api/portal/kits/?search=${label.slice(4).toLowerCase()}`, doc.auth)).json();
    expect(byLabel.results.map((k: { sampleLabel: string }) => k.sampleLabel)).toEqual([label]);
    const idPrefix = sent.kits[2]!.id.slice(0, 8);
    const byId = (await inject(h, 'GET', `/api/portal/kits/?search=${idPrefix}`, doc.auth)).json();
    expect(byId.results.map((k: { id: string }) => k.id)).toContain(sent.kits[2]!.id);

    const page = (await inject(h, 'GET', '/api/portal/kits/?limit=2&offset=2', doc.auth)).json();
    expect(page).toMatchObject({ count: 3, limit: 2, offset: 2 });
    expect(page.results).toHaveLength(1);

    // Another practice sees none of them.
    const other = await practice(h);
    expect((await inject(h, 'GET', '/api/portal/kits/', other.auth)).json().count).toBe(0);
  });

  it('assigns a kit to an accepted session: the kit has the patient, the list shows the session, the audit trail one row', async () => {
    const doc = await practice(h);
    const [kit] = (await consign(h, doc.email, 1)).kits;
    const s = await session(h, doc);
    const res = await assign(h, doc, s.id, ` ${kit!.sampleLabel.toLowerCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: kit!.id,
      status: 'assigned',
      session: { id: s.id, patientName: 'Test User' },
    });
    const [row] = await h.db.select().from(kits).where(eq(kits.id, kit!.id));
    expect(row).toMatchObject({
      sessionId: s.id,
      patientId: s.patient.user.id,
      status: 'assigned',
    });
    const audit = await h.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.sessionId, s.id), eq(auditEvents.action, 'assign')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      category: 'kit',
      outcome: 'allowed',
      patientId: s.patient.user.id,
      actorUserId: doc.user.id,
    });
    const listed = (await inject(h, 'GET', '/api/portal/kits/?status=assigned', doc.auth)).json();
    expect(listed.results).toHaveLength(1);

    expect((await inject(h, 'GET', `/api/portal/sessions/${s.id}`, doc.auth)).json().kitID).toBe(kit!.id);
  });

  it('a taken kit answers 400416 with its text; a session with a kit or not accepted answers 400414; nothing changes', async () => {
    const doc = await practice(h);
    const sent = (await consign(h, doc.email, 2)).kits;
    const first = await session(h, doc);
    const second = await session(h, doc);
    expect((await assign(h, doc, first.id, sent[0]!.sampleLabel)).statusCode).toBe(200);
    // The kit still in stock comes before the one handed out, whatever their labels.
    const all = (await inject(h, 'GET', '/api/portal/kits/', doc.auth)).json().results as Array<{ status: string; sampleLabel: string }>;
    expect(all.map((k) => k.status)).toEqual(['in_stock', 'assigned']);

    const taken = await assign(h, doc, second.id, sent[0]!.sampleLabel);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error).toMatchObject({
      code: '400416',
      message: TAKEN,
    });

    const twice = await assign(h, doc, first.id, sent[1]!.sampleLabel);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.code).toBe('400414');

    const requested = await session(h, doc, { accept: false });
    const early = await assign(h, doc, requested.id, sent[1]!.sampleLabel);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.code).toBe('400414');

    const [spare] = await h.db.select().from(kits).where(eq(kits.id, sent[1]!.id));
    expect(spare).toMatchObject({
      status: 'in_stock',
      sessionId: null,
      patientId: null,
    });
    const [used] = await h.db.select().from(kits).where(eq(kits.id, sent[0]!.id));
    expect(used!.sessionId).toBe(first.id);
  });

  it('two assignments of one kit at once: exactly one wins, the other answers 400416', async () => {
    const doc = await practice(h);
    const [kit] = (await consign(h, doc.email, 1)).kits;
    const a = await session(h, doc);
    const b = await session(h, doc);
    const answers = await Promise.all([assign(h, doc, a.id, kit!.sampleLabel), assign(h, doc, b.id, kit!.sampleLabel)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const loser = answers.find((r) => r.statusCode === 400)!;
    expect(loser.json().error).toMatchObject({
      code: '400416',
      message: TAKEN,
    });
    const rows = await h.db.select().from(kits).where(eq(kits.id, kit!.id));
    expect(rows).toHaveLength(1);
    expect([a.id, b.id]).toContain(rows[0]!.sessionId);
    const winner = answers.find((r) => r.statusCode === 200)!.json();
    expect(winner.session.id).toBe(rows[0]!.sessionId);
  });

  it("another practice's kit or session answers 404 and changes nothing", async () => {
    const doc = await practice(h);
    const other = await practice(h);
    const [mine] = (await consign(h, doc.email, 1)).kits;
    const [theirs] = (await consign(h, other.email, 1)).kits;
    const mySession = await session(h, doc);
    const theirSession = await session(h, other);
    for (const [sessionId, label] of [
      [mySession.id, theirs!.sampleLabel],
      [theirSession.id, mine!.sampleLabel],
      [theirSession.id, theirs!.sampleLabel],
      [mySession.id, 'KIT-NOSUCHKIT'],
    ] as const) {
      const res = await assign(h, doc, sessionId, label);
      expect(res.statusCode).toBe(404);
    }
    const untouched = await h.db.select().from(kits).where(eq(kits.practitionerId, other.id));
    expect(untouched[0]).toMatchObject({ status: 'in_stock', sessionId: null });
    const bad = await assign(h, doc, mySession.id, 'a');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors.sampleLabel).toBeTruthy();
  });
});
