import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADDRESSES } from '@portal/contract';
import { mailOutbox, onboardingDrafts, paymentDetails, practitionerAddresses, practitioners } from '../../db/schema';
import { createTestApp, createUser, type Harness, type User } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(() => h.close());

let hpcsaSeq = 1000;
const onboarding = (over: Record<string, unknown> = {}) => ({
  categoryID: 3,
  hpcsaNumber: `dt ${String(hpcsaSeq++).padStart(7, '0')}`,
  practiceNumber: '0123456',
  description: 'Nutrition practice focused on nutrigenomics and weight management.',
  languages: [2, 5],
  specializations: [2, 3],
  address: { streetAddress: '1 Long Street', suburb: 'Gardens', city: 'Cape Town', state: 'Western Cape', postalCode: '8001', countryCode: 'ZA' },
  availability: [
    { dayOfWeek: 1, startTime: '08:00', endTime: '12:00' },
    { dayOfWeek: 1, startTime: '12:00', endTime: '16:00' },
  ],
  ...over,
});

/** A signed-in user without a practice who has accepted the portal terms. */
async function newcomer() {
  const u = await createUser(h);
  await h.app.inject({ method: 'PUT', url: '/api/portal/me/tos/', headers: u.auth });
  return u;
}

/** A request to the practice's own API (`/api/portal/me/…`) as `u`. */
const send = (u: User, method: 'POST' | 'PUT', path: string, payload: object) =>
  h.app.inject({ method, url: `/api/portal/me/${path}`, headers: u.auth, payload });

async function accepted() {
  return createUser(h, { practitionerStatus: 2 });
}

