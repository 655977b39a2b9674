import type { WarehouseInput } from '@portal/contract';
import { admin, type Harness, type Practice } from './harness';

/** Shared set-up of the integration tests of kits, warehouse, discount codes and transactions. */

export type Headers = Record<string, string>;

/** The provider sends kits to the practice through the admin API. */
export async function consign(h: Harness, email: string, count: number, collectionIds?: number[]) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/admin/consignments',
    headers: admin,
    payload: { practitionerEmail: email, count, collectionIds },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as {
    practitionerID: string;
    consignment: {
      id: string;
      warehouseID: string;
      kitCount: number;
      receivedAt: string | null;
    } | null;
    kits: Array<{ id: string; sampleLabel: string }>;
  };
}

export const warehouseInput = (overrides: Partial<WarehouseInput> = {}): WarehouseInput => ({
  contactNumber: '+27215550199',
  contactPerson: 'Grace Hopper',
  countryCode: 'ZA',
  name: 'Gardens store room',
  postalCode: '8001',
  state: 'Western Cape',
  streetAddress: '12 Kloof Street',
  suburb: 'Gardens',
  ...overrides,
});

export function inject(h: Harness, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, headers: Headers, payload?: unknown) {
  return h.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The practice hands one of its kits to the patient of a session. */
export const assign = (h: Harness, doc: Practice, sessionId: string, sampleLabel: string) =>
  inject(h, 'PUT', `/api/portal/sessions/${sessionId}/kit`, doc.auth, {
    sampleLabel,
  });
