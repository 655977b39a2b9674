import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AssignKitForm } from './assign-kit-form';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const SESSION = '00000000-0000-4000-8000-000000000001';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AssignKitForm', () => {
  it('shows 400416’s catalogue text under the field and keeps the label typed', async () => {
    const fetch = vi.fn(async () => json({ error: { code: '400416', message: 'taken' } }, 400));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<AssignKitForm sessionId={SESSION} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Sample label' }), 'kit-0001');
    await userEvent.click(screen.getByRole('button', { name: 'Assign kit' }));
    expect(await screen.findByText('You are trying to assign an already taken kit')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Sample label' })).toHaveValue('kit-0001');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(new RegExp(`/portal/sessions/${SESSION}/kit$`));
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ sampleLabel: 'KIT-0001' });
  });

  it('checks the label with the contract before sending', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<AssignKitForm sessionId={SESSION} />);
    await userEvent.click(screen.getByRole('button', { name: 'Assign kit' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Sample label' }), 'a!');
    await userEvent.click(screen.getByRole('button', { name: 'Assign kit' }));
    expect(await screen.findByText('Value is not valid.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('an unknown label says so; success clears the field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: '404000', message: 'Not found' } }, 404)),
    );
    renderWithProviders(<AssignKitForm sessionId={SESSION} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Sample label' }), 'KIT-9999');
    await userEvent.click(screen.getByRole('button', { name: 'Assign kit' }));
    expect(await screen.findByText('No kit in your stock has this sample label.')).toBeInTheDocument();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ id: 'k', sampleLabel: 'KIT-9999' })),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Assign kit' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Sample label' })).toHaveValue(''));
  });
});