describe('onboarding: POST /portal/me/', () => {
  it('registers the practice in status 1 with everything the form collected, and drops the draft', async () => {
    const u = await newcomer();
    await h.app.inject({ method: 'PUT', url: '/api/portal/me/onboarding-draft', headers: u.auth, payload: { step: 2, hpcsaNumber: 'DT' } });
    const payload = onboarding({ hpcsaNumber: 'dt 0099001' });
    const res = await h.app.inject({ method: 'POST', url: '/api/portal/me/', headers: u.auth, payload });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 1,
      categoryID: 3,
      category: { name: 'Nutricionist' },
      hpcsaNumber: 'DT0099001',
      practiceNumber: '0123456',
      tosAccepted: true,
      languages: [
        { id: 2, name: 'English' },
        { id: 5, name: 'isiZulu' },
      ],
    });
    expect(
      res
        .json()
        .specializations.map((s: { id: number }) => s.id)
        .sort(),
    ).toEqual([2, 3]);
    const addresses = await h.app.inject({ url: '/api/portal/me/addresses/', headers: u.auth });
    expect(addresses.json().results).toEqual([expect.objectContaining({ city: 'Cape Town', primary: true })]);
    const slots = await h.app.inject({ url: '/api/portal/me/availability/', headers: u.auth });
    expect(slots.json().results.map((s: { startTime: string }) => s.startTime)).toEqual(['08:00', '12:00']);
    expect(await h.db.select().from(onboardingDrafts).where(eq(onboardingDrafts.userId, u.user.id))).toEqual([]);
    const [mail] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.user.email));
    expect(mail!.subject).toBe('We are reviewing your practice');
  });

  it("takes its time zone from the address, or the browser's sent at registration when the address names none; a zone no one knows is refused", async () => {
    const zoneOf = async (u: User) => (await h.app.inject({ url: '/api/portal/me/notifications/', headers: u.auth })).json();
    const capeTown = await newcomer();
    const first = await send(capeTown, 'POST', '', onboarding({ timeZone: 'Europe/Paris' }));
    expect(first.statusCode, first.body).toBe(201);
    // Cape Town names its zone: the browser's (a practitioner abroad that day) does not override it.
    expect(await zoneOf(capeTown)).toMatchObject({ timeZone: 'Africa/Johannesburg', timeZoneSource: 'address', saved: false });

    const windhoek = await newcomer();
    const namibia = { streetAddress: '1 Independence Avenue', suburb: 'Central', city: 'Windhoek', state: 'Khomas', postalCode: '10001', countryCode: 'NA' };
    const registered = await send(windhoek, 'POST', '', onboarding({ address: namibia, timeZone: 'Africa/Johannesburg' }));
    expect(registered.statusCode, registered.body).toBe(201);
    expect(await zoneOf(windhoek)).toMatchObject({ timeZone: 'Africa/Windhoek', timeZoneSource: 'address' });
    const [row] = await h.db.select().from(practitioners).where(eq(practitioners.userId, windhoek.user.id));
    expect(row!.browserTimeZone).toBe('Africa/Johannesburg');

    // A practice with no address on record (made before addresses were asked for) takes the browser's.
    const older = await accepted();
    expect(await zoneOf(older)).toMatchObject({ timeZone: 'UTC', timeZoneSource: 'default' });
    await h.db.update(practitioners).set({ browserTimeZone: 'Africa/Maseru' }).where(eq(practitioners.userId, older.user.id));
    expect(await zoneOf(older)).toMatchObject({ timeZone: 'Africa/Maseru', timeZoneSource: 'browser' });

    const noZone = await newcomer();
    const bad = await send(noZone, 'POST', '', onboarding({ timeZone: 'Mars/Olympus' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors).toEqual({ timeZone: ['Choose a time zone from the list'] });
    expect(await h.db.select().from(practitioners).where(eq(practitioners.userId, noZone.user.id))).toEqual([]);
  });

  it('a second registration is a status error (400414) and changes nothing', async () => {
    const u = await newcomer();
    expect((await h.app.inject({ method: 'POST', url: '/api/portal/me/', headers: u.auth, payload: onboarding() })).statusCode).toBe(201);
    const again = await h.app.inject({
      method: 'POST',
      url: '/api/portal/me/',
      headers: u.auth,
      payload: onboarding({ description: 'Something else entirely, long enough.' }),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: '400414', message: 'User needs to progress properly through statuses' });
    expect((await h.app.inject({ url: '/api/portal/me/', headers: u.auth })).json().description).toMatch(/^Nutrition practice/);
  });

  it('two concurrent registrations create one practice', async () => {
    const u = await newcomer();
    const results = await Promise.all(
      [1, 2].map((i) => h.app.inject({ method: 'POST', url: '/api/portal/me/', headers: u.auth, payload: onboarding({ hpcsaNumber: `DT01${i}0000` }) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await h.db.select().from(practitioners).where(eq(practitioners.userId, u.user.id))).toHaveLength(1);
  });

  it('needs the portal terms accepted first', async () => {
    const u = await createUser(h);
    const res = await h.app.inject({ method: 'POST', url: '/api/portal/me/', headers: u.auth, payload: onboarding() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldErrors).toEqual({ tosAccepted: ['This field is required'] });
    expect((await h.app.inject({ url: '/api/portal/me/', headers: u.auth })).statusCode).toBe(404);
  });

  it('bad input answers 400 with fieldErrors in the product’s words and creates nothing', async () => {
    const u = await newcomer();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ practiceNumber: '12a45' }, 'practiceNumber', 'Value is not valid.'],
      [{ practiceNumber: '' }, 'practiceNumber', 'This field is required'],
      [{ practiceNumber: '1234567890123456' }, 'practiceNumber', 'Maximum chars exceeded'],
      [{ hpcsaNumber: '0123456' }, 'hpcsaNumber', 'Value is not valid.'],
      [{ hpcsaNumber: 'MP01234567' }, 'hpcsaNumber', 'Value is not valid.'],
      [{ hpcsaNumber: 'M 0123456' }, 'hpcsaNumber', 'Value is not valid.'],
      [{ description: 'Too short' }, 'description', 'Minimum chars not reached'],
      [{ languages: [] }, 'languages', 'This field is required'],
      [{ languages: [2, 2] }, 'languages', 'Each entry can be chosen once'],
      [{ availability: [{ dayOfWeek: 1, startTime: '12:00', endTime: '09:00' }] }, 'availability.0.endTime', 'The end time must be after the start time'],
      [{ availability: [{ dayOfWeek: 8, startTime: '09:00', endTime: '10:00' }] }, 'availability.0.dayOfWeek', 'Value is not valid.'],
      [
        { address: { streetAddress: '1 Long Street', suburb: 'Gardens', city: 'Cape Town', state: 'WC', postalCode: 'ABCD', countryCode: 'ZA' } },
        'address.postalCode',
        'Value is not valid.',
      ],
      [{ categoryID: 99 }, 'categoryID', 'Value is not valid.'],
      [{ specializations: [2, 999] }, 'specializations', 'Value is not valid.'],
      [
        {
          availability: [
            { dayOfWeek: 2, startTime: '09:00', endTime: '11:00' },
            { dayOfWeek: 2, startTime: '10:30', endTime: '12:00' },
          ],
        },
        'availability.1.startTime',
        'This slot overlaps another slot on the same day',
      ],
    ];
    for (const [over, field, message] of cases) {
      const res = await h.app.inject({ method: 'POST', url: '/api/portal/me/', headers: u.auth, payload: onboarding(over) });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.fieldErrors[field], JSON.stringify(over)).toContain(message);
    }
    const unknown = await h.app.inject({ method: 'POST', url: '/api/portal/me/', headers: u.auth, payload: { ...onboarding(), status: 2 } });
    expect(unknown.json().error.fieldErrors).toEqual({ status: ['Unknown field'] });
    expect((await h.app.inject({ url: '/api/portal/me/', headers: u.auth })).statusCode).toBe(404);
  });

  it('an HPCSA number registered by another practice is refused', async () => {
    const a = await newcomer();
    const b = await newcomer();
    expect(
      (await h.app.inject({ method: 'POST', url: '/api/portal/me/', headers: a.auth, payload: onboarding({ hpcsaNumber: 'PS0777777' }) })).statusCode,
    ).toBe(201);
    const res = await h.app.inject({ method: 'POST', url: '/api/portal/me/', headers: b.auth, payload: onboarding({ hpcsaNumber: 'ps 0777777' }) });
    expect(res.json().error.fieldErrors.hpcsaNumber).toEqual(['This HPCSA number is already registered with another practice']);
  });
});

