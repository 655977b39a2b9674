import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { OnboardingWizard } from './onboarding-wizard';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => vi.unstubAllGlobals());

function mockApi(draft: unknown) {
  const saved: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === '/api/portal/me/onboarding-draft' && (init.method ?? 'GET') === 'GET') return json({ draft, updatedAt: null, tosAccepted: false });
      if (path === '/api/portal/me/onboarding-draft' && init.method === 'PUT') {
        saved.push(JSON.parse(String(init.body)));
        return json({ draft: JSON.parse(String(init.body)), updatedAt: new Date().toISOString(), tosAccepted: false });
      }
      throw new Error(`unexpected ${init.method ?? 'GET'} ${path}`);
    }),
  );
  return saved;
}

const props = {
  categories: [
    { id: 1, name: 'Resourcing Practitioner' },
    { id: 2, name: 'General Practitioner' },
    { id: 3, name: 'Nutricionist' },
  ],
  languages: [{ id: 2, name: 'English' }],
  specializations: [{ id: 1, name: 'Pharmacogenomics' }],
  picture: <p>picture</p>,
  renderTerms: () => <p>terms</p>,
};

describe('OnboardingWizard', () => {
  it('restores what was typed from the server-side draft, then keeps saving it', async () => {
    const saved = mockApi({ step: 0, categoryID: 3, hpcsaNumber: 'DT 01', practiceNumber: '12a' });
    renderWithProviders(<OnboardingWizard {...props} />);
    expect(await screen.findByLabelText(/HPCSA registration number/)).toHaveValue('DT 01');
    expect(screen.getByLabelText(/Practice number/)).toHaveValue('12a');
    expect(screen.getByLabelText('Nutricionist')).toBeChecked();
    await userEvent.type(screen.getByLabelText(/HPCSA registration number/), '23456');
    await waitFor(() => expect(saved.at(-1)).toMatchObject({ hpcsaNumber: 'DT 0123456', practiceNumber: '12a', categoryID: 3 }), { timeout: 3000 });
  });

  it('does not leave a step with invalid fields, and says why in the product’s words', async () => {
    mockApi(null);
    renderWithProviders(<OnboardingWizard {...props} />);
    await userEvent.type(await screen.findByLabelText(/Practice number/), '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Value is not valid.')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('heading', { name: 'Your practice' })).toBeInTheDocument();
  });

  it("says 'Draft saved' only once the server has what is on screen now", async () => {
    const saved = mockApi(null);
    renderWithProviders(<OnboardingWizard {...props} />);
    const hpcsa = await screen.findByLabelText(/HPCSA registration number/);
    expect(screen.queryByText('Draft saved')).not.toBeInTheDocument();
    await userEvent.type(hpcsa, 'DT 01');
    expect(await screen.findByText('Draft saved', {}, { timeout: 3000 })).toBeInTheDocument();
    await userEvent.type(hpcsa, '23456');
    // Typed after the last save: not on the server yet.
    expect(screen.queryByText('Draft saved')).not.toBeInTheDocument();
    expect(screen.getByText('Saving your draft…')).toBeInTheDocument();
    await waitFor(() => expect(saved.at(-1)).toMatchObject({ hpcsaNumber: 'DT 0123456' }), { timeout: 3000 });
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
  });

  it('keeps trying to save the draft while the server cannot be reached, without another change', async () => {
    let puts = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: string, init: RequestInit = {}) => {
        if ((init.method ?? 'GET') === 'GET') return json({ draft: null, updatedAt: null, tosAccepted: false });
        puts += 1;
        if (puts === 1) return json({ error: { code: '503000', message: 'Unavailable' } }, 503);
        return json({ draft: JSON.parse(String(init.body)), updatedAt: new Date().toISOString(), tosAccepted: false });
      }),
    );
    renderWithProviders(<OnboardingWizard {...props} />);
    await userEvent.type(await screen.findByLabelText(/HPCSA registration number/), 'DT 01');
    expect(await screen.findByText(/Your draft could not be saved just now/, {}, { timeout: 3000 })).toBeInTheDocument();
    // The journal's back-off: the next attempt two seconds later, with nothing typed meanwhile.
    expect(await screen.findByText('Draft saved', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(puts).toBe(2);
  }, 15_000);
});
