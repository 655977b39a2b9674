import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PaymentForm, PaymentSection } from './payment-section';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function chooseType(label: 'Credit card' | 'PayPal') {
  await userEvent.click(screen.getByRole('combobox', { name: /Type of payment/ }));
  await userEvent.click(await screen.findByRole('option', { name: label, hidden: true }));
}

describe('PaymentForm', () => {
  it('shows the identifier placeholder for the chosen type (SPEC §5)', async () => {
    renderWithProviders(<PaymentForm title="New payment details" onDone={vi.fn()} />);
    const identifier = screen.getByRole('textbox', { name: /Identifier/ });
    expect(identifier).toHaveAttribute('placeholder', 'Please select type of payment first.');
    expect(identifier).toBeDisabled();
    await chooseType('Credit card');
    expect(identifier).toHaveAttribute('placeholder', 'bank account number');
    await chooseType('PayPal');
    expect(identifier).toHaveAttribute('placeholder', 'PayPal account mail or phone number');
  });

  it('validates the identifier for its type, then adds with the success text', async () => {
    const show = vi.spyOn(notifications, 'show');
    const fetch = vi.fn(async () =>
      json({ id: '00000000-0000-4000-8000-000000000001', type: 1, identifier: '6200123456', currency: 'ZAR', createdAt: '', updatedAt: '' }, 201),
    );
    vi.stubGlobal('fetch', fetch);
    const onDone = vi.fn();
    renderWithProviders(<PaymentForm title="New payment details" onDone={onDone} />);
    await chooseType('Credit card');
    await userEvent.type(screen.getByRole('textbox', { name: /Identifier/ }), '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Value is not valid.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByRole('textbox', { name: /Identifier/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Identifier/ }), '6200123456');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({
      type: 1,
      identifier: '6200123456',
      currency: 'ZAR',
    });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'New payment details added successfully.' }));
  });

  it('says so when adding or updating fails', async () => {
    const show = vi.spyOn(notifications, 'show');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: '500506', message: 'x' } }, 500)),
    );
    renderWithProviders(<PaymentForm title="New payment details" onDone={vi.fn()} />);
    await chooseType('PayPal');
    await userEvent.type(screen.getByRole('textbox', { name: /Identifier/ }), 'me@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Error occurred while adding new payment details.' })));
  });

  it('editing existing details uses the update texts', async () => {
    const show = vi.spyOn(notifications, 'show');
    const fetch = vi.fn(async () =>
      json({ id: '00000000-0000-4000-8000-000000000001', type: 2, identifier: 'b@example.com', currency: 'USD', createdAt: '', updatedAt: '' }),
    );
    vi.stubGlobal('fetch', fetch);
    const initial = {
      id: '00000000-0000-4000-8000-000000000001',
      type: 2 as const,
      identifier: 'a@example.com',
      currency: 'ZAR',
      createdAt: '',
      updatedAt: '',
      isDefault: true,
    };
    renderWithProviders(<PaymentForm title="Edit payment details" initial={initial} onDone={vi.fn()} />);
    await userEvent.clear(screen.getByRole('textbox', { name: /Identifier/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Identifier/ }), 'b@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Payment details updated successfully.' })));
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].method).toBe('PUT');
  });
});

describe('PaymentSection', () => {
  const row = (id: string, identifier: string, isDefault: boolean) => ({ id, type: 2, identifier, currency: 'ZAR', createdAt: '', updatedAt: '', isDefault });
  const A = '00000000-0000-4000-8000-00000000000a';
  const B = '00000000-0000-4000-8000-00000000000b';

  it('marks the default, makes another the default, and removes one only after a confirmation', async () => {
    let rows = [row(A, 'a@example.com', true), row(B, 'b@example.com', false)];
    const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === 'PATCH' && url.endsWith(`/${B}/default/`)) {
        rows = [row(B, 'b@example.com', true), row(A, 'a@example.com', false)];
        return json(rows[0]);
      }
      if (init.method === 'DELETE' && url.endsWith(`/${A}`)) {
        rows = rows.filter((r) => r.id !== A);
        return new Response(null, { status: 204 });
      }
      return json({ results: rows });
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<PaymentSection />);
    const first = (await screen.findByText('a@example.com · ZAR')).closest('li')!;
    expect(within(first).getByText('Default')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /^Make default/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Make default: PayPal b@example.com' }));
    await waitFor(() => expect(within(screen.getByText('b@example.com · ZAR').closest('li')!).getByText('Default')).toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Remove: PayPal a@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove payment details' });
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('a@example.com · ZAR')).toBeNull());
    expect(fetch.mock.calls.some(([url, init]) => (init as RequestInit | undefined)?.method === 'DELETE' && String(url).endsWith(`/${A}`))).toBe(true);
  }, 15_000);

  it('says when the payment details cannot be loaded, and tries again on request', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (++calls === 1 ? json({ error: { code: '500505', message: 'x' } }, 500) : json({ results: [] }))),
    );
    renderWithProviders(<PaymentSection />);
    expect(await screen.findByText('Your payment details could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No payment details yet.')).toBeInTheDocument();
  });
});
