import { MantineProvider } from '@mantine/core';
import type { SessionJournal } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { JournalEditor } from './journal-editor';

const submitJournal = vi.fn();
vi.mock('../api/save-draft', () => ({ saveDraft: vi.fn().mockResolvedValue({}) }));
vi.mock('../api/submit-journal', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return { useSubmitJournal: () => useMutation({ mutationFn: (d: string) => submitJournal(d) }) };
});

const entry = (over: Partial<NonNullable<SessionJournal['entry']>> = {}) => ({
  id: '11111111-1111-4111-8111-111111111111',
  sessionID: '22222222-2222-4222-8222-222222222222',
  parentID: null,
  description: 'Discussed the results at length with the patient.',
  status: 'Saved' as const,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  submittedAt: null,
  ...over,
});

function renderEditor(journal: SessionJournal) {
  // useBlocker needs a data router, as the app has.
  const router = createMemoryRouter([{ path: '/', element: <JournalEditor sessionId="22222222-2222-4222-8222-222222222222" journal={journal} /> }]);
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('JournalEditor', () => {
  it('shows a submitted entry read-only with its addenda and the addendum form', () => {
    renderEditor({
      entry: entry({ status: 'Submitted', submittedAt: '2026-11-20T12:00:00.000Z' }),
      addenda: [
        entry({
          id: '33333333-3333-4333-8333-333333333333',
          parentID: '11111111-1111-4111-8111-111111111111',
          description: 'Lab confirmed the sample.',
          status: 'Submitted',
          submittedAt: '2026-11-21T09:00:00.000Z',
        }),
      ],
      sessionStatus: 4,
    });
    expect(screen.getByText('Discussed the results at length with the patient.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Journal notes/)).not.toBeInTheDocument();
    expect(screen.getByText('Submitted notes are read-only.')).toBeInTheDocument();
    expect(screen.getByText('Lab confirmed the sample.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add addendum' })).toBeInTheDocument();
  });

  it('says notes wait for an accepted session', () => {
    renderEditor({ entry: null, addenda: [], sessionStatus: 1 });
    expect(screen.getByText('Notes can be written once the session is accepted.')).toBeInTheDocument();
  });

  it('shows the first message under the field when the note is too short to submit', async () => {
    renderEditor({ entry: null, addenda: [], sessionStatus: 2 });
    await userEvent.type(screen.getByLabelText(/Journal notes/), 'Too short');
    await userEvent.click(screen.getByRole('button', { name: 'Submit to patient' }));
    expect(screen.getByText('Minimum chars not reached')).toBeInTheDocument();
    expect(screen.getByLabelText(/Journal notes/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for confirmation that submitting completes the session, then submits the text', async () => {
    submitJournal.mockResolvedValue({ entry: entry({ status: 'Submitted' }), addenda: [], sessionStatus: 4 });
    renderEditor({ entry: entry(), addenda: [], sessionStatus: 2 });
    await userEvent.click(screen.getByRole('button', { name: 'Submit to patient' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('completes the session');
    expect(dialog).toHaveTextContent("can no longer see the patient's data");
    await userEvent.click(screen.getByRole('button', { name: 'Submit and complete session' }));
    expect(submitJournal).toHaveBeenCalledWith('Discussed the results at length with the patient.');
  });
});