describe('onboarding draft', () => {
  it('keeps what was typed, valid or not, until the practice is registered', async () => {
    const u = await createUser(h);
    expect((await h.app.inject({ url: '/api/portal/me/onboarding-draft', headers: u.auth })).json()).toEqual({
      draft: null,
      updatedAt: null,
      tosAccepted: false,
    });
    await h.app.inject({ method: 'PUT', url: '/api/portal/me/tos/', headers: u.auth });
    const draft = {
      step: 1,
      categoryID: 2,
      hpcsaNumber: 'MP 01',
      practiceNumber: '12a',
      languages: [1],
      address: { city: 'Durban' },
      availability: [{ dayOfWeek: null, startTime: '09:00' }],
    };
    const saved = await h.app.inject({ method: 'PUT', url: '/api/portal/me/onboarding-draft', headers: u.auth, payload: draft });
    expect(saved.statusCode).toBe(200);
    const got = (await h.app.inject({ url: '/api/portal/me/onboarding-draft', headers: u.auth })).json();
    expect(got.draft).toEqual(draft);
    expect(got.updatedAt).toEqual(expect.any(String));
    expect(got.tosAccepted).toBe(true);
    // Another user's draft is their own.
    const other = await createUser(h);
    expect((await h.app.inject({ url: '/api/portal/me/onboarding-draft', headers: other.auth })).json().draft).toBeNull();
  });

  it('refuses unknown fields and oversized values', async () => {
    const u = await createUser(h);
    for (const payload of [{ secret: 'x' }, { description: 'x'.repeat(5000) }, { address: { city: 'x', evil: 1 } }]) {
      expect((await h.app.inject({ method: 'PUT', url: '/api/portal/me/onboarding-draft', headers: u.auth, payload })).statusCode).toBe(400);
    }
  });

  it('cannot be saved once the practice exists (400414)', async () => {
    const u = await accepted();
    const res = await h.app.inject({ method: 'PUT', url: '/api/portal/me/onboarding-draft', headers: u.auth, payload: { step: 1 } });
    expect(res.json().error.code).toBe('400414');
  });
});

