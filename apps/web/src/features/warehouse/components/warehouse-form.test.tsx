import { WAREHOUSE_FIELDS } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { WarehouseForm, type WarehouseField } from './warehouse-form';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TEXT_VALUES: Record<Exclude<WarehouseField, 'countryCode'>, string> = {
  name: 'Gardens store room',
  contactPerson: 'Ada Lovelace',
  contactNumber: '+27215550100',
  streetAddress: '1 Long Street',
  suburb: 'Gardens',
  state: 'Western Cape',
  postalCode: '8001',
};
const LABELS: Record<WarehouseField, string> = {
  name: 'Name',
  contactPerson: 'Contact person',
  contactNumber: 'Contact number',
  streetAddress: 'Street address',
  suburb: 'Suburb',
  state: 'State',
  postalCode: 'Postal code',
  countryCode: 'Country code',
};
const field = (key: WarehouseField) => screen.getByRole(key === 'countryCode' ? 'combobox' : 'textbox', { name: new RegExp(`^${LABELS[key]}`) });
const submit = () => screen.getByRole('button', { name: 'Register warehouse' });

async function chooseCountry() {
  await userEvent.click(field('countryCode'));
  await userEvent.click(await screen.findByRole('option', { name: 'South Africa (ZA)', hidden: true }));
}

async function fillAll() {
  for (const [key, value] of Object.entries(TEXT_VALUES)) {
    await userEvent.click(field(key as WarehouseField));
    await userEvent.paste(value);
  }
  await chooseCountry();
}

describe('WarehouseForm', () => {
  it('has the eight SPEC §3 fields, and the submit stays disabled while any one of them is empty', { timeout: 30_000 }, async () => {
    renderWithProviders(<WarehouseForm onDone={vi.fn()} />);
    for (const key of WAREHOUSE_FIELDS) expect(field(key)).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await fillAll();
    expect(submit()).toBeEnabled();
    // Each text field emptied on its own blocks the form again.
    for (const [key, value] of Object.entries(TEXT_VALUES)) {
      await userEvent.clear(field(key as WarehouseField));
      expect(submit(), key).toBeDisabled();
      await userEvent.click(field(key as WarehouseField));
      await userEvent.paste(value);
      expect(submit(), key).toBeEnabled();
    }
    // So does the country, deselected (choosing the chosen option again).
    await chooseCountry();
    expect(submit()).toBeDisabled();
  });

  it('shows the contract message under a field, and sends nothing while it is wrong', async () => {
    const fetch = vi.fn(async () => json({}, 201));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<WarehouseForm onDone={vi.fn()} />);
    await fillAll();
    await userEvent.clear(field('contactNumber'));
    await userEvent.type(field('contactNumber'), '12ab');
    await userEvent.click(submit());
    expect(await screen.findByText('Value is not valid.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps everything typed when the server refuses, with its words under the field', async () => {
    const fetch = vi.fn(async () =>
      json({ error: { code: '400400', message: 'Bad request', fieldErrors: { postalCode: ['Minimum chars not reached'] } } }, 400),
    );
    vi.stubGlobal('fetch', fetch);
    const onDone = vi.fn();
    renderWithProviders(<WarehouseForm onDone={onDone} />);
    await fillAll();
    await userEvent.click(submit());
    expect(await screen.findByText('Minimum chars not reached')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    for (const [key, value] of Object.entries(TEXT_VALUES)) expect(field(key as WarehouseField)).toHaveValue(value);
    const body = JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body).toEqual({ ...TEXT_VALUES, countryCode: 'ZA' });
  });

  it('says what went wrong on a server failure and keeps the form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: '500506', message: 'x' } }, 500)),
    );
    renderWithProviders(<WarehouseForm onDone={vi.fn()} />);
    await fillAll();
    await userEvent.click(submit());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Internal issue while inserting resource'));
    expect(field('name')).toHaveValue(TEXT_VALUES.name);
  });

  it('edits an existing warehouse with PUT', async () => {
    const fetch = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetch);
    const onDone = vi.fn();
    const id = '00000000-0000-4000-8000-0000000000a1';
    renderWithProviders(<WarehouseForm id={id} initial={{ ...TEXT_VALUES, countryCode: 'ZA' }} onDone={onDone} />);
    await userEvent.clear(field('suburb'));
    await userEvent.type(field('suburb'), 'Tamboerskloof');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(new RegExp(`/portal/me/warehouses/${id}$`));
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ ...TEXT_VALUES, suburb: 'Tamboerskloof', countryCode: 'ZA' });
  });
});
