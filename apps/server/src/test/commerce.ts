import type { WarehouseInput } from '@portal/contract';
import { createUser, type Harness } from './harness';

/** Shared set-up of the integration tests of kits, warehouse, discount codes and transactions. */
export const ADMIN_TOKEN = 'test-admin-token-commerce-0123456789';
export const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

export type Headers = Record<string, string>;

/** A practitioner (accepted by default) with their practice id and email. */
export async function practice(h: Harness, status: 1 | 2 | 3 = 2) {
  const u = await createUser(h, { practitionerStatus: status });
  const id = (await h.app.inject({ url: '/api/portal/me/', headers: u.auth })).json().id as string;
  return { ...u, id, email: u.user.email };
}
export type Practice = Awaited<ReturnType<typeof practice>>;

/** A patient's session with the practice, accepted unless `accept: false`. */
export async function session(h: Harness, doc: Practice, opts: { accept?: boolean } = {}) {
  const patient = await createUser(h, { role: 'patient' });
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/patient/sessions/',
    headers: patient.auth,
    payload: {
      practitionerId: doc.id,
      bookingTime: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const id = res.json().id as string;
  if (opts.accept ?? true) {
    const ok = await h.app.inject({
      method: 'POST',
      url: `/api/portal/sessions/${id}/accept`,
      headers: doc.auth,
    });
    if (ok.statusCode !== 200) throw new Error(ok.body);
  }
  return { id, patient };
}

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
