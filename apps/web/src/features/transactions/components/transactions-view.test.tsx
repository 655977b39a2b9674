import type { Transaction } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { TransactionsView } from './transactions-view';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const fee: Transaction = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'data_request_fee',
  description: 'Data request',
  amountCents: -25000,
  currency: 'ZAR',
  state: 'overdue',
  sessionID: null,
  patientName: null,
  dueAt: '2026-11-04T10:00:00.000Z',
  paidAt: null,
  createdAt: '2026-10-21T10:00:00.000Z',
};

function Where() {
  const { search } = useLocation();
  return <output aria-label="address">{search}</output>;
}

function stubApi() {
  const fetch = vi.fn(async (url: string) => {
    if (url.includes('/totals'))
      return json({ results: [{ period: '2026-10-19', currency: 'ZAR', fees: -25000, sales: 0, discounts: 0, net: -25000, outstanding: -25000 }] });
    if (url.includes('export.csv')) return new Response('Date,Type\n', { status: 200, headers: { 'x-export-rows': '5000', 'x-export-truncated': 'true' } });
    return json({ results: [fee], count: 45, limit: 20, offset: 0 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const urls = (fetch: ReturnType<typeof vi.fn>) => (fetch.mock.calls as unknown as [string][]).map(([u]) => u);

describe('TransactionsView', () => {
  it('reads its filters and period from the address and sends them to the list and the totals', async () => {
    const fetch = stubApi();
    renderWithProviders(
      <Routes>
        <Route path="/summary/transactions" element={<TransactionsView />} />
      </Routes>,
      { path: '/summary/transactions?kind=data_request_fee&state=overdue&from=2026-10-01&to=2026-10-31&period=week&page=2' },
    );
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(table).getByText('Overdue')).toBeInTheDocument();
    expect(within(table).getByText('-R 250,00')).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: /^Week of/ })).toBeInTheDocument();
    expect(urls(fetch)).toContainEqual(
      expect.stringMatching(/\/portal\/transactions\/\?kind=data_request_fee&state=overdue&from=2026-10-01&to=2026-10-31&limit=20&offset=20$/),
    );
    expect(urls(fetch)).toContainEqual(
      expect.stringMatching(/\/portal\/transactions\/totals\?kind=data_request_fee&state=overdue&from=2026-10-01&to=2026-10-31&period=week$/),
    );
    expect(screen.getByText('21–21 of 45')).toBeInTheDocument();
  });

  it('puts a changed filter in the address and starts again at page 1; an end before the start is said, not sent', async () => {
    const fetch = stubApi();
    renderWithProviders(
      <Routes>
        <Route
          path="/summary/transactions"
          element={
            <>
              <TransactionsView />
              <Where />
            </>
          }
        />
      </Routes>,
      { path: '/summary/transactions?page=2&from=2026-10-10&to=2026-10-01' },
    );
    expect(await screen.findByText('The end date must be on or after the start date')).toBeInTheDocument();
    await waitFor(() => expect(urls(fetch).some((u) => u.includes('/portal/transactions/?from=2026-10-10&limit'))).toBe(true));
    expect(urls(fetch).some((u) => u.includes('to=2026-10-01'))).toBe(false);
    await userEvent.click(screen.getByRole('radio', { name: 'Day' }));
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('period=day');
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('page=2');
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Kit sale', hidden: true }));
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('kind=kit_sale');
    expect(screen.getByRole('status', { name: 'address' })).not.toHaveTextContent('page=');
  });

  it('exports the filtered CSV as a download and says when the file was cut short', async () => {
    const fetch = stubApi();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(
      <Routes>
        <Route path="/summary/transactions" element={<TransactionsView />} />
      </Routes>,
      { path: '/summary/transactions?state=due' },
    );
    await screen.findByRole('table', { name: 'Transactions' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(urls(fetch)).toContainEqual(expect.stringMatching(/\/portal\/transactions\/export\.csv\?state=due$/));
    expect(await screen.findByText('The file holds the first 5000 transactions only. Narrow the dates to export the rest.')).toBeInTheDocument();
  });
});
