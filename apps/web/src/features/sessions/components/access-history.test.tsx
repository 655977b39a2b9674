import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeAuthCookie } from '../../../lib/auth-cookie';
import { clearAllCookies } from '../../../test/tokens';
import { renderWithProviders } from '../../../test/render';
import { AccessHistory } from './access-history';

const SESSION = '6f1c1f4e-2a47-4a36-9d4b-2b0f0b0f0b0f';
const row = (id: number, outcome: string, actor = 'you') => ({
  id,
  at: '2026-11-21T10:00:00.000Z',
  action: 'read',
  category: 'results',
  outcome,
  sourceIp: '127.0.0.1',
  actor,
  sessionID: SESSION,
  detail: null,
});
const fetchMock = vi.fn<(url: string) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  writeAuthCookie({ accessToken: 'a', refreshToken: 'r' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearAllCookies();
});

describe('access history on the overview', () => {
  it('asks the server only when the practitioner asks to see it, then lists who did what', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ results: [row(2, 'allowed'), row(1, 'denied', 'another user')] }), { status: 200 }));
    renderWithProviders(<AccessHistory sessionId={SESSION} />);
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Show access history' }));
    const table = await screen.findByRole('region', { name: 'Access history of this patient' });
    expect(fetchMock.mock.calls[0]![0]).toContain(`/portal/sessions/${SESSION}/access-history`);
    expect(table).toHaveTextContent('another user');
    expect(screen.getByText('Allowed')).toBeInTheDocument();
    expect(screen.getByText('Denied')).toBeInTheDocument();
  });

  it('says so when it cannot load, and tries again on request', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 500 })).mockResolvedValueOnce(new Response(JSON.stringify({ results: [] }), { status: 200 }));
    renderWithProviders(<AccessHistory sessionId={SESSION} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show access history' }));
    await screen.findByText('The access history could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Nothing has been recorded yet.')).toBeInTheDocument());
  });
});
