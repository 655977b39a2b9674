import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { config } from '../config/env';
import { goToSignIn } from '../lib/sign-on';
import { useSystemStore } from '../store/system-store';
import { useUserStore } from '../store/user-store';
import { TEST_PRACTITIONER, TEST_USER } from '../test/accounts';
import { clearAllCookies, fakeJwt } from '../test/tokens';
import { writeAuthCookie } from '../lib/auth-cookie';
import { Providers } from './providers';
import { routeObjects } from './router';

vi.mock('../lib/sign-on', () => ({ goToSignIn: vi.fn(), signInUrl: vi.fn(() => '/sso/sign-in?redirect=x') }));

const TOS = {
  id: 1,
  version: 1,
  title: 'Terms & Conditions',
  tosURI: `${window.location.origin}/api/legal/terms-and-conditions/v1.pdf`,
  publishedAt: '2026-11-01T00:00:00.000Z',
};

type Handler = (init: RequestInit) => Response | Promise<Response>;
let handlers: Record<string, Handler>;
const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
  const key = `${init.method ?? 'GET'} ${url}`;
  const handler = handlers[key];
  if (!handler) throw new Error(`unexpected request ${key}`);
  return handler(init);
});
const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status });
const failure = (status: number, code: string) => json({ error: { message: 'failed', params: null, fieldErrors: null, code, cause: null } }, status);

function signIn() {
  writeAuthCookie({ accessToken: fakeJwt({ sub: TEST_USER.id, scope: 'practitioner', exp: 9_999_999_999 }), refreshToken: 'r1' });
}

function renderAt(path: string) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

// Generous: the first import of a lazy page module can be slow while other test files run.
const h1 = () => screen.findByRole('heading', { level: 1 }, { timeout: 5000 });

beforeEach(() => {
  handlers = {
    [`GET ${config.apiBase}/account/me/`]: json(TEST_USER),
    [`GET ${config.apiBase}/portal/me/`]: json(TEST_PRACTITIONER),
  };
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(goToSignIn).mockClear();
  fetchMock.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearAllCookies();
  useSystemStore.setState({ errorModal: { opened: false, title: '', content: null } });
  useUserStore.setState({ loaded: false });
});

