import type { DiscountCode } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { DiscountCodesView } from './discount-codes-view';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const code = (over: Partial<DiscountCode> = {}): DiscountCode => ({
  id: '00000000-0000-4000-8000-0000000000e1',
  code: 'SPRING-10',
  rule: { type: 'fixed', value: 10000, currency: 'ZAR', minimumOrderCents: 50000, validFrom: '2026-11-01', validUntil: '2026-12-31', usageLimit: 10 },
  upsell: 'Add a consultation',
  options: { appliesTo: ['kit'] },
  requiresShipping: false,
  addNewKit: false,
  usageCount: 3,
  state: 'active',
  deactivatedAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

describe('DiscountCodesView', () => {
  it('lists each code with its rule, minimum, validity, usage and state', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ results: [code()], count: 1, limit: 20, offset: 0 })),
    );
    renderWithProviders(<DiscountCodesView />);
    const row = within(await screen.findByRole('table', { name: 'Discount codes' })).getAllByRole('row')[1]!;
    expect(within(row).getByText('SPRING-10')).toBeInTheDocument();
    expect(within(row).getByText('R 100,00 off')).toBeInTheDocument();
    expect(within(row).getByText('R 500,00')).toBeInTheDocument();
    expect(within(row).getByText(/to/)).toHaveTextContent(/November.*2026 to .*December.*2026/);
    expect(within(row).getByText('3 / 10')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    // What the code applies to and adds, after creation too.
    expect(within(row).getByText('Kit')).toBeInTheDocument();
  });

  it('edits a code: the form opens with its values, the code stays, the change is sent with PUT', async () => {
    const made = code({ options: { appliesTo: ['kit', 'consultation'] }, requiresShipping: true, addNewKit: true });
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT' ? json({ ...made, rule: { ...made.rule, usageLimit: 20 } }) : json({ results: [made], count: 1, limit: 20, offset: 0 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<DiscountCodesView />);
    const row = within(await screen.findByRole('table', { name: 'Discount codes' })).getAllByRole('row')[1]!;
    expect(within(row).getByText('Kit, Consultation · Item requires shipping · Add a new kit')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Edit discount code SPRING-10' }));
    const form = await screen.findByRole('region', { name: 'Edit discount code SPRING-10' });
    expect(within(form).getByRole('textbox', { name: /^Code/ })).toHaveAttribute('readonly');
    expect(within(form).getByRole('textbox', { name: /Amount off/ })).toHaveValue('100.00');
    expect(within(form).getByRole('checkbox', { name: 'Item requires shipping' })).toBeChecked();
    const limit = within(form).getByRole('textbox', { name: /Usage limit/ });
    await userEvent.clear(limit);
    await userEvent.type(limit, '20');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(url).toMatch(/\/portal\/discount-codes\/00000000-0000-4000-8000-0000000000e1$/);
    const body = JSON.parse(String(init!.body));
    expect(body.code).toBeUndefined();
    expect(body).toMatchObject({
      rule: { value: 10000, usageLimit: 20, minimumOrderCents: 50000 },
      options: { appliesTo: ['kit', 'consultation'] },
      requiresShipping: true,
      addNewKit: true,
    });
  }, 15_000);

  it('deactivates only after a confirmation that says it cannot be undone', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? json(code({ state: 'deactivated', deactivatedAt: '2026-11-21T10:00:00.000Z' }))
        : json({ results: [code()], count: 1, limit: 20, offset: 0 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<DiscountCodesView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate: SPRING-10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate discount code' });
    expect(within(dialog).getByText('Patients can no longer use the code SPRING-10. This cannot be undone.')).toBeInTheDocument();
    const posts = () => (fetch.mock.calls as unknown as [string, RequestInit?][]).filter(([, i]) => i?.method === 'POST');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the code' }));
    expect(posts()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate: SPRING-10' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Deactivate discount code' })).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]![0]).toMatch(/\/portal\/discount-codes\/00000000-0000-4000-8000-0000000000e1\/deactivate$/);
  });
});
