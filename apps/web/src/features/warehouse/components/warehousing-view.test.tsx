import type { Consignment, PracticeStock, Warehouse } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { WarehousingView } from './warehousing-view';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const warehouse = (over: Partial<Warehouse> = {}): Warehouse => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  practitionerID: '00000000-0000-4000-8000-0000000000b1',
  name: 'Gardens store room',
  contactPerson: 'Ada Lovelace',
  contactNumber: '+27215550100',
  address: { streetAddress: '1 Long Street', suburb: 'Gardens', state: 'Western Cape', postalCode: '8001', countryCode: 'ZA' },
  latitude: null,
  longitude: null,
  primary: true,
  stock: { received: 10, handedOut: 8, onHand: 2, inTransit: 5 },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});
const consignment: Consignment = {
  id: '00000000-0000-4000-8000-0000000000c1',
  warehouseID: '00000000-0000-4000-8000-0000000000a1',
  kitCount: 5,
  dispatchedAt: '2026-11-20T10:00:00.000Z',
  receivedAt: null,
};
const kits = <p>the practice&apos;s kits</p>;
const held = (over: Partial<PracticeStock> = {}): PracticeStock => ({ onHand: 9, inWarehouses: 2, withPractice: 7, inTransit: 5, lowStock: false, ...over });
/** The figure under a term of a description list, as the page shows it. */
const figure = (region: HTMLElement, term: string) => within(region).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('WarehousingView', () => {
  it("shows SPEC §2's empty state; 'Register warehouse' opens the form", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ results: [] })),
    );
    renderWithProviders(<WarehousingView kits={kits} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Register warehouse' }));
    // The form is a chunk of its own (loaded when the browser is idle, or at once when pressed).
    expect(await screen.findByRole('region', { name: 'Register warehouse' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register warehouse' })).toBeDisabled();
  });

  it("shows the record: address, no invented coordinates, primary, each warehouse's own stock, and the kits", async () => {
    const second = warehouse({
      id: '00000000-0000-4000-8000-0000000000a2',
      name: 'Second',
      primary: false,
      latitude: -33.9249,
      longitude: 18.4241,
      stock: { received: 20, handedOut: 0, onHand: 0, inTransit: 0 },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.includes('consignments') ? json({ results: [] }) : json({ results: [warehouse(), second], stock: held() }))),
    );
    renderWithProviders(<WarehousingView kits={kits} />);
    const first = await screen.findByRole('region', { name: 'Gardens store room' });
    expect(within(first).getByText('1 Long Street, Gardens, Western Cape, 8001, South Africa')).toBeInTheDocument();
    expect(within(first).getByText('No coordinates: maps not configured')).toBeInTheDocument();
    expect(within(first).getByText('Primary')).toBeInTheDocument();
    expect(figure(first, 'On hand')).toBe('2');
    expect(figure(first, 'In transit')).toBe('5');
    // A warehouse with 2 kits while the practice holds 9: no warning in its card (issue 33).
    expect(within(first).queryByText('Low stock')).toBeNull();
    // All the practice's kits, once, under the warehouses (not only those consigned to one).
    expect(within(screen.getByRole('region', { name: 'Your kits' })).getByText("the practice's kits")).toBeInTheDocument();
    const secondCard = screen.getByRole('region', { name: 'Second' });
    expect(within(secondCard).getByText('-33.924900, 18.424100')).toBeInTheDocument();
    expect(within(secondCard).getByText('No kits on hand in this warehouse.')).toBeInTheDocument();
    expect(screen.queryByText('Low stock')).toBeNull();
    expect(within(secondCard).getByRole('button', { name: 'Make primary: Second' })).toBeInTheDocument();
    expect(await within(first).findByText('No consignments in transit.')).toBeInTheDocument();
  });

  it('marks a consignment received only after confirming', async () => {
    const fetch = vi.fn(async (url: string) => {
      if (url.includes('/receive')) return json({ ...consignment, receivedAt: '2026-11-21T10:00:00.000Z' });
      if (url.includes('consignments')) return json({ results: [consignment] });
      return json({ results: [warehouse()], stock: held() });
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<WarehousingView kits={kits} />);
    await userEvent.click(await screen.findByRole('button', { name: /^Mark as received: 5 kits/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as received' });
    expect(within(dialog).getByText(/This cannot be undone\./)).toBeInTheDocument();
    const posts = () => (fetch.mock.calls as unknown as [string, RequestInit?][]).filter(([, i]) => i?.method === 'POST');
    expect(posts()).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as received' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]![0]).toMatch(/\/portal\/me\/consignments\/00000000-0000-4000-8000-0000000000c1\/receive$/);
  });

  it('says what the practice holds and where (its warehouses, its stock from before), and warns of low stock from that figure', async () => {
    let stock = held();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.includes('consignments') ? json({ results: [] }) : json({ results: [warehouse()], stock }))),
    );
    const first = renderWithProviders(<WarehousingView kits={kits} />);
    const region = await screen.findByRole('region', { name: 'Your stock' });
    expect(figure(region, 'On hand')).toBe('9');
    expect(figure(region, 'In your warehouses')).toBe('2');
    expect(figure(region, 'In your stock from before the warehouse')).toBe('7');
    expect(figure(region, 'On their way')).toBe('5');
    expect(within(region).queryByText('Low stock')).toBeNull();
    first.unmount();

    stock = held({ onHand: 3, inWarehouses: 1, withPractice: 2, lowStock: true });
    renderWithProviders(<WarehousingView kits={kits} />);
    const low = await screen.findByRole('region', { name: 'Your stock' });
    expect(within(low).getByText('Low stock')).toBeInTheDocument();
    expect(within(low).getByText('Only 3 kits on hand (fewer than 5). Ask the provider for more before you run out.')).toBeInTheDocument();
  });
});