describe('PUT /portal/me/', () => {
  it('updates the practice fields and validates them', async () => {
    const u = await accepted();
    const res = await h.app.inject({
      method: 'PUT',
      url: '/api/portal/me/',
      headers: u.auth,
      payload: { hpcsaNumber: 'mp 0555 555', practiceNumber: '7654321', categoryID: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hpcsaNumber: 'MP0555555', practiceNumber: '7654321', categoryID: 1, status: 2 });
    const bad = await h.app.inject({
      method: 'PUT',
      url: '/api/portal/me/',
      headers: u.auth,
      payload: { practiceNumber: '76-54', description: 'A perfectly fine description here.' },
    });
    expect(bad.json().error.fieldErrors).toEqual({ practiceNumber: ['Value is not valid.'] });
    expect((await h.app.inject({ url: '/api/portal/me/', headers: u.auth })).json()).toMatchObject({ practiceNumber: '7654321', description: null });
    for (const payload of [{}, { status: 2 }, { warehouseID: null }]) {
      expect((await h.app.inject({ method: 'PUT', url: '/api/portal/me/', headers: u.auth, payload })).statusCode).toBe(400);
    }
  });

  it('answers 404 without a practice', async () => {
    const u = await createUser(h);
    expect((await h.app.inject({ method: 'PUT', url: '/api/portal/me/', headers: u.auth, payload: { practiceNumber: '1' } })).statusCode).toBe(404);
  });
});

describe('languages and specializations', () => {
  it('are added and removed with the calls SPEC §7 names', async () => {
    const u = await createUser(h, { practitionerStatus: 1 });
    const add = await h.app.inject({ method: 'POST', url: '/api/portal/me/languages/', headers: u.auth, payload: { id: 4 } });
    expect(add.json().results).toEqual([{ id: 4, name: 'isiXhosa' }]);
    // Adding twice keeps one.
    expect((await h.app.inject({ method: 'POST', url: '/api/portal/me/languages/', headers: u.auth, payload: { id: 4 } })).json().results).toHaveLength(1);
    expect((await h.app.inject({ method: 'POST', url: '/api/portal/me/specializations/', headers: u.auth, payload: { id: 1 } })).json().results).toEqual([
      { id: 1, name: 'Pharmacogenomics' },
    ]);
    const me = (await h.app.inject({ url: '/api/portal/me/', headers: u.auth })).json();
    expect(me.languages).toEqual([{ id: 4, name: 'isiXhosa' }]);
    expect(me.specializations).toEqual([{ id: 1, name: 'Pharmacogenomics' }]);
    expect((await h.app.inject({ method: 'DELETE', url: '/api/portal/me/languages/4', headers: u.auth })).json().results).toEqual([]);
    expect((await h.app.inject({ method: 'DELETE', url: '/api/portal/me/languages/4', headers: u.auth })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'DELETE', url: '/api/portal/me/specializations/1', headers: u.auth })).statusCode).toBe(200);
  });

  it('refuses unknown ids and bad bodies', async () => {
    const u = await createUser(h, { practitionerStatus: 1 });
    const res = await h.app.inject({ method: 'POST', url: '/api/portal/me/languages/', headers: u.auth, payload: { id: 999 } });
    expect(res.json().error.fieldErrors).toEqual({ id: ['Value is not valid.'] });
    for (const payload of [{}, { id: 'x' }, { id: 1, extra: true }]) {
      expect((await h.app.inject({ method: 'POST', url: '/api/portal/me/specializations/', headers: u.auth, payload })).statusCode).toBe(400);
    }
    expect((await h.app.inject({ method: 'DELETE', url: '/api/portal/me/languages/abc', headers: u.auth })).statusCode).toBe(404);
  });
});

const address = (over: Record<string, unknown> = {}) => ({
  streetAddress: '5 Main Road',
  suburb: 'Claremont',
  city: 'Cape Town',
  state: 'Western Cape',
  postalCode: '7708',
  countryCode: 'ZA',
  ...over,
});

