import type { KitRow, SessionSummary } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from '../../../test/media';
import { renderWithProviders } from '../../../test/render';
import { KitsTable } from './kits-table';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const matchMedia = window.matchMedia;
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.matchMedia = matchMedia;
});

/** matchMedia as a screen of this width answers a max-width query. */
function screenWidth(px: number) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return mediaQueryList(query, max ? px <= Number(max[1]) : false);
  });
}

const kit = (over: Partial<KitRow>): KitRow => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  sampleLabel: 'KIT-0001',
  status: 'in_stock',
  collections: [{ id: 1, name: 'Nutrigenomics swab' }],
  warehouseID: null,
  session: null,
  createdAt: '',
  updatedAt: '',
  ...over,
});
const session = (id: string, firstName: string, kitID: string | null): SessionSummary =>
  ({
    id,
    status: 2,
    bookingTime: '2026-11-23T09:00:00.000Z',
    createdAt: '',
    updatedAt: '',
    userID: id,
    user: { id, email: `${firstName}@x.test`, firstName, lastName: 'Patient', phoneNumber: null, profileImage: null, isActive: true, synthetic: false },
    kitID,
    requestedByPractitioner: false,
    rescheduledByPractitioner: false,
    dataRequest: null,
  }) as SessionSummary;

describe('KitsTable', () => {
  it("has SPEC §3's columns, the status and the session a kit went to", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          results: [
            kit({}),
            kit({
              id: '00000000-0000-4000-8000-0000000000a2',
              sampleLabel: 'KIT-0002',
              status: 'assigned',
              session: { id: '00000000-0000-4000-8000-0000000000b1', patientName: 'Nomsa Dube' },
            }),
          ],
          count: 2,
          limit: 20,
          offset: 0,
        }),
      ),
    );
    renderWithProviders(<KitsTable />);
    const table = await screen.findByRole('table', { name: 'Kits' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'Collections', 'Sample Label', 'Status', 'Session', 'Actions']);
    expect(within(table).getByText('In stock')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Nomsa Dube' })).toHaveAttribute('href', '/sessions/00000000-0000-4000-8000-0000000000b1/');
    // Only a kit in stock can be assigned.
    expect(within(table).getAllByRole('button', { name: /^Assign to session/ })).toHaveLength(1);
  });

  it('filters by status and warehouse on the server, and says when nothing matches', async () => {
    const fetch = vi.fn(async () => json({ results: [], count: 0, limit: 20, offset: 0 }));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<KitsTable warehouseID="00000000-0000-4000-8000-0000000000a9" />);
    expect(await screen.findByText('No kits yet. Kits the provider sends you appear here.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Processing', hidden: true }));
    expect(await screen.findByText('No kits match.')).toBeInTheDocument();
    const last = (fetch.mock.calls.at(-1) as unknown as [string])[0];
    expect(last).toMatch(/\/portal\/kits\/\?status=processing&warehouseID=00000000-0000-4000-8000-0000000000a9&limit=20&offset=0$/);
  });

  it('assigns an in-stock kit to an accepted session without a kit, after a confirmation', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/portal/sessions/?'))
        return json({
          results: [session('00000000-0000-4000-8000-0000000000d1', 'Lindiwe', null), session('00000000-0000-4000-8000-0000000000d2', 'Has', 'kit')],
          count: 2,
          limit: 50,
          offset: 0,
        });
      if (init?.method === 'PUT') return json(kit({ status: 'assigned' }));
      return json({ results: [kit({})], count: 1, limit: 20, offset: 0 });
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<KitsTable />);
    await userEvent.click(await screen.findByRole('button', { name: 'Assign to session: kit KIT-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign kit KIT-0001' });
    expect(await within(dialog).findByRole('radio', { name: /^Lindiwe Patient/ })).toBeInTheDocument();
    // A session that has a kit already is not offered.
    expect(within(dialog).queryByRole('radio', { name: /^Has Patient/ })).toBeNull();
    expect((fetch.mock.calls as unknown as [string][]).some(([u]) => /\/portal\/sessions\/\?status=2&limit=50&offset=0$/.test(u))).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Lindiwe Patient/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(/will be handed to Lindiwe Patient/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign kit' }));
    await waitFor(() => expect((fetch.mock.calls as unknown as [string, RequestInit?][]).some(([, i]) => i?.method === 'PUT')).toBe(true));
    const put = (fetch.mock.calls as unknown as [string, RequestInit?][]).find(([, i]) => i?.method === 'PUT')!;
    expect(put[0]).toMatch(/\/portal\/sessions\/00000000-0000-4000-8000-0000000000d1\/kit$/);
    expect(JSON.parse(put[1]!.body as string)).toEqual({ sampleLabel: 'KIT-0001' });
  });

  it('the kit-conflict dialog (400416) shows only the conflict and what to do next: no "will be handed to" line, two statements, Close alone', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/portal/sessions/?'))
        return json({ results: [session('00000000-0000-4000-8000-0000000000d1', 'Lindiwe', null)], count: 1, limit: 50, offset: 0 });
      if (init?.method === 'PUT') return json({ error: { code: '400416', message: 'taken' } }, 400);
      return json({ results: [kit({})], count: 1, limit: 20, offset: 0 });
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<KitsTable />);
    await userEvent.click(await screen.findByRole('button', { name: 'Assign to session: kit KIT-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign kit KIT-0001' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: /^Lindiwe Patient/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign kit' }));
    const alert = await within(dialog).findByRole('alert');
    // The catalogue's words (SPEC §8) as the alert's heading; the next step as a line of its own.
    expect(within(alert).getByText('You are trying to assign an already taken kit')).toBeInTheDocument();
    expect(within(alert).getByText('The kits list now shows where it went; choose another kit from your stock.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/will be handed to/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Assign kit' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Back' })).toBeNull();
    expect(within(dialog).getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0);
  });

  it('on a phone (SPEC §9: 768 px and below) each kit is a card: label, state, facts and Assign to session, no table', async () => {
    screenWidth(375);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          results: [
            kit({}),
            kit({
              id: '00000000-0000-4000-8000-0000000000a2',
              sampleLabel: 'KIT-0002',
              status: 'assigned',
              session: { id: '00000000-0000-4000-8000-0000000000b1', patientName: 'Nomsa Dube' },
            }),
          ],
          count: 2,
          limit: 20,
          offset: 0,
        }),
      ),
    );
    renderWithProviders(<KitsTable />);
    const list = await screen.findByRole('list', { name: 'Kits' });
    expect(screen.queryByRole('table')).toBeNull();
    const [free, taken] = within(list).getAllByRole('listitem');
    expect(within(free!).getByText('KIT-0001')).toBeInTheDocument();
    expect(within(free!).getByText('Nutrigenomics swab')).toBeInTheDocument();
    expect(within(free!).getByRole('button', { name: 'Assign to session: kit KIT-0001' })).toBeInTheDocument();
    expect(within(taken!).getByRole('link', { name: 'Nomsa Dube' })).toHaveAttribute('href', '/sessions/00000000-0000-4000-8000-0000000000b1/');
    expect(within(taken!).queryByRole('button')).toBeNull();
  });
});
