import { DISCOUNT_CODE_PATTERN, GENERATED_CODE_LENGTH } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { DiscountCodeForm } from './discount-code-form';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const bodyOf = (fetch: ReturnType<typeof vi.fn>) => JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const codeInput = () => screen.getByRole('textbox', { name: /^Code/ });
const submit = () => screen.getByRole('button', { name: 'Create code' });

describe('DiscountCodeForm', () => {
  it('Generate fills in a random code of the contract’s shape', async () => {
    renderWithProviders(<DiscountCodeForm onDone={vi.fn()} />);
    expect(screen.getByText(/Leave it empty and a random code is generated/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Generate a random code' }));
    const first = (codeInput() as HTMLInputElement).value;
    expect(first).toHaveLength(GENERATED_CODE_LENGTH);
    expect(first).toMatch(DISCOUNT_CODE_PATTERN);
    await userEvent.click(screen.getByRole('button', { name: 'Generate a random code' }));
    expect((codeInput() as HTMLInputElement).value).not.toBe(first);
  });

  it('blocks a form with errors and says why under each field', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<DiscountCodeForm onDone={vi.fn()} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Kit' }));
    await userEvent.click(submit());
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one product')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Percentage off/ }), '150');
    expect(screen.getByText('A percentage is between 1 and 100')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a fixed amount in minor units with the options and both texts of SPEC §3', async () => {
    const fetch = vi.fn(async () => json({ id: 'x', code: 'SPRING-10' }, 201));
    vi.stubGlobal('fetch', fetch);
    const onDone = vi.fn();
    renderWithProviders(<DiscountCodeForm onDone={onDone} />);
    await userEvent.type(codeInput(), 'spring-10');
    await userEvent.click(screen.getByRole('radio', { name: 'Fixed amount' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Amount off/ }), '99.50');
    await userEvent.type(screen.getByRole('textbox', { name: /Usage limit/ }), '10');
    fireEvent.change(screen.getByLabelText(/Valid from/), { target: { value: '2030-01-01' } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Consultation' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Item requires shipping' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Add a new kit/ }));
    await userEvent.click(submit());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodyOf(fetch)).toEqual({
      code: 'SPRING-10',
      rule: { type: 'fixed', value: 9950, currency: 'ZAR', minimumOrderCents: 0, validFrom: '2030-01-01', validUntil: null, usageLimit: 10 },
      upsell: '',
      options: { appliesTo: ['kit', 'consultation'] },
      requiresShipping: true,
      addNewKit: true,
    });
    // Many fields typed one key at a time: give a busy machine room.
  }, 15_000);

  it('leaves an empty code to the server to generate', async () => {
    const fetch = vi.fn(async () => json({ id: 'x', code: 'ABCDEFGH23' }, 201));
    vi.stubGlobal('fetch', fetch);
    const onDone = vi.fn();
    renderWithProviders(<DiscountCodeForm onDone={onDone} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Percentage off/ }), '25');
    await userEvent.click(submit());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodyOf(fetch).code).toBe('');
    expect(bodyOf(fetch).rule.value).toBe(25);
  });

  it('shows a taken code under the code field and keeps what was typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: '400400', message: 'Bad request', fieldErrors: { code: ['This code is already in use'] } } }, 400)),
    );
    const onDone = vi.fn();
    renderWithProviders(<DiscountCodeForm onDone={onDone} />);
    await userEvent.type(codeInput(), 'TAKEN1');
    await userEvent.type(screen.getByRole('textbox', { name: /Percentage off/ }), '25');
    await userEvent.click(submit());
    expect(await screen.findByText('This code is already in use')).toBeInTheDocument();
    expect(codeInput()).toHaveValue('TAKEN1');
    expect(screen.getByRole('textbox', { name: /Percentage off/ })).toHaveValue('25');
    expect(onDone).not.toHaveBeenCalled();
  });
});