describe('addresses', () => {
  it('list, add (first is primary), edit, set primary', async () => {
    const u = await createUser(h, { practitionerStatus: 1 });
    const first = await h.app.inject({ method: 'POST', url: '/api/portal/me/addresses/', headers: u.auth, payload: address() });
    expect(first.statusCode).toBe(201);
    expect(first.json().primary).toBe(true);
    const second = (
      await h.app.inject({ method: 'POST', url: '/api/portal/me/addresses/', headers: u.auth, payload: address({ city: 'Stellenbosch', postalCode: '7600' }) })
    ).json();
    expect(second.primary).toBe(false);
    const edited = await h.app.inject({
      method: 'PUT',
      url: `/api/portal/me/addresses/${second.id}`,
      headers: u.auth,
      payload: address({ city: 'Paarl', postalCode: '7646' }),
    });
    expect(edited.json()).toMatchObject({ city: 'Paarl', primary: false });
    const primary = await h.app.inject({ method: 'PATCH', url: `/api/portal/me/addresses/${second.id}/primary/`, headers: u.auth });
    expect(primary.json()).toMatchObject({ id: second.id, primary: true });
    const list = (await h.app.inject({ url: '/api/portal/me/addresses/', headers: u.auth })).json().results;
    expect(list.map((a: { city: string; primary: boolean }) => [a.city, a.primary])).toEqual([
      ['Paarl', true],
      ['Cape Town', false],
    ]);
  });

  it('concurrent "make primary" calls leave exactly one primary address', async () => {
    const u = await createUser(h, { practitionerStatus: 1 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await h.app.inject({ method: 'POST', url: '/api/portal/me/addresses/', headers: u.auth, payload: address() })).json().id);
    await Promise.all(ids.map((id) => h.app.inject({ method: 'PATCH', url: `/api/portal/me/addresses/${id}/primary/`, headers: u.auth })));
    const list = (await h.app.inject({ url: '/api/portal/me/addresses/', headers: u.auth })).json().results;
    expect(list.filter((a: { primary: boolean }) => a.primary)).toHaveLength(1);
  });

  it('concurrent additions at the limit: one more address is taken, the others are refused, never more than the limit', async () => {
    const u = await createUser(h, { practitionerStatus: 1 });
    for (let i = 1; i < MAX_ADDRESSES; i++) await h.app.inject({ method: 'POST', url: '/api/portal/me/addresses/', headers: u.auth, payload: address() });
    const answers = await Promise.all(
      [1, 2, 3].map(() => h.app.inject({ method: 'POST', url: '/api/portal/me/addresses/', headers: u.auth, payload: address() })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect((await h.app.inject({ url: '/api/portal/me/addresses/', headers: u.auth })).json().results).toHaveLength(MAX_ADDRESSES);
  });

  it('another practice’s address answers 404 like a missing one, and bad input changes nothing', async () => {
    const a = await createUser(h, { practitionerStatus: 1 });
    const b = await createUser(h, { practitionerStatus: 1 });
    const mine = (await h.app.inject({ method: 'POST', url: '/api/portal/me/addresses/', headers: a.auth, payload: address() })).json();
    for (const [method, url, payload] of [
      ['PUT', `/api/portal/me/addresses/${mine.id}`, address({ city: 'Hijacked' })],
      ['PATCH', `/api/portal/me/addresses/${mine.id}/primary/`, undefined],
      ['PUT', '/api/portal/me/addresses/00000000-0000-4000-8000-000000000000', address()],
    ] as const) {
      expect((await h.app.inject({ method, url, headers: b.auth, payload })).statusCode, `${method} ${url}`).toBe(404);
    }
    const bad = await h.app.inject({
      method: 'PUT',
      url: `/api/portal/me/addresses/${mine.id}`,
      headers: a.auth,
      payload: address({ countryCode: 'XX', city: '' }),
    });
    expect(bad.json().error.fieldErrors).toMatchObject({ countryCode: ['This field is required'], city: ['This field is required'] });
    const [row] = await h.db.select().from(practitionerAddresses).where(eq(practitionerAddresses.id, mine.id));
    expect(row!.city).toBe('Cape Town');
  });
});

describe('availability', () => {
  it('adds, edits and removes weekly slots; overlaps are refused', async () => {
    const u = await createUser(h, { practitionerStatus: 1 });
    const a = (await send(u, 'POST', 'availability/', { dayOfWeek: 3, startTime: '09:00', endTime: '12:00' })).json();
    const overlap = await send(u, 'POST', 'availability/', { dayOfWeek: 3, startTime: '11:00', endTime: '13:00' });
    expect(overlap.json().error.fieldErrors).toEqual({ startTime: ['This slot overlaps another slot on the same day'] });
    const b = await send(u, 'POST', 'availability/', { dayOfWeek: 3, startTime: '12:00', endTime: '13:00' });
    expect(b.statusCode).toBe(201);
    // Editing a slot may keep its own span.
    const edit = await send(u, 'PUT', `availability/${a.id}`, { dayOfWeek: 3, startTime: '08:00', endTime: '12:00' });
    expect(edit.json()).toMatchObject({ startTime: '08:00', endTime: '12:00' });
    expect((await h.app.inject({ method: 'DELETE', url: `/api/portal/me/availability/${a.id}`, headers: u.auth })).statusCode).toBe(204);
    expect((await h.app.inject({ url: '/api/portal/me/availability/', headers: u.auth })).json().results).toHaveLength(1);
  });

  it('another practice’s slot answers 404', async () => {
    const a = await createUser(h, { practitionerStatus: 1 });
    const b = await createUser(h, { practitionerStatus: 1 });
    const slot = (await send(a, 'POST', 'availability/', { dayOfWeek: 1, startTime: '09:00', endTime: '10:00' })).json();
    expect((await send(b, 'PUT', `availability/${slot.id}`, { dayOfWeek: 1, startTime: '09:00', endTime: '11:00' })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'DELETE', url: `/api/portal/me/availability/${slot.id}`, headers: b.auth })).statusCode).toBe(404);
  });
});

