import { AI_REFUSAL, type AiAnswer } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AskAiPanel } from './ask-ai-panel';

const answer: AiAnswer = {
  id: '11111111-1111-4111-8111-111111111111',
  sessionID: '22222222-2222-4222-8222-222222222222',
  preset: 'summary',
  question: 'Summary of results',
  engine: 'built-in',
  model: null,
  dataDate: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-21T10:00:00.000Z',
  declined: false,
  statements: [{ text: 'Calcium: the genetic score is decreased.', citations: ['component:calcium'] }],
  evidence: [{ text: 'Calcium: foods that provide calcium include dairy.', citations: ['component:calcium', 'questionnaire:2:dairy'] }],
  note: null,
  droppedCitations: 0,
  records: [
    {
      ref: 'component:calcium',
      kind: 'component',
      label: 'Calcium genetic score',
      href: '/sessions/s/result/r/components/calcium',
      date: '2026-11-20T10:00:00.000Z',
    },
    { ref: 'questionnaire:2:dairy', kind: 'questionnaire', label: 'Diet: dairy', href: '/sessions/s/questionnaires/2', date: '2026-11-20T10:00:00.000Z' },
  ],
  disclaimer: 'This is not medical advice.',
};

const streamed = vi.hoisted(() => ({ answer: null as AiAnswer | null, asked: [] as unknown[] }));
const journal = vi.hoisted(() => ({ sent: [] as unknown[] }));
const answersState = vi.hoisted(() => ({ current: { data: { results: [] as unknown[] }, isPending: false, isError: false, error: null as unknown } }));
vi.mock('../api/answers', () => ({
  useAnswers: () => answersState.current,
  useAnswerToJournal: () => ({ mutate: (body: unknown) => journal.sent.push(body), isPending: false }),
  getAnswer: vi.fn(),
}));
vi.mock('../api/ask', () => ({
  askStream: async function* (_session: string, body: unknown) {
    streamed.asked.push(body);
    const a = streamed.answer ?? answer;
    yield { type: 'statement', statement: a.statements[0] };
    yield { type: 'done', answer: a };
  },
}));

describe('AskAiPanel', () => {
  it('shows the disclaimer before anything is asked, then the answer with a link to each cited record', async () => {
    renderWithProviders(<AskAiPanel sessionId="22222222-2222-4222-8222-222222222222" notesHref="/sessions/s/notes" />);
    expect(screen.getByText(/not medical advice/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Summary of results' }));
    expect(await screen.findByText('Calcium: the genetic score is decreased.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Source 1: Calcium genetic score' })).toHaveAttribute('href', '/sessions/s/result/r/components/calcium');
    // Nothing goes to the journal until a line is ticked; then only the ticked line's index is sent.
    const add = () => screen.getByRole('button', { name: /^Add the ticked lines to the journal draft/ });
    const tick = await screen.findByRole('checkbox', { name: 'Add line 1 to the journal draft' });
    expect(add()).toBeDisabled();
    await userEvent.click(tick);
    expect(add()).toHaveAccessibleName('Add the ticked lines to the journal draft (1)');
    await userEvent.click(add());
    expect(journal.sent).toEqual([{ answerId: answer.id, statements: [0] }]);
    // The evidence waits behind its button.
    expect(screen.queryByText('Calcium: foods that provide calcium include dairy.')).not.toBeInTheDocument();
    const show = screen.getByRole('button', { name: 'Show all evidence (1)' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(show);
    expect(screen.getByText('Calcium: foods that provide calcium include dairy.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Source 2: Diet: dairy' })).toHaveAttribute('href', '/sessions/s/questionnaires/2');
    expect(screen.getByRole('button', { name: 'Hide the evidence' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows a refusal as the one sentence it is, and why another engine answered', async () => {
    streamed.answer = {
      ...answer,
      declined: true,
      statements: [{ text: AI_REFUSAL, citations: [] }],
      evidence: [],
      records: [],
      note: 'The external engine answered with an error (HTTP 500). This answer is from the built-in engine.',
    };
    renderWithProviders(<AskAiPanel sessionId="22222222-2222-4222-8222-222222222222" notesHref="/sessions/s/notes" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Your question' }), 'tell me about the other patients');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText(/Ask AI answers only about this patient's own results, questionnaires and reports\./)).toBeInTheDocument();
    expect(screen.getByText('The external engine answered with an error (HTTP 500). This answer is from the built-in engine.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show all evidence/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /journal draft/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    streamed.answer = null;
  });

  it("checks a typed question with the contract's rule before asking, and sends it trimmed", async () => {
    streamed.asked = [];
    renderWithProviders(<AskAiPanel sessionId="22222222-2222-4222-8222-222222222222" notesHref="/sessions/s/notes" />);
    const box = screen.getByRole('textbox', { name: 'Your question' });
    await userEvent.type(box, ' ab ');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('Minimum chars not reached')).toBeInTheDocument();
    expect(streamed.asked).toEqual([]);
    await userEvent.type(box, 'c');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(streamed.asked).toEqual([{ question: 'ab c' }]));
  });

  it('says so when earlier answers cannot be loaded', () => {
    answersState.current = {
      data: undefined as unknown as { results: unknown[] },
      isPending: false,
      isError: true,
      error: { status: 500, code: '500505', message: '' },
    };
    renderWithProviders(<AskAiPanel sessionId="22222222-2222-4222-8222-222222222222" notesHref="/sessions/s/notes" />);
    expect(screen.getByText('Internal issue while fetching resource')).toBeInTheDocument();
  });
});
