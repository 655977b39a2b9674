import type { Transaction } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SummaryView } from './summary-view';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const tx = (over: Partial<Transaction>): Transaction => ({
  id: crypto.randomUUID(),
  kind: 'data_request_fee',
  description: 'Data request for a session',
  amountCents: -25000,
  currency: 'ZAR',
  state: 'due',
  sessionID: null,
  patientName: null,
  dueAt: '2026-12-04T10:00:00.000Z',
  paidAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('SummaryView', () => {
  it("shows 'Latest transactions' with kind, money in minor units, state and the link to all", async () => {
    const fetch = vi.fn(async (url: string) => {
      if (url.includes('/totals'))
        return json({ results: [{ period: '2026-11-01', currency: 'ZAR', fees: -25000, sales: 150000, discounts: -15000, net: 110000, outstanding: -25000 }] });
      return json({
        results: [tx({}), tx({ kind: 'kit_sale', description: 'Kit order', amountCents: 150000, state: 'paid', dueAt: null })],
        count: 2,
        limit: 5,
        offset: 0,
      });
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<SummaryView />);
    const latest = await screen.findByRole('table', { name: 'Latest transactions' });
    expect(within(latest).getByText('Data request fee')).toBeInTheDocument();
    expect(within(latest).getByText('-R 250,00')).toBeInTheDocument();
    expect(within(latest).getByText('Due')).toBeInTheDocument();
    expect(within(latest).getByText('Kit sale')).toBeInTheDocument();
    expect(within(latest).getByText('R 1 500,00')).toBeInTheDocument();
    // Amounts in the body font with tabular figures, not in a monospace font.
    const amount = within(latest).getByText('R 1 500,00');
    expect(amount.style.fontVariantNumeric).toBe('tabular-nums');
    expect(amount.getAttribute('style') ?? '').not.toMatch(/monospace/);
    expect(within(latest).getByText('Paid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all transactions' })).toHaveAttribute('href', '/summary/transactions');
    const totals = await screen.findByRole('table', { name: 'Totals per period' });
    expect(within(totals).getByText('R 1 100,00')).toBeInTheDocument();
    expect(within(totals).getByRole('rowheader', { name: 'November 2026' })).toBeInTheDocument();
    expect((fetch.mock.calls as unknown as [string][]).some(([u]) => /\/portal\/transactions\/\?limit=5&offset=0$/.test(u))).toBe(true);
  });

  it('a fee names its patient (first name and initial) and links to the session; a sale names its buyer; none says so', async () => {
    const SESSION = '00000000-0000-4000-8000-0000000000d1';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('/totals')
          ? json({ results: [] })
          : json({
              results: [
                tx({ sessionID: SESSION, patientName: 'Thandi N.' }),
                tx({ kind: 'kit_sale', description: 'Kit order', amountCents: 150000, state: 'paid', dueAt: null, patientName: 'Sipho M.' }),
                tx({ kind: 'kit_sale', description: 'Kit order by phone', amountCents: 150000, state: 'paid', dueAt: null }),
              ],
              count: 3,
              limit: 5,
              offset: 0,
            }),
      ),
    );
    renderWithProviders(<SummaryView />);
    const latest = await screen.findByRole('table', { name: 'Latest transactions' });
    expect(within(latest).getByRole('columnheader', { name: 'Patient' })).toBeInTheDocument();
    const link = within(latest).getByRole('link', { name: 'Session with Thandi N.' });
    expect(link).toHaveTextContent('Thandi N.');
    expect(link).toHaveAttribute('href', `/sessions/${SESSION}/`);
    const rows = within(latest).getAllByRole('row');
    const sale = rows.find((r) => r.textContent?.includes('Kit order') && !r.textContent.includes('by phone'))!;
    expect(within(sale).getByText('Sipho M.')).toBeInTheDocument();
    expect(within(sale).queryByRole('link')).toBeNull();
    const unnamed = rows.find((r) => r.textContent?.includes('Kit order by phone'))!;
    expect(within(unnamed).queryByRole('link')).toBeNull();
    expect(within(unnamed).getAllByText('–').length).toBeGreaterThan(0);
  });

  it('says so when there are no transactions, and when they cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.includes('/totals') ? json({ results: [] }) : json({ error: { code: '500505', message: 'x' } }, 500))),
    );
    renderWithProviders(<SummaryView />);
    expect(await screen.findByText('The transactions could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Internal issue while fetching resource')).toBeInTheDocument();
    expect(await screen.findByText('Nothing in this period yet.')).toBeInTheDocument();
  });
});