describe('payment details (need acceptance)', () => {
  it('refuses practitioners who are not accepted, whatever they send', async () => {
    for (const status of [1, 3] as const) {
      const u = await createUser(h, { practitionerStatus: status });
      for (const [method, url, payload] of [
        ['GET', '/api/portal/me/paymentDetails/', undefined],
        ['POST', '/api/portal/me/paymentDetails/', { type: 2, identifier: 'me@example.com', currency: 'ZAR' }],
        ['POST', '/api/portal/me/paymentDetails/', { nonsense: true }],
        ['PUT', '/api/portal/me/paymentDetails/00000000-0000-4000-8000-000000000000', { type: 1, identifier: '123456789', currency: 'ZAR' }],
        ['PATCH', '/api/portal/me/paymentDetails/00000000-0000-4000-8000-000000000000/default/', undefined],
        ['DELETE', '/api/portal/me/paymentDetails/00000000-0000-4000-8000-000000000000', undefined],
      ] as const) {
        const res = await h.app.inject({ method, url, headers: u.auth, payload });
        expect(res.statusCode, `${status} ${method} ${url}`).toBe(403);
        expect(res.json().error).toMatchObject({ code: '400403', message: 'Practitioner needs to be accepted in order to access this section' });
      }
    }
    const none = await createUser(h);
    expect((await h.app.inject({ url: '/api/portal/me/paymentDetails/', headers: none.auth })).statusCode).toBe(403);
  });

  it('an accepted practitioner adds and edits them; the identifier follows the type', async () => {
    const u = await accepted();
    const card = await send(u, 'POST', 'paymentDetails/', { type: 1, identifier: '6200 1234 5678', currency: 'ZAR' });
    expect(card.statusCode).toBe(201);
    expect(card.json()).toMatchObject({
      type: 1,
      identifier: '620012345678',
      currency: 'ZAR',
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const paypal = await send(u, 'PUT', `paymentDetails/${card.json().id}`, { type: 2, identifier: 'Ada@Example.com', currency: 'USD' });
    expect(paypal.json()).toMatchObject({ type: 2, identifier: 'ada@example.com', currency: 'USD' });
    const phone = await send(u, 'POST', 'paymentDetails/', { type: 2, identifier: '+27 82 555 0100', currency: 'ZAR' });
    expect(phone.json().identifier).toBe('+27825550100');
    const list = (await h.app.inject({ url: '/api/portal/me/paymentDetails/', headers: u.auth })).json().results;
    expect(list).toHaveLength(2);

    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ type: 1, identifier: 'abc', currency: 'ZAR' }, 'identifier', 'Value is not valid.'],
      [{ type: 1, identifier: '123', currency: 'ZAR' }, 'identifier', 'Minimum chars not reached'],
      [{ type: 2, identifier: 'not a mail@', currency: 'ZAR' }, 'identifier', 'Email is not valid'],
      [{ type: 2, identifier: 'call me', currency: 'ZAR' }, 'identifier', 'Value is not valid.'],
      [{ type: 3, identifier: '123456', currency: 'ZAR' }, 'type', 'This field is required'],
      [{ type: 1, identifier: '123456', currency: 'XYZ' }, 'currency', 'This field is required'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await h.app.inject({ method: 'POST', url: '/api/portal/me/paymentDetails/', headers: u.auth, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fieldErrors[field], JSON.stringify(payload)).toContain(message);
    }
    expect(await h.db.select().from(paymentDetails).where(eq(paymentDetails.id, card.json().id))).toEqual([
      expect.objectContaining({ identifier: 'ada@example.com' }),
    ]);
  });

  it('the first added is the default; another can be made it; removing the default hands it to the oldest left', async () => {
    const u = await accepted();
    const add = async (identifier: string) =>
      (
        await h.app.inject({ method: 'POST', url: '/api/portal/me/paymentDetails/', headers: u.auth, payload: { type: 2, identifier, currency: 'ZAR' } })
      ).json();
    const first = await add('first@example.com');
    const second = await add('second@example.com');
    const third = await add('third@example.com');
    expect([first.isDefault, second.isDefault, third.isDefault]).toEqual([true, false, false]);
    const made = await h.app.inject({ method: 'PATCH', url: `/api/portal/me/paymentDetails/${third.id}/default/`, headers: u.auth });
    expect(made.json()).toMatchObject({ id: third.id, isDefault: true });
    const listed = async () =>
      (await h.app.inject({ url: '/api/portal/me/paymentDetails/', headers: u.auth }))
        .json()
        .results.map((p: { identifier: string; isDefault: boolean }) => [p.identifier, p.isDefault]);
    // The default first, then the others as they were added.
    expect(await listed()).toEqual([
      ['third@example.com', true],
      ['first@example.com', false],
      ['second@example.com', false],
    ]);
    const removed = await h.app.inject({ method: 'DELETE', url: `/api/portal/me/paymentDetails/${third.id}`, headers: u.auth });
    expect(removed.statusCode).toBe(204);
    expect(await listed()).toEqual([
      ['first@example.com', true],
      ['second@example.com', false],
    ]);
    expect((await h.app.inject({ method: 'DELETE', url: `/api/portal/me/paymentDetails/${second.id}`, headers: u.auth })).statusCode).toBe(204);
    expect(await listed()).toEqual([['first@example.com', true]]);
    expect((await h.app.inject({ method: 'DELETE', url: `/api/portal/me/paymentDetails/${second.id}`, headers: u.auth })).statusCode).toBe(404);
  });

  it('another practice’s payment details answer 404', async () => {
    const a = await accepted();
    const b = await accepted();
    const mine = (await send(a, 'POST', 'paymentDetails/', { type: 2, identifier: 'a@example.com', currency: 'ZAR' })).json();
    const res = await send(b, 'PUT', `paymentDetails/${mine.id}`, { type: 2, identifier: 'b@example.com', currency: 'ZAR' });
    expect(res.statusCode).toBe(404);
    expect((await h.app.inject({ method: 'PATCH', url: `/api/portal/me/paymentDetails/${mine.id}/default/`, headers: b.auth })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'DELETE', url: `/api/portal/me/paymentDetails/${mine.id}`, headers: b.auth })).statusCode).toBe(404);
    expect((await h.app.inject({ url: '/api/portal/me/paymentDetails/', headers: a.auth })).json().results).toHaveLength(1);
    expect((await h.app.inject({ url: '/api/portal/me/paymentDetails/', headers: b.auth })).json().results).toEqual([]);
  });
});
