import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WAREHOUSES, WAREHOUSE_FIELDS } from '@portal/contract';
import { consignments, practitioners, warehouses } from '../../db/schema';
import { ADMIN_TOKEN, createTestApp, practice, session, type Harness, type Practice } from '../../test/harness';
import { assign, consign, inject, warehouseInput } from '../../test/commerce';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp({ ADMIN_TOKEN });
});
afterAll(() => h.close());

const stockOf = async (doc: Practice, warehouseId: string) =>
  (await inject(h, 'GET', '/api/portal/me/warehouses/', doc.auth)).json().results.find((w: { id: string }) => w.id === warehouseId).stock;

describe('warehouses', () => {
  it('each of the eight fields missing or empty answers 400 with that field, and nothing is saved', async () => {
    const doc = await practice(h);
    for (const field of WAREHOUSE_FIELDS) {
      const missing: Record<string, unknown> = { ...warehouseInput() };
      delete missing[field];
      for (const body of [missing, { ...warehouseInput(), [field]: '' }]) {
        const res = await inject(h, 'POST', '/api/portal/me/warehouses/', doc.auth, body);
        expect(res.statusCode, field).toBe(400);
        expect(Object.keys(res.json().error.fieldErrors), field).toEqual([field]);
      }
    }
    expect(await h.db.select().from(warehouses).where(eq(warehouses.practitionerId, doc.id))).toHaveLength(0);
  });

  it("the first warehouse is primary and the practice's warehouseID; without a maps key no coordinates; primary moves", async () => {
    const doc = await practice(h);
    const empty = await inject(h, 'GET', '/api/portal/me/warehouses/', doc.auth);
    expect(empty.json()).toEqual({ results: [] });

    const first = await inject(h, 'POST', '/api/portal/me/warehouses/', doc.auth, warehouseInput());
    expect(first.statusCode).toBe(201);
    const w1 = first.json();
    expect(w1).toMatchObject({
      practitionerID: doc.id,
      name: 'Gardens store room',
      address: {
        streetAddress: '12 Kloof Street',
        suburb: 'Gardens',
        state: 'Western Cape',
        postalCode: '8001',
        countryCode: 'ZA',
      },
      latitude: null,
      longitude: null,
      primary: true,
      stock: {
        received: 0,
        handedOut: 0,
        onHand: 0,
        inTransit: 0,
        lowStock: true,
      },
    });
    expect((await inject(h, 'GET', '/api/portal/me/', doc.auth)).json().warehouseID).toBe(w1.id);

    const w2 = (await inject(h, 'POST', '/api/portal/me/warehouses/', doc.auth, warehouseInput({ name: 'Second room' }))).json();
    expect(w2.primary).toBe(false);

    const edited = await inject(h, 'PUT', `/api/portal/me/warehouses/${w2.id}`, doc.auth, warehouseInput({ name: 'Back room', suburb: 'Tamboerskloof' }));
    expect(edited.json()).toMatchObject({
      name: 'Back room',
      address: { suburb: 'Tamboerskloof' },
      latitude: null,
    });

    const moved = await inject(h, 'PATCH', `/api/portal/me/warehouses/${w2.id}/primary/`, doc.auth);
    expect(moved.json().primary).toBe(true);
    const list = (await inject(h, 'GET', '/api/portal/me/warehouses/', doc.auth)).json().results;
    expect(list.map((w: { id: string; primary: boolean }) => [w.id, w.primary])).toEqual([
      [w2.id, true],
      [w1.id, false],
    ]);
    const [p] = await h.db.select().from(practitioners).where(eq(practitioners.id, doc.id));
    expect(p!.warehouseId).toBe(w2.id);
  });

  it(`at most ${MAX_WAREHOUSES} warehouses`, async () => {
    const doc = await practice(h);
    for (let i = 0; i < MAX_WAREHOUSES; i += 1) {
      expect((await inject(h, 'POST', '/api/portal/me/warehouses/', doc.auth, warehouseInput({ name: `Room ${i}` }))).statusCode).toBe(201);
    }
    const over = await inject(h, 'POST', '/api/portal/me/warehouses/', doc.auth, warehouseInput());
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fieldErrors.warehouse).toBeTruthy();
  });

  it("another practice's warehouse or consignment answers 404 and changes nothing", async () => {
    const doc = await practice(h);
    const other = await practice(h);
    const theirs = (await inject(h, 'POST', '/api/portal/me/warehouses/', other.auth, warehouseInput())).json();
    const shipment = await consign(h, other.email, 2);
    expect((await inject(h, 'PUT', `/api/portal/me/warehouses/${theirs.id}`, doc.auth, warehouseInput({ name: 'Mine now' }))).statusCode).toBe(404);
    expect((await inject(h, 'PATCH', `/api/portal/me/warehouses/${theirs.id}/primary/`, doc.auth)).statusCode).toBe(404);
    expect((await inject(h, 'GET', `/api/portal/me/consignments/?warehouseID=${theirs.id}`, doc.auth)).statusCode).toBe(404);
    expect((await inject(h, 'GET', `/api/portal/kits/?warehouseID=${theirs.id}`, doc.auth)).statusCode).toBe(404);
    expect((await inject(h, 'POST', `/api/portal/me/consignments/${shipment.consignment!.id}/receive`, doc.auth)).statusCode).toBe(404);
    const [w] = await h.db.select().from(warehouses).where(eq(warehouses.id, theirs.id));
    expect(w).toMatchObject({ name: 'Gardens store room', primary: true });
    const [c] = await h.db.select().from(consignments).where(eq(consignments.id, shipment.consignment!.id));
    expect(c!.receivedAt).toBeNull();
    expect((await inject(h, 'GET', '/api/portal/me/consignments/', doc.auth)).json().results).toEqual([]);
  });

  it('stock: in transit until received, then received, handed out and on hand, with the low-stock warning', async () => {
    const doc = await practice(h);
    const w = (await inject(h, 'POST', '/api/portal/me/warehouses/', doc.auth, warehouseInput())).json();
    const shipment = await consign(h, doc.email, 6);
    expect(shipment.consignment).toMatchObject({
      warehouseID: w.id,
      kitCount: 6,
      receivedAt: null,
    });
    expect(await stockOf(doc, w.id)).toEqual({
      received: 0,
      handedOut: 0,
      onHand: 0,
      inTransit: 6,
      lowStock: true,
    });
    // Kits in transit are not yet the practice's to list or assign.
    expect((await inject(h, 'GET', '/api/portal/kits/', doc.auth)).json().count).toBe(0);
    const s1 = await session(h, doc);
    const early = await assign(h, doc, s1.id, shipment.kits[0]!.sampleLabel);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.code).toBe('400414');

    const consignmentsList = (await inject(h, 'GET', `/api/portal/me/consignments/?warehouseID=${w.id}`, doc.auth)).json().results;
    expect(consignmentsList).toHaveLength(1);
    const received = await inject(h, 'POST', `/api/portal/me/consignments/${shipment.consignment!.id}/receive`, doc.auth);
    expect(received.statusCode).toBe(200);
    expect(received.json().receivedAt).toEqual(expect.any(String));
    const again = await inject(h, 'POST', `/api/portal/me/consignments/${shipment.consignment!.id}/receive`, doc.auth);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('400414');
    expect(await stockOf(doc, w.id)).toEqual({
      received: 6,
      handedOut: 0,
      onHand: 6,
      inTransit: 0,
      lowStock: false,
    });

    const kitsListed = (await inject(h, 'GET', `/api/portal/kits/?warehouseID=${w.id}`, doc.auth)).json();
    expect(kitsListed.count).toBe(6);
    expect(kitsListed.results[0].warehouseID).toBe(w.id);

    expect((await assign(h, doc, s1.id, shipment.kits[0]!.sampleLabel)).statusCode).toBe(200);
    expect(await stockOf(doc, w.id)).toEqual({
      received: 6,
      handedOut: 1,
      onHand: 5,
      inTransit: 0,
      lowStock: false,
    });
    const s2 = await session(h, doc);
    expect((await assign(h, doc, s2.id, shipment.kits[1]!.sampleLabel)).statusCode).toBe(200);
    expect(await stockOf(doc, w.id)).toEqual({
      received: 6,
      handedOut: 2,
      onHand: 4,
      inTransit: 0,
      lowStock: true,
    });

    await consign(h, doc.email, 3);
    expect(await stockOf(doc, w.id)).toEqual({
      received: 6,
      handedOut: 2,
      onHand: 4,
      inTransit: 3,
      lowStock: true,
    });
  });
});
