import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PaymentForm } from './payment-section';

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
    const fetch = vi.fn(async () => json({ id: '00000000-0000-4000-8000-000000000001', type: 1, identifier: '6200123456', currency: 'ZAR', createdAt: '', updatedAt: '' }, 201));
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
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({ type: 1, identifier: '6200123456', currency: 'ZAR' });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'New payment details added successfully.' }));
  });

  it('says so when adding or updating fails', async () => {
    const show = vi.spyOn(notifications, 'show');
    vi.stubGlobal('fetch', vi.fn(async () => json({ error: { code: '500506', message: 'x' } }, 500)));
    renderWithProviders(<PaymentForm title="New payment details" onDone={vi.fn()} />);
    await chooseType('PayPal');
    await userEvent.type(screen.getByRole('textbox', { name: /Identifier/ }), 'me@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Error occurred while adding new payment details.' })));
  });

  it('editing existing details uses the update texts', async () => {
    const show = vi.spyOn(notifications, 'show');
    const fetch = vi.fn(async () => json({ id: '00000000-0000-4000-8000-000000000001', type: 2, identifier: 'b@example.com', currency: 'USD', createdAt: '', updatedAt: '' }));
    vi.stubGlobal('fetch', fetch);
    const initial = { id: '00000000-0000-4000-8000-000000000001', type: 2 as const, identifier: 'a@example.com', currency: 'ZAR', createdAt: '', updatedAt: '' };
    renderWithProviders(<PaymentForm title="Edit payment details" initial={initial} onDone={vi.fn()} />);
    await userEvent.clear(screen.getByRole('textbox', { name: /Identifier/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Identifier/ }), 'b@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Payment details updated successfully.' })));
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].method).toBe('PUT');
  });
});
