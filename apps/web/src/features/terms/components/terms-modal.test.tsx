import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorModal } from '../../../components/error-modal';
import { useSystemStore } from '../../../store/system-store';
import { renderWithProviders } from '../../../test/render';
import { TermsModal } from './terms-modal';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSystemStore.setState({ errorModal: { opened: false, title: '', content: null } });
});

const record = { id: 1, title: 'Terms & Conditions', version: 3, tosURI: 'https://portal.test/api/legal/terms-3.pdf', publishedAt: '2026-01-01T00:00:00.000Z' };

describe('TermsModal', () => {
  it("offers 'Sign out' beside Accept, which signs out while the terms are not accepted", async () => {
    // The record loads; the document never answers (Accept stays off, Sign out does not wait for it).
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => (url.includes('/legal/') ? new Promise<Response>(() => undefined) : Promise.resolve(json(record)))),
    );
    const onSignOut = vi.fn();
    renderWithProviders(<TermsModal kind="account" onSignOut={onSignOut} signingOut={false} />);
    const dialog = await screen.findByRole('dialog', { name: 'Terms & Conditions' });
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent);
    // Side by side, in this order, at the foot of the modal.
    expect(buttons.slice(-2)).toEqual(['Sign out', 'Accept']);
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('says a failed terms file once, in the error modal with SPEC’s text; the modal holds only Try again', async () => {
    const fetch = vi.fn((url: string) => Promise.resolve(url.includes('/legal/') ? new Response('', { status: 500 }) : json(record)));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(
      <>
        <TermsModal kind="account" onSignOut={() => undefined} signingOut={false} />
        <ErrorModal />
      </>,
    );
    const error = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(error).toHaveTextContent('Error occured while getting ToS file.');
    // Once on the page: not again inside the terms modal.
    expect(screen.getAllByText('Error occured while getting ToS file.')).toHaveLength(1);
    const terms = screen.getByRole('dialog', { name: 'Terms & Conditions' });
    expect(within(terms).queryByText(/Error occ?urr?ed while getting ToS file/)).toBeNull();
    const retry = within(terms).getByRole('button', { name: 'Try again' });
    expect(retry).toHaveAccessibleDescription('You can accept the terms once they are shown here.');
    expect(within(terms).getByRole('button', { name: 'Accept' })).toBeDisabled();

    await userEvent.click(within(error).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Something went wrong' })).toBeNull());
    const before = fetch.mock.calls.length;
    await userEvent.click(retry);
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(before));
    expect((fetch.mock.calls.at(-1) as unknown as [string])[0]).toContain('/legal/terms-3.pdf');
  });
});