describe('the signed-in shell', () => {
  it('sends a visitor without a scoped token to the sign-on', async () => {
    renderAt('/sessions');
    // Generous: this is the file's first import of the lazy signed-in layout, slow on a busy machine.
    await waitFor(() => expect(goToSignIn).toHaveBeenCalledTimes(1), { timeout: 12_000 });
    expect(fetchMock).not.toHaveBeenCalled();
  }, 15_000);

  it('loads the user and practitioner, then shows the page and sets the loaded flag', async () => {
    signIn();
    handlers[`GET ${config.apiBase}/portal/sessions/?status=1&limit=10&offset=0`] = json({ results: [], count: 0, limit: 10, offset: 0 });
    handlers[`GET ${config.apiBase}/portal/sessions/counts`] = json({ 1: 0, 2: 0, 3: 0, 4: 0 });
    renderAt('/sessions');
    expect(await h1()).toHaveTextContent('Sessions');
    await waitFor(() => expect(document.title).toBe('Sessions | Practitioner Portal'));
    expect(await screen.findByRole('tab', { name: /Pending sessions/ })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation')).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(useUserStore.getState().loaded).toBe(true);
  });

  it('goes to onboarding when the user has no practitioner profile', async () => {
    signIn();
    handlers[`GET ${config.apiBase}/portal/me/`] = failure(404, '400404');
    const router = renderAt('/sessions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(await h1()).toHaveTextContent('Onboarding');
    // The sidebar is hidden on onboarding.
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('goes to onboarding when the practitioner request fails', async () => {
    signIn();
    handlers[`GET ${config.apiBase}/portal/me/`] = failure(500, '500505');
    const router = renderAt('/kits');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
  });

  it('tells a practitioner awaiting review that warehousing needs acceptance', async () => {
    signIn();
    handlers[`GET ${config.apiBase}/portal/me/`] = json({ ...TEST_PRACTITIONER, status: 1 });
    renderAt('/warehousing');
    expect(await h1()).toHaveTextContent('Warehousing');
    expect(screen.getByText('Practitioner needs to be accepted in order to access this section')).toBeInTheDocument();
  });

  it('shows the page to an accepted practitioner', async () => {
    signIn();
    renderAt('/discount-codes');
    expect(await h1()).toHaveTextContent('Discount codes');
    expect(screen.queryByText('Practitioner needs to be accepted in order to access this section')).toBeNull();
  });
});

describe('page titles', () => {
  beforeEach(signIn);

  it.each([
    ['/sessions/abc', 'Session Details'],
    ['/sessions/abc/', 'Overview'],
    ['/sessions/abc/results', 'Genotype results'],
    ['/sessions/abc/results/r1', 'Result'],
    ['/sessions/abc/result/r1/components/c1', 'Result'],
    ['/sessions/abc/questionnaires/q1', 'Questionnaires'],
    ['/sessions/abc/questionnarie/q1', 'Questionnaires'],
    ['/sessions/abc/notes', 'Journal'],
    ['/sessions/abc/reports', 'Pharmaco reports'],
    ['/sessions/abc/ask-ai', 'Ask AI'],
    ['/journals/j1', 'Write in Journal'],
    ['/journals/j1/', 'Edit Journal'],
    ['/courses', 'Course'],
    ['/summary/transactions', 'Transactions'],
  ])('%s is titled %s', async (path, title) => {
    renderAt(path);
    expect(await h1()).toHaveTextContent(title);
    await waitFor(() => expect(document.title).toBe(`${title} | Practitioner Portal`));
  });

  it('switches the sidebar to the session links under /sessions/:id', async () => {
    renderAt('/sessions/abc/');
    expect(await h1()).toHaveTextContent('Overview');
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Results' })).toHaveAttribute('href', '/sessions/abc/results');
    expect(within(nav).queryByRole('link', { name: 'Summary' })).toBeNull();
  });

  it('shows the not-found page for an unknown path', async () => {
    renderAt('/sessions/abc/unknown');
    expect(await h1()).toHaveTextContent('This page is unknown or does not exist');
  });
});

describe('the terms of service', () => {
  beforeEach(() => {
    signIn();
    handlers[`GET ${config.apiBase}/account/tos`] = json(TOS);
    handlers[`GET ${TOS.tosURI}`] = () => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200 });
  });

  it('blocks the portal until the user accepts the account terms', async () => {
    let accepted = false;
    handlers[`GET ${config.apiBase}/account/me/`] = () => new Response(JSON.stringify({ ...TEST_USER, tosAccepted: accepted }));
    handlers[`PUT ${config.apiBase}/account/me/tos`] = () => {
      accepted = true;
      return new Response(JSON.stringify({ tosAccepted: true, version: 1 }));
    };
    renderAt('/onboarding');
    const dialog = await screen.findByRole('dialog', { name: 'Terms & Conditions' });
    expect(within(dialog).queryByRole('button', { name: /close/i })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Terms & Conditions' })).toBeInTheDocument();
    // Accept opens once the document has been shown.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeEnabled(), { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([url, init]) => url === `${config.apiBase}/account/me/tos` && init.method === 'PUT')).toBe(true);
  });

  it('shows the portal terms once the account terms are accepted', async () => {
    handlers[`GET ${config.apiBase}/portal/me/`] = json({ ...TEST_PRACTITIONER, tosAccepted: false });
    handlers[`GET ${config.apiBase}/portal/me/tos/`] = json({ data: { ...TOS, id: 2, title: 'Portal Terms & Conditions' } });
    renderAt('/summary');
    expect(await screen.findByRole('dialog', { name: 'Portal Terms & Conditions' })).toBeInTheDocument();
  });

  it('reports a failed acceptance in the error modal', async () => {
    handlers[`GET ${config.apiBase}/account/me/`] = json({ ...TEST_USER, tosAccepted: false });
    handlers[`PUT ${config.apiBase}/account/me/tos`] = () => new Response('oops', { status: 502 });
    renderAt('/onboarding');
    const dialog = await screen.findByRole('dialog', { name: 'Terms & Conditions' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeEnabled(), { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    const error = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(error).toHaveTextContent('Error occured while accepting ToS.');
  });

  it('reports a terms file that cannot be loaded in the error modal', async () => {
    handlers[`GET ${config.apiBase}/account/me/`] = json({ ...TEST_USER, tosAccepted: false });
    handlers[`GET ${TOS.tosURI}`] = () => new Response('', { status: 500 });
    renderAt('/onboarding');
    const error = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(error).toHaveTextContent('Error occured while getting ToS file.');
    // Terms that were never shown cannot be accepted: Accept stays off, with the reason and a retry.
    const terms = screen.getByRole('dialog', { name: 'Terms & Conditions' });
    expect(within(terms).getByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(within(terms).getByRole('button', { name: 'Accept' })).toHaveAccessibleDescription('You can accept the terms once they are shown here.');
    expect(within(terms).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the home page', () => {
  it('offers the sign-in when signed out', async () => {
    renderAt('/');
    expect(await h1()).toHaveTextContent('Practitioner Portal');
    await waitFor(() => expect(document.title).toBe('Home | Practitioner Portal'));
    expect(screen.getAllByRole('link', { name: 'Sign in' }).length).toBeGreaterThan(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [2, '/summary'],
    [1, '/course'],
  ])('takes a signed-in practitioner with status %s to %s', async (status, landing) => {
    signIn();
    handlers[`GET ${config.apiBase}/portal/me/`] = json({ ...TEST_PRACTITIONER, status });
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe(landing));
  });

  it('takes a signed-in user without a practice to onboarding', async () => {
    signIn();
    handlers[`GET ${config.apiBase}/portal/me/`] = failure(404, '400404');
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
  });

  it('only logs other failures, without a message to the user', async () => {
    signIn();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    handlers[`GET ${config.apiBase}/portal/me/`] = failure(500, '500505');
    const router = renderAt('/');
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/');
    expect(useSystemStore.getState().errorModal.opened).toBe(false);
    log.mockRestore();
  });
});

describe('the public legal pages', () => {
  it.each([
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-and-conditions', 'Terms & Conditions'],
    ['/portal-terms-and-conditions', 'Portal Terms & Conditions'],
  ])('%s shows the real text', async (path, title) => {
    renderAt(path);
    expect(await h1()).toHaveTextContent(title);
    await waitFor(() => expect(document.title).toBe(`${title} | Practitioner Portal`));
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(3);
    expect(screen.getByRole('link', { name: /PDF/ })).toHaveAttribute('href', expect.stringMatching(/\.pdf$/));
  });
});
