import { runPatientCommand } from '../../apps/server/src/test/patient-cli';
import { baseUrl, DEMO_PASSWORD } from './browser';

/** JSON call to the running portal, as the mobile app or a script would make it. */
export async function api<T = unknown>(method: string, pathname: string, opts: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}${pathname}`, {
    method,
    headers: { ...(opts.body ? { 'content-type': 'application/json' } : {}), ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

export async function tokenFor(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await api<{ accessToken: string }>('POST', '/sso/api/token', { body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return res.body.accessToken;
}

/**
 * Posts a sign-on form as the browser does: the form page first (its CSRF token and the cookie
 * holding the token's secret), then the post from the sign-on's own Origin.
 */
async function postSignOnForm(pathname: string, values: URLSearchParams): Promise<Response> {
  const page = await fetch(`${baseUrl()}${pathname}`);
  const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!token) throw new Error(`${pathname} drew no form token`);
  const cookie = page.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const body = new URLSearchParams(values);
  body.set('_csrf', token);
  return fetch(`${baseUrl()}${pathname}`, { method: 'POST', body, headers: { cookie, origin: new URL(baseUrl()).origin }, redirect: 'manual' });
}

/** `npm run patient -- …` against the running portal (or the one at `base`); resolves with stdout, rejects with the CLI's message. */
export const patientCli = (args: string[], base = baseUrl()) => runPatientCommand(args, base);

let counter = 0;
/** A new synthetic patient account, made through the sign-on's patient API. */
export async function newPatient(firstName = 'Test') {
  const email = `e2e.patient.${Date.now()}.${counter++}@test.example`;
  const password = 'Patient-pass-1';
  await patientCli(['sign-up', '--email', email, '--password', password, '--first-name', firstName, '--last-name', 'Patient', '--phone', '+27215550000']);
  return { email, password };
}

// ---- Running the practice (issue 7) ----------------------------------------------------------

/** The admin API of the journey's server, with its token (as `npm run admin` calls it). */
export async function adminApi<T = unknown>(method: string, pathname: string, body?: unknown) {
  const { inject } = await import('vitest');
  return api<T>(method, `/api/admin${pathname}`, { token: inject('adminToken'), body });
}

async function ok<T>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await res;
  if (status >= 300) throw new Error(`${what} failed: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** A new account through the sign-on's sign-up form: no terms accepted, no practice yet. Password: the demo one. */
export async function newAccount(firstName = 'Rosalind') {
  const letters = Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6);
  const lastName = `Franklin${letters}`;
  const email = `e2e.practice.${Date.now()}.${counter++}@test.example`;
  const form = new URLSearchParams({
    firstName,
    lastName,
    email,
    phoneNumber: '+27215550123',
    password: DEMO_PASSWORD,
    confirmPassword: DEMO_PASSWORD,
    redirect: `${baseUrl()}/onboarding`,
  });
  const signUp = await postSignOnForm('/sso/sign-up', form);
  if (signUp.status !== 303) throw new Error(`sign-up of ${email} failed: ${signUp.status}`);
  return { email, firstName, lastName };
}

/** Both terms accepted and the practice registered through the API: it then waits for the provider's review. */
export async function registerPractice(email: string) {
  const token = await tokenFor(email);
  await ok(api('PUT', '/api/account/me/tos', { token }), 'account terms');
  await ok(api('PUT', '/api/portal/me/tos/', { token }), 'portal terms');
  const languages = await ok(api<{ results: { id: number }[] }>('GET', '/api/portal/languages/', { token }), 'languages');
  const specializations = await ok(api<{ results: { id: number }[] }>('GET', '/api/portal/specializations/', { token }), 'specializations');
  await ok(
    api('POST', '/api/portal/me/', {
      token,
      body: {
        categoryID: 2,
        // HPCSA numbers are unique per practice: one of its own (9xxxxxx never meets the practice journey's 0123457).
        hpcsaNumber: `MP${9_000_000 + ((Date.now() + counter) % 1_000_000)}`,
        practiceNumber: '1234567',
        description: 'General practice with consignment kits, for the commerce journey.',
        languages: [languages.results[0]!.id],
        specializations: [specializations.results[0]!.id],
        address: { streetAddress: '1 Long Street', suburb: 'Gardens', city: 'Cape Town', state: 'Western Cape', postalCode: '8001', countryCode: 'ZA' },
        availability: [{ dayOfWeek: 1, startTime: '09:00', endTime: '12:00' }],
      },
    }),
    'onboarding',
  );
  return token;
}

