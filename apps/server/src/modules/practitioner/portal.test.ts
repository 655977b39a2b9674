import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(() => h.close());

describe('portal', () => {
  it('GET /portal/me/ answers the practitioner profile', async () => {
    const { auth } = await createUser(h, { practitionerStatus: 2 });
    const res = await h.app.inject({ url: '/api/portal/me/', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 2,
      categoryID: 2,
      category: { id: 2, name: 'General Practitioner' },
      warehouseID: null,
      tosAccepted: false,
      languages: [],
      specializations: [],
    });
  });

  it('GET /portal/me/ is 404 without a practitioner profile', async () => {
    const { auth } = await createUser(h);
    expect((await h.app.inject({ url: '/api/portal/me/', headers: auth })).statusCode).toBe(404);
  });

  it('categories, one category and the lookup lists', async () => {
    const { auth } = await createUser(h);
    const list = await h.app.inject({ url: '/api/portal/categories/', headers: auth });
    expect(list.json().results).toEqual([
      { id: 1, name: 'Resourcing Practitioner' },
      { id: 2, name: 'General Practitioner' },
      { id: 3, name: 'Nutricionist' },
    ]);
    expect((await h.app.inject({ url: '/api/portal/categories/3', headers: auth })).json()).toEqual({ id: 3, name: 'Nutricionist' });
    expect((await h.app.inject({ url: '/api/portal/categories/99', headers: auth })).statusCode).toBe(404);
    expect((await h.app.inject({ url: '/api/portal/categories/abc', headers: auth })).statusCode).toBe(404);
    expect((await h.app.inject({ url: '/api/portal/languages/', headers: auth })).json().results).toContainEqual({ id: 5, name: 'isiZulu' });
  });

  it('portal terms: GET answers data.tosURI, PUT accepts them', async () => {
    const { auth } = await createUser(h, { practitionerStatus: 1 });
    const tos = await h.app.inject({ url: '/api/portal/me/tos/', headers: auth });
    expect(tos.json().data).toMatchObject({ title: 'Portal Terms & Conditions', tosURI: 'http://localhost:3000/api/legal/portal-terms-and-conditions/v1.pdf' });
    await h.app.inject({ method: 'PUT', url: '/api/portal/me/tos/', headers: auth });
    expect((await h.app.inject({ url: '/api/portal/me/', headers: auth })).json().tosAccepted).toBe(true);
  });

  it('a patient token does not open practitioner routes', async () => {
    const { auth } = await createUser(h, { role: 'patient' });
    expect((await h.app.inject({ url: '/api/portal/me/', headers: auth })).statusCode).toBe(401);
    expect((await h.app.inject({ url: '/api/account/me/', headers: auth })).statusCode).toBe(200);
  });
});
