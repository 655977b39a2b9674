import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warehouses } from '../../db/schema';
import { ADMIN_TOKEN, createTestApp, practice, type Harness } from '../../test/harness';
import { createGeocoder } from './geocoder';
import { inject, warehouseInput } from '../../test/commerce';

/**
 * A local stand-in for Google's Geocoding JSON API: known streets have coordinates, 'Nowhere'
 * has none, 'Broken' makes the service fail.
 */
const requests: URL[] = [];
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  requests.push(url);
  const address = url.searchParams.get('address') ?? '';
  if (url.searchParams.get('key') !== 'test-maps-key') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'REQUEST_DENIED', results: [] }));
    return;
  }
  if (address.includes('Broken')) {
    res.writeHead(500);
    res.end('internal error');
    return;
  }
  const body = address.includes('Nowhere')
    ? { status: 'ZERO_RESULTS', results: [] }
    : {
        status: 'OK',
        results: [
          {
            geometry: {
              location: address.includes('Kloof') ? { lat: -33.9321, lng: 18.4101 } : { lat: -26.1453, lng: 28.0417 },
            },
          },
        ],
      };
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
});

let h: Harness;
let base: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/maps/api/geocode/json`;
  h = await createTestApp({
    ADMIN_TOKEN,
    MAPS_KEY: 'test-maps-key',
    MAPS_GEOCODE_URL: base,
  });
});
afterAll(async () => {
  await h.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('geocoding warehouse addresses', () => {
  it("a configured key gives the service's coordinates; they follow the address on edit", async () => {
    const doc = await practice(h);
    requests.length = 0;
    const created = await inject(h, 'POST', '/api/portal/me/warehouses/', doc.auth, warehouseInput());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      latitude: -33.9321,
      longitude: 18.4101,
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.searchParams.get('address')).toBe('12 Kloof Street, Gardens, Western Cape, 8001');
    expect(requests[0]!.searchParams.get('components')).toBe('country:ZA');

    const id = created.json().id as string;
    const renamed = await inject(h, 'PUT', `/api/portal/me/warehouses/${id}`, doc.auth, warehouseInput({ name: 'Renamed' }));
    expect(renamed.json()).toMatchObject({
      latitude: -33.9321,
      longitude: 18.4101,
    });
    expect(requests).toHaveLength(1);

    const moved = await inject(
      h,
      'PUT',
      `/api/portal/me/warehouses/${id}`,
      doc.auth,
      warehouseInput({
        streetAddress: '1 Jan Smuts Avenue',
        suburb: 'Rosebank',
        state: 'Gauteng',
        postalCode: '2196',
      }),
    );
    expect(moved.json()).toMatchObject({
      latitude: -26.1453,
      longitude: 28.0417,
    });
    expect(requests).toHaveLength(2);
  });

  it('a failing or empty answer saves the warehouse without coordinates', async () => {
    const doc = await practice(h);
    for (const street of ['3 Broken Road', '4 Nowhere Lane']) {
      const res = await inject(h, 'POST', '/api/portal/me/warehouses/', doc.auth, warehouseInput({ streetAddress: street }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ latitude: null, longitude: null });
    }
    expect(await h.db.select().from(warehouses).where(eq(warehouses.practitionerId, doc.id))).toHaveLength(2);
  });

  it('without a key nothing is sent and the coordinates stay empty; a refused key or unreachable service gives null', async () => {
    const log = pino({ level: 'silent' });
    let calls = 0;
    const counting = (async () => {
      calls += 1;
      return new Response('{}');
    }) as typeof fetch;
    const address = {
      streetAddress: '12 Kloof Street',
      suburb: 'Gardens',
      state: 'Western Cape',
      postalCode: '8001',
      countryCode: 'ZA',
    };
    const none = createGeocoder({ url: base, log, fetch: counting });
    expect(none.enabled).toBe(false);
    expect(await none.geocode(address)).toBeNull();
    expect(calls).toBe(0);
    expect(await createGeocoder({ key: 'wrong-key', url: base, log }).geocode(address)).toBeNull();
    expect(
      await createGeocoder({
        key: 'test-maps-key',
        url: 'http://127.0.0.1:9/geocode',
        log,
      }).geocode(address),
    ).toBeNull();
  });
});