/**
 * A practitioner of the journey's own, listed for patients: signed up through the sign-on form,
 * terms accepted, practice registered, accepted by the provider, course and test passed. All
 * through the API, as the practice journey does through the pages. Password: the demo one.
 */
export async function newListedPractitioner(firstName = 'Rosalind') {
  const { TEST_QUESTIONS, ALL_LESSONS } = await import('../../apps/server/src/modules/course/content');
  const { email, lastName } = await newAccount(firstName);
  const token = await registerPractice(email);
  const listed = await ok(adminApi<{ results: { id: string }[] }>('GET', `/practitioners/?email=${encodeURIComponent(email)}`), 'admin list');
  await ok(adminApi('POST', `/practitioners/${listed.results[0]!.id}/accept`), 'admin accept');
  for (const lesson of ALL_LESSONS) await ok(api('PUT', `/api/portal/course/lessons/${lesson.id}/complete`, { token }), `lesson ${lesson.id}`);
  const answers = Object.fromEntries(TEST_QUESTIONS.map((q) => [q.id, q.correct]));
  const attempt = await ok(api<{ passed: boolean }>('POST', '/api/portal/course/test/attempts', { token, body: { answers } }), 'test');
  if (!attempt.passed) throw new Error('the course test was not passed');
  return { email, firstName, lastName, name: `${firstName} ${lastName}` };
}

// ---- A practitioner's day (issue 20): patients and sessions straight through the API ----------

const letters = () =>
  Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8);

export interface ApiPatient {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  name: string;
  token: string;
}

/**
 * A new patient account through the sign-on's patient API (what `npm run patient -- sign-up` calls,
 * without a process per call), signed in. `lastName` defaults to one no one else has, to search by.
 */
export async function apiPatient(firstName: string, lastName = `Day${letters()}`): Promise<ApiPatient> {
  const email = `e2e.day.${Date.now()}.${counter++}@test.example`;
  const password = 'Patient-pass-1';
  await ok(api('POST', '/sso/api/patients', { body: { email, password, firstName, lastName, phoneNumber: '+27215550000' } }), `patient sign-up ${email}`);
  return { email, password, firstName, lastName, name: `${firstName} ${lastName}`, token: await tokenFor(email, password) };
}

/** The patient books a session with the listed practitioner of that last name, `inDays` from now. */
export async function bookSession(patient: ApiPatient, practitionerLastName: string, inDays = 2): Promise<string> {
  const listed = await ok(
    api<{ results: Array<{ id: string; lastName: string }> }>('GET', `/api/patient/practitioners/?search=${encodeURIComponent(practitionerLastName)}`, {
      token: patient.token,
    }),
    'practitioners',
  );
  const practitioner = listed.results.find((p) => p.lastName === practitionerLastName);
  if (!practitioner) throw new Error(`${practitionerLastName} is not listed for patients`);
  const session = await ok(
    api<{ id: string }>('POST', '/api/patient/sessions/', {
      token: patient.token,
      body: { practitionerId: practitioner.id, bookingTime: new Date(Date.now() + inDays * 86_400_000).toISOString() },
    }),
    'session request',
  );
  return session.id;
}

/** The practitioner accepts (or rejects) a session request through the portal's API. */
export async function decideSession(practitionerEmail: string, sessionId: string, decision: 'accept' | 'reject' = 'accept') {
  await ok(api('POST', `/api/portal/sessions/${sessionId}/${decision}`, { token: await tokenFor(practitionerEmail) }), `${decision} ${sessionId}`);
}
