import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorModal } from '../../../components/error-modal';
import { useSystemStore } from '../../../store/system-store';
import { renderWithProviders } from '../../../test/render';
import { sessionsQueryOptions } from '../api/get-sessions';
import { apiError, json, mockApi, summary } from '../test-fixtures';
import { PAGE_SIZE, SessionsList } from './sessions-list';

const COUNTS = { 1: 2, 2: 3, 3: 1, 4: 12 };
const LIST = '/api/portal/sessions/';

function renderList(path = '/sessions') {
  return renderWithProviders(
    <>
      <SessionsList />
      <ErrorModal />
    </>,
    { path },
  );
}

const listCalls = (calls: Array<{ method: string; url: URL }>) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === LIST).map((c) => c.url.searchParams);

afterEach(() => {
  vi.unstubAllGlobals();
  useSystemStore.setState({ errorModal: { opened: false, title: '', content: null } });
});

describe('the sessions list', () => {
  it('has a tab per status with its count, pending first, and shows the status as text', async () => {
    const pending = [summary({ firstName: 'Lerato', lastName: 'Mokoena', synthetic: true }), summary({ firstName: 'Sipho', lastName: 'Dlamini' })];
    const api = mockApi({
      [`GET ${LIST}`]: (url) => json({ results: url.searchParams.get('status') === '1' ? pending : [], count: 2, limit: PAGE_SIZE, offset: 0 }),
      'GET /api/portal/sessions/counts': () => json(COUNTS),
    });
    renderList();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'Pending sessions',
      'Accepted sessions',
      'Completed sessions',
      'Declined sessions',
    ]);
    await waitFor(() => expect(screen.getByRole('tab', { name: /Completed sessions/ })).toHaveTextContent('12'));
    expect(screen.getByRole('tab', { name: /Pending sessions/ })).toHaveTextContent('2');
    expect(screen.getByRole('tab', { name: /Pending sessions/ })).toHaveAttribute('aria-selected', 'true');

    const row = (await screen.findByRole('link', { name: 'Lerato Mokoena' })).closest('tr')!;
    expect(within(row).getByText('Session scheduled')).toBeInTheDocument();
    expect(within(row).getByText('Synthetic demo patient')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lerato Mokoena' })).toHaveAttribute('href', `/sessions/${pending[0]!.id}/`);
    expect(within(screen.getByRole('link', { name: 'Sipho Dlamini' }).closest('tr')!).queryByText('Synthetic demo patient')).toBeNull();
    expect(listCalls(api.calls)[0]!.get('status')).toBe('1');

    await userEvent.click(screen.getByRole('tab', { name: /Accepted sessions/ }));
    expect(await screen.findByText('No accepted sessions yet.')).toBeInTheDocument();
    expect(listCalls(api.calls).at(-1)!.get('status')).toBe('2');
  });

  it('sends the typed patient name to the server as `search`, once typing settles', async () => {
    const api = mockApi({
      [`GET ${LIST}`]: (url) =>
        json({
          results: url.searchParams.get('search') === 'Mok' ? [summary({ firstName: 'Lerato', lastName: 'Mokoena' })] : [],
          count: url.searchParams.get('search') ? 1 : 0,
          limit: PAGE_SIZE,
          offset: 0,
        }),
      'GET /api/portal/sessions/counts': () => json(COUNTS),
    });
    renderList();
    expect(await screen.findByText(/No pending session requests/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by patient name' }), 'Mok');
    expect(await screen.findByRole('link', { name: 'Lerato Mokoena' })).toBeInTheDocument();
    const searches = listCalls(api.calls).map((p) => p.get('search'));
    // Debounced: no request per keystroke.
    expect(searches).toEqual([null, 'Mok']);
  });

  it('says when no patient matches the search', async () => {
    mockApi({
      [`GET ${LIST}`]: () => json({ results: [], count: 0, limit: PAGE_SIZE, offset: 0 }),
      'GET /api/portal/sessions/counts': () => json(COUNTS),
    });
    renderList('/sessions?search=Zed');
    expect(await screen.findByText('No patient named “Zed” in this list.')).toBeInTheDocument();
  });

  it('searches every tab: the counts follow the search and a name found under another tab is one click away', async () => {
    const thandi = summary({ status: 2, firstName: 'Thandi', lastName: 'Nkosi' });
    const api = mockApi({
      [`GET ${LIST}`]: (url) => {
        const hit = url.searchParams.get('search') === 'thandi' && url.searchParams.get('status') === '2';
        return json({ results: hit ? [thandi] : [], count: hit ? 1 : 0, limit: PAGE_SIZE, offset: 0 });
      },
      'GET /api/portal/sessions/counts': (url) => json(url.searchParams.get('search') === 'thandi' ? { 1: 0, 2: 1, 3: 0, 4: 0 } : COUNTS),
    });
    renderList('/sessions?search=thandi');
    expect(await screen.findByText('No patient named “thandi” in this list.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: /Accepted sessions/ })).toHaveTextContent('1'));
    expect(screen.getByRole('tab', { name: /Completed sessions/ })).toHaveTextContent('0');
    expect(api.calls.some((c) => c.url.pathname.endsWith('/counts') && c.url.searchParams.get('search') === 'thandi')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Accepted sessions (1)' }));
    expect(await screen.findByRole('link', { name: 'Thandi Nkosi' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Accepted sessions/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('after Accept, focus moves to the next row, not the page body', async () => {
    const first = summary({ firstName: 'Ayanda', lastName: 'Zulu' });
    const second = summary({ firstName: 'Bongani', lastName: 'Zulu' });
    let accepted = false;
    mockApi({
      [`GET ${LIST}`]: () => json({ results: accepted ? [second] : [first, second], count: accepted ? 1 : 2, limit: PAGE_SIZE, offset: 0 }),
      'GET /api/portal/sessions/counts': () => json(COUNTS),
      [`POST /api/portal/sessions/${first.id}/accept`]: () => {
        accepted = true;
        return json({ ...first, status: 2 });
      },
    });
    renderList();
    const accept = await screen.findByRole('button', { name: 'Accept the session request from Ayanda Zulu' });
    accept.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ayanda Zulu' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept the session request from Bongani Zulu' })).toHaveFocus());
  });

  it('when the live update reads the list again before Accept is answered, the notice still shows and focus still moves', async () => {
    const first = summary({ firstName: 'Ayanda', lastName: 'Zulu' });
    const second = summary({ firstName: 'Bongani', lastName: 'Zulu' });
    let accepted = false;
    let answer = () => {};
    const show = vi.spyOn(notifications, 'show');
    mockApi({
      [`GET ${LIST}`]: () => json({ results: accepted ? [second] : [first, second], count: accepted ? 1 : 2, limit: PAGE_SIZE, offset: 0 }),
      'GET /api/portal/sessions/counts': () => json(COUNTS),
      // Committed (the database announces it at once), answered later (the server still seals its audit row).
      [`POST /api/portal/sessions/${first.id}/accept`]: () => {
        accepted = true;
        return new Promise<Response>((resolve) => {
          answer = () => resolve(json({ ...first, status: 2 }));
        });
      },
    });
    try {
      const { queryClient } = renderList();
      const accept = await screen.findByRole('button', { name: 'Accept the session request from Ayanda Zulu' });
      accept.focus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(accepted).toBe(true));
      // The live event: the list is read again and the row leaves before the answer arrives.
      await queryClient.invalidateQueries();
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Ayanda Zulu' })).toBeNull());
      answer();
      await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Session accepted' })));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Accept the session request from Bongani Zulu' })).toHaveFocus());
    } finally {
      show.mockRestore();
    }
  });

  it('offline, Accept and Reject are held with the reason, and nothing is sent', async () => {
    const sipho = summary({ firstName: 'Sipho', lastName: 'Dlamini' });
    const api = mockApi({
      [`GET ${LIST}`]: () => json({ results: [sipho], count: 1, limit: PAGE_SIZE, offset: 0 }),
      'GET /api/portal/sessions/counts': () => json(COUNTS),
    });
    renderList();
    const accept = await screen.findByRole('button', { name: 'Accept the session request from Sipho Dlamini' });
    onlineManager.setOnline(false);
    try {
      await waitFor(() => expect(accept).toBeDisabled());
      expect(screen.getByRole('button', { name: 'Reject the session request from Sipho Dlamini' })).toBeDisabled();
      expect(accept).toHaveAttribute('aria-describedby', 'offline-notice');
      expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    } finally {
      onlineManager.setOnline(true);
    }
    await waitFor(() => expect(accept).toBeEnabled());
  });

  it('pages on the server: limit and offset, with the total from `count`', async () => {
    const api = mockApi({
      [`GET ${LIST}`]: (url) => {
        const offset = Number(url.searchParams.get('offset'));
        const rows = Array.from({ length: offset === 0 ? PAGE_SIZE : 2 }, (_, i) => summary({ status: 4, firstName: `P${offset + i + 1}`, lastName: 'Smit' }));
        return json({ results: rows, count: PAGE_SIZE + 2, limit: PAGE_SIZE, offset });
      },
      'GET /api/portal/sessions/counts': () => json(COUNTS),
    });
    renderList('/sessions?status=4');
    expect(await screen.findByText(`Showing 1–${PAGE_SIZE} of ${PAGE_SIZE + 2}`)).toBeInTheDocument();
    expect(listCalls(api.calls)[0]!.get('limit')).toBe(String(PAGE_SIZE));
    expect(listCalls(api.calls)[0]!.get('offset')).toBe('0');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText(`Showing ${PAGE_SIZE + 1}–${PAGE_SIZE + 2} of ${PAGE_SIZE + 2}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `P${PAGE_SIZE + 1} Smit` })).toBeInTheDocument();
    expect(listCalls(api.calls).at(-1)!.get('offset')).toBe(String(PAGE_SIZE));
    expect(listCalls(api.calls).at(-1)!.get('status')).toBe('4');
  });

  it('asks before rejecting, says it cannot be undone, then rejects', async () => {
    const lerato = summary({ firstName: 'Lerato', lastName: 'Mokoena' });
    let rejected = false;
    const api = mockApi({
      [`GET ${LIST}`]: () => json({ results: rejected ? [] : [lerato], count: rejected ? 0 : 1, limit: PAGE_SIZE, offset: 0 }),
      'GET /api/portal/sessions/counts': () => json(COUNTS),
      [`POST /api/portal/sessions/${lerato.id}/reject`]: () => {
        rejected = true;
        return json({ ...lerato, status: 3 });
      },
    });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject the session request from Lerato Mokoena' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject request' });
    expect(dialog).toHaveTextContent('Reject the session request from Lerato Mokoena? This cannot be undone.');
    // Nothing is sent until confirmed.
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/reject'))).toBe(true));
    expect(await screen.findByText(/No pending session requests/)).toBeInTheDocument();
  });

  it('cancelling the confirmation rejects nothing', async () => {
    const lerato = summary();
    const api = mockApi({
      [`GET ${LIST}`]: () => json({ results: [lerato], count: 1, limit: PAGE_SIZE, offset: 0 }),
      'GET /api/portal/sessions/counts': () => json(COUNTS),
    });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: /^Reject the session request/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('on 400414 (decided elsewhere) shows the catalogue text and refreshes the list', async () => {
    const sipho = summary({ firstName: 'Sipho', lastName: 'Dlamini' });
    const api = mockApi({
      [`GET ${LIST}`]: () => json({ results: [sipho], count: 1, limit: PAGE_SIZE, offset: 0 }),
      'GET /api/portal/sessions/counts': () => json(COUNTS),
      [`POST /api/portal/sessions/${sipho.id}/accept`]: () => apiError(400, '400414'),
    });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the session request from Sipho Dlamini' }));
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(dialog).toHaveTextContent('User needs to progress properly through statuses');
    await waitFor(() => expect(listCalls(api.calls).length).toBeGreaterThanOrEqual(2));
  });

  it.each([
    ['accept', 'Accept the session request from Sipho Dlamini', 'Error occurred while accepting session'],
    ['reject', 'Reject the session request from Sipho Dlamini', 'Error occurred while declining session'],
  ])('shows SPEC §8 text when %s fails without a code', async (action, button, text) => {
    const sipho = summary({ firstName: 'Sipho', lastName: 'Dlamini' });
    mockApi({
      [`GET ${LIST}`]: () => json({ results: [sipho], count: 1, limit: PAGE_SIZE, offset: 0 }),
      'GET /api/portal/sessions/counts': () => json(COUNTS),
      // A proxy's page, not the API's error body: only the fallback is left.
      [`POST /api/portal/sessions/${sipho.id}/${action}`]: () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: button }));
    if (action === 'reject')
      await userEvent.click(within(await screen.findByRole('dialog', { name: 'Reject request' })).getByRole('button', { name: 'Reject request' }));
    expect(await screen.findByRole('dialog', { name: 'Something went wrong' })).toHaveTextContent(text);
  });

  it('polls no list (the live stream announces new requests) and reads the pending list again on focus', () => {
    const pending = sessionsQueryOptions({ status: 1, search: '', limit: 10, offset: 0 });
    const accepted = sessionsQueryOptions({ status: 2, search: '', limit: 10, offset: 0 });
    expect(pending.refetchInterval).toBeUndefined();
    expect(accepted.refetchInterval).toBeUndefined();
    expect(pending.refetchOnWindowFocus).toBe(true);
  });
});
