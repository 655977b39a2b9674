import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../features/sessions/test-fixtures';
import { writeAuthCookie } from '../../lib/auth-cookie';
import { useSystemStore } from '../../store/system-store';
import { TEST_PRACTITIONER, TEST_USER } from '../../test/accounts';
import { mediaQueryList } from '../../test/media';
import { renderWithProviders } from '../../test/render';
import { clearAllCookies, fakeJwt } from '../../test/tokens';
import { ProtectedLayout } from './app-layout';

/** matchMedia as a screen of this width answers the shell's max-width query. */
function screenWidth(px: number) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return mediaQueryList(query, max ? px <= Number(max[1]) : false);
  });
}

function renderShell() {
  return renderWithProviders(
    <Routes>
      <Route element={<ProtectedLayout />}>
        <Route path="/journals" element={<p>The journals page</p>} />
      </Route>
    </Routes>,
    { path: '/journals' },
  );
}

const realMatchMedia = window.matchMedia;
beforeEach(() => {
  writeAuthCookie({ accessToken: fakeJwt({ scope: 'portal' }), refreshToken: 'r' });
  mockApi({ 'GET /api/account/me/': () => json(TEST_USER), 'GET /api/portal/me/': () => json(TEST_PRACTITIONER) });
});
afterEach(() => {
  window.matchMedia = realMatchMedia;
  vi.unstubAllGlobals();
  clearAllCookies();
  useSystemStore.setState({ sidebarOpened: false });
});

describe('the signed-in shell', () => {
  it('on a wide screen, shows the sidebar with the page', async () => {
    screenWidth(1280);
    renderShell();
    expect(await screen.findByText('The journals page')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
  });

  it('on a narrow screen, draws the (off-screen) sidebar only once the burger opens it, then keeps it', async () => {
    screenWidth(400);
    renderShell();
    expect(await screen.findByText('The journals page')).toBeInTheDocument();
    const burger = screen.getByRole('button', { name: 'Open navigation' });
    expect(burger).toHaveAttribute('aria-controls', 'portal-sidebar');
    expect(document.getElementById('portal-sidebar')).toHaveAttribute('inert');
    expect(screen.queryByRole('button', { name: 'Logout', hidden: true })).not.toBeInTheDocument();

    await userEvent.click(burger);
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(document.getElementById('portal-sidebar')).not.toHaveAttribute('inert');

    // The burger and the sidebar's own close button both close it.
    await userEvent.click(screen.getAllByRole('button', { name: 'Close navigation' })[0]!);
    expect(document.getElementById('portal-sidebar')).toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Logout', hidden: true })).toBeInTheDocument();
  });
});
