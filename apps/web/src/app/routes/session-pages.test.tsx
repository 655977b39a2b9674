import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorModal } from '../../components/error-modal';
import { apiError, component, detail, json, lockedComponent, mockApi } from '../../features/sessions/test-fixtures';
import { useSystemStore } from '../../store/system-store';
import { renderWithProviders } from '../../test/render';
import { SessionLayout } from '../layouts/session-layout';
import { SessionPage } from './session';
import { SessionQuestionnairesPage } from './session-questionnaires';
import { SessionResultPage } from './session-result';
import { SessionResultsPage } from './session-results';

const S = '/api/portal/sessions';

function renderAt(path: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/sessions/:id" element={<SessionLayout />}>
          <Route index element={<SessionPage />} />
          <Route path="results" element={<SessionResultsPage />} />
          <Route path="results/:resultID" element={<SessionResultPage />} />
          <Route path="result/:resultID/components/:componentID" element={<SessionResultPage />} />
          <Route path="questionnaires" element={<SessionQuestionnairesPage />} />
          <Route path="questionnaires/:questionnaireID" element={<SessionQuestionnairesPage />} />
          <Route path="questionnarie/:questionnarieID" element={<SessionQuestionnairesPage />} />
        </Route>
      </Routes>
      <ErrorModal />
    </>,
    { path },
  );
}

const accessible = (over = {}) =>
  detail({
    readiness: {
      kitStatus: 'results_available',
      resultsAvailable: true,
      questionnairesCompleted: 1,
      questionnairesTotal: 2,
      dataAccessible: true,
      pharmacogenomicReport: false,
    },
    dataRequest: { id: 'd1', status: 'confirmed', createdAt: '2026-11-13T10:00:00.000Z', answeredAt: '2026-11-13T12:00:00.000Z' },
    ...over,
  });

afterEach(() => {
  vi.unstubAllGlobals();
  useSystemStore.setState({ errorModal: { opened: false, title: '', content: null } });
});

describe('a session that is not the caller’s, or none', () => {
  it('shows a not-found state with the way back to the list', async () => {
    mockApi({ [`GET ${S}/00000000-0000-4000-8000-000000000999`]: () => apiError(404, '400404', 'Not found') });
    renderAt('/sessions/00000000-0000-4000-8000-000000000999/');
    expect(await screen.findByText('This session is unknown or does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Overview');
    expect(screen.getByRole('link', { name: 'Back to sessions' })).toHaveAttribute('href', '/sessions');
  });
});

describe('the overview', () => {
  it('shows readiness in words: kit status, data request waiting, and why results are closed', async () => {
    const s = detail({
      kit: {
        id: 'k1',
        sampleLabel: 'DEMO-PIETER',
        status: 'processing',
        collections: [{ id: 1, name: 'Nutrigenomics', description: 'Cheek swab', resultsReady: null }],
      },
      readiness: {
        kitStatus: 'processing',
        resultsAvailable: false,
        questionnairesCompleted: 0,
        questionnairesTotal: 0,
        dataAccessible: false,
        pharmacogenomicReport: false,
      },
      dataRequest: { id: 'd1', status: 'pending', createdAt: '2026-11-13T10:00:00.000Z', answeredAt: null },
    });
    mockApi({ [`GET ${S}/${s.id}`]: () => json(s) });
    renderAt(`/sessions/${s.id}/`);
    const readiness = await screen.findByRole('region', { name: 'Readiness' });
    expect(within(readiness).getByText('Processing')).toBeInTheDocument();
    expect(within(readiness).getByText(/^Waiting for the patient/)).toBeInTheDocument();
    expect(within(readiness).getAllByText('The patient has not confirmed the data request yet.')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Packages' })).getByText('DEMO-PIETER')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Screening & Results' })).toBeInTheDocument();
    // The patient's data is closed: no link to it, the reason beside the disabled button.
    expect(screen.getByRole('button', { name: 'Open results' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Open results' })).toHaveAccessibleDescription('The patient has not confirmed the data request yet.');
    expect(screen.getByRole('button', { name: 'Ask AI' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Write notes' })).toHaveAttribute('href', `/sessions/${s.id}/notes`);
    // The patient header names whose session this is.
    expect(within(screen.getByRole('region', { name: 'Patient: Thandi Nkosi' })).getByText('Synthetic demo patient')).toBeInTheDocument();
  });

  it("shows SESSION.050's text when data was already requested (from another tab)", async () => {
    const s = detail({ status: 2 });
    mockApi({
      [`GET ${S}/${s.id}`]: () => json(s),
      [`POST ${S}/${s.id}/data-request`]: () => apiError(409, 'SESSION.050', 'Data already requested'),
    });
    renderAt(`/sessions/${s.id}`);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Session Details');
    await userEvent.click(await screen.findByRole('button', { name: 'Request data' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Request data' })).getByRole('button', { name: 'Request data' }));
    expect(await screen.findByRole('dialog', { name: 'Something went wrong' })).toHaveTextContent('You have already requested data for this user.');
  });

  it('requests data and shows the request waiting for the patient', async () => {
    let s = detail({ status: 2 });
    const api = mockApi({
      [`GET ${S}/${s.id}`]: () => json(s),
      [`GET ${S}/`]: () => json({ results: [], count: 0, limit: 10, offset: 0 }),
      [`POST ${S}/${s.id}/data-request`]: () => {
        s = { ...s, dataRequest: { id: 'd1', status: 'pending', createdAt: '2026-11-13T10:00:00.000Z', answeredAt: null } };
        return json(s.dataRequest, 201);
      },
    });
    renderAt(`/sessions/${s.id}/`);
    const readiness = await screen.findByRole('region', { name: 'Readiness' });
    expect(within(readiness).getByText('Not requested')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Request data' }));
    // A paid action: nothing is sent before the confirmation, which names the fee and when it is due.
    const confirm = await screen.findByRole('dialog', { name: 'Request data' });
    expect(confirm).toHaveTextContent(/data-request fee of R\s?250,00, due by .+ \(14 days from today\)/);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Request data' }));
    expect(await within(readiness).findByText(/^Waiting for the patient/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    // One request per session: the button stays off, the line beside it says when and at what fee.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Request data' })).toBeDisabled());
    expect(screen.getByText(/^Data requested on .+ The fee of R\s?250,00 is due by/)).toBeInTheDocument();
  });

  it('offers Accept and Reject on a pending request, and no data request yet', async () => {
    const pending = detail({ status: 1 });
    mockApi({ [`GET ${S}/${pending.id}`]: () => json(pending) });
    renderAt(`/sessions/${pending.id}/`);
    expect(await screen.findByRole('button', { name: /^Accept the session request from Thandi Nkosi/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Reject the session request from Thandi Nkosi/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request data' })).toBeDisabled();
    // Nothing that cannot work before the request is accepted: each disabled with its reason beside it.
    for (const name of ['Write notes', 'Ask AI', 'Open results']) {
      expect(screen.queryByRole('link', { name })).toBeNull();
      expect(screen.getByRole('button', { name })).toBeDisabled();
      expect(screen.getByRole('button', { name })).toHaveAccessibleDescription(/not been accepted|Accept the session request first/);
    }
  });

  it('lists decreased and increased components with their level as text', async () => {
    const s = accessible({
      highlights: [
        { kind: 'component', title: 'Phosphorus', level: 'Increased', resultID: 'r1', componentID: 'phosphorus' },
        { kind: 'component', title: 'Iron', level: 'Decreased', resultID: 'r1', componentID: 'iron' },
      ],
    });
    mockApi({ [`GET ${S}/${s.id}`]: () => json(s) });
    renderAt(`/sessions/${s.id}/`);
    const highlights = await screen.findByRole('region', { name: 'Highlights' });
    expect(within(highlights).getByRole('link', { name: 'Phosphorus' })).toHaveAttribute('href', `/sessions/${s.id}/result/r1/components/phosphorus`);
    expect(within(highlights).getByText('Increased')).toBeInTheDocument();
    expect(within(highlights).getByText('Decreased')).toBeInTheDocument();
  });

  it('says when there is no pharmacogenomic report, so no medicine highlight is not read as nothing to check', async () => {
    const without = accessible({ highlights: [{ kind: 'component', title: 'Iron', level: 'Decreased', resultID: 'r1', componentID: 'iron' }] });
    mockApi({ [`GET ${S}/${without.id}`]: () => json(without) });
    const view = renderAt(`/sessions/${without.id}/`);
    const highlights = await screen.findByRole('region', { name: 'Highlights' });
    expect(within(highlights).getByText('Decreased or increased genetic scores:')).toBeInTheDocument();
    expect(within(highlights).getByText(/no pharmacogenomic report for this kit.*medicines have not been checked against their genotype/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Readiness' })).getByText('Pharmacogenomic report').nextSibling).toHaveTextContent('No');
    view.unmount();

    const withReport = accessible({ readiness: { ...without.readiness, pharmacogenomicReport: true } });
    mockApi({ [`GET ${S}/${withReport.id}`]: () => json(withReport) });
    renderAt(`/sessions/${withReport.id}/`);
    expect(await screen.findByRole('region', { name: 'Highlights' })).not.toHaveTextContent(/no pharmacogenomic report/i);
  });
});

describe("the patient's data pages", () => {
  it.each([
    [{ status: 1 as const }, 'This session request has not been accepted yet.'],
    [{ status: 2 as const }, "The patient's data has not been requested yet: request it from the overview."],
    [{ status: 4 as const }, "This session is completed, so the patient's data is closed."],
  ])('explain when the data is closed (%o) and link back to the overview', async (over, reason) => {
    const s = detail(over);
    const api = mockApi({ [`GET ${S}/${s.id}`]: () => json(s) });
    renderAt(`/sessions/${s.id}/results`);
    expect(await screen.findByRole('heading', { name: "The patient's data is not available" })).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(
      screen.getByText(/available once the session is accepted and the patient has confirmed the data request\. They close when the session is completed\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the session overview' })).toHaveAttribute('href', `/sessions/${s.id}/`);
    expect(api.calls.some((c) => c.url.pathname.endsWith('/results'))).toBe(false);
  });

  it('show the latest result: the swab, minerals and vitamins, synthetic labelled', async () => {
    const s = accessible();
    mockApi({
      [`GET ${S}/${s.id}`]: () => json(s),
      [`GET ${S}/${s.id}/results`]: () => json({ results: [{ id: 'r1', title: 'Nutrigenomics swab', computedAt: '2026-11-21T12:00:00.000Z' }] }),
      [`GET ${S}/${s.id}/results/r1`]: () =>
        json({
          id: 'r1',
          title: 'Nutrigenomics swab',
          computedAt: '2026-11-21T12:00:00.000Z',
          engineVersion: 'x',
          data: { swab: { title: 'Nutrigenomics swab', minerals: [component(), lockedComponent()], vitamins: [], synthetic: true, engineVersion: 'x' } },
        }),
    });
    renderAt(`/sessions/${s.id}/results`);
    expect(await screen.findByRole('heading', { level: 2, name: /Nutrigenomics swab/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Genotype results');
    expect(screen.getByText('Synthetic demo data')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zinc' })).toHaveAttribute('href', `/sessions/${s.id}/result/r1/components/zinc`);
  });

  it('show one component under the singular /result/ path with its genotype table, labelled synthetic from its own answer', async () => {
    const s = accessible();
    const requested: string[] = [];
    mockApi({
      [`GET ${S}/${s.id}`]: () => json(s),
      [`GET ${S}/${s.id}/results/r1/components/calcium`]: () => {
        requested.push('component');
        return json({ resultID: 'r1', computedAt: '2026-11-21T12:00:00.000Z', synthetic: true, component: component() });
      },
      [`GET ${S}/${s.id}/results/r1`]: () => {
        requested.push('result');
        return json({});
      },
    });
    renderAt(`/sessions/${s.id}/result/r1/components/calcium`);
    expect(await screen.findByRole('heading', { level: 2, name: /Calcium/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Result');
    expect(screen.getByRole('columnheader', { name: 'Effects & Alleles' })).toBeInTheDocument();
    const table = screen.getByRole('region', { name: 'Genotype table' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Synthetic demo data')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to results' })).toHaveAttribute('href', `/sessions/${s.id}/results/r1`);
    // The whole result (about 85 KB) is not downloaded to draw one component.
    expect(requested).toEqual(['component']);
  });

  it('a component of real data carries no synthetic badge', async () => {
    const s = accessible();
    mockApi({
      [`GET ${S}/${s.id}`]: () => json(s),
      [`GET ${S}/${s.id}/results/r1/components/calcium`]: () =>
        json({ resultID: 'r1', computedAt: '2026-11-21T12:00:00.000Z', synthetic: false, component: component() }),
    });
    renderAt(`/sessions/${s.id}/result/r1/components/calcium`);
    expect(await screen.findByRole('heading', { level: 2, name: /Calcium/ })).toBeInTheDocument();
    expect(screen.queryByText('Synthetic demo data')).not.toBeInTheDocument();
  });

  it('a component that answers 404: the result tells an unknown component from access that closed', async () => {
    const s = accessible();
    let resultGone = false;
    mockApi({
      [`GET ${S}/${s.id}`]: () => json(s),
      [`GET ${S}/${s.id}/results/r1/components/nothing`]: () => apiError(404, '400404', 'Not found'),
      [`GET ${S}/${s.id}/results/r1`]: () =>
        resultGone
          ? apiError(404, '400404', 'Not found')
          : json({
              id: 'r1',
              title: 'Nutrigenomics swab',
              computedAt: '2026-11-21T12:00:00.000Z',
              engineVersion: 'x',
              data: { swab: { minerals: [], vitamins: [] } },
            }),
    });
    const first = renderAt(`/sessions/${s.id}/result/r1/components/nothing`);
    expect(await screen.findByText('This component is unknown or does not exist.')).toBeInTheDocument();
    first.unmount();
    resultGone = true;
    renderAt(`/sessions/${s.id}/result/r1/components/nothing`);
    expect(await screen.findByRole('heading', { name: "The patient's data is not available" })).toBeInTheDocument();
  });

  it('list the questionnaires with their completion, and open one under either spelling', async () => {
    const s = accessible();
    const q = (id: number, completedAt: string | null) => ({
      id,
      category: id === 1 ? 'Health history' : 'Diet',
      description: 'About you.',
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
      questions: [
        { id: 'a', text: 'Question A?', type: 'text' },
        { id: 'b', text: 'Question B?', type: 'text' },
      ],
      answers: { a: 'Yes' },
      completedAt,
    });
    mockApi({
      [`GET ${S}/${s.id}`]: () => json(s),
      [`GET ${S}/${s.id}/questionnaires`]: () => json({ results: [q(1, '2026-11-12T00:00:00.000Z'), q(2, null)] }),
      [`GET ${S}/${s.id}/questionnaires/2`]: () => json(q(2, null)),
    });
    const { unmount } = renderAt(`/sessions/${s.id}/questionnaires`);
    const health = (await screen.findByRole('link', { name: 'Health history' })).closest('li')!;
    expect(within(health).getByText(/^Completed on /)).toBeInTheDocument();
    expect(within(health).getByText('1 of 2 questions answered')).toBeInTheDocument();
    const diet = screen.getByRole('link', { name: 'Diet' });
    expect(diet).toHaveAttribute('href', `/sessions/${s.id}/questionnaires/2`);
    expect(within(diet.closest('li')!).getByText('Not completed')).toBeInTheDocument();
    unmount();

    renderAt(`/sessions/${s.id}/questionnarie/2`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Diet' })).toBeInTheDocument();
    expect(screen.getByText('Question A?').nextElementSibling).toHaveTextContent('Yes');
    expect(screen.getByText('Question B?').nextElementSibling).toHaveTextContent('Not answered');
  });

  it('treat a 404 from the data itself (access closed meanwhile) as closed access', async () => {
    const s = accessible();
    mockApi({
      [`GET ${S}/${s.id}`]: () => json(s),
      [`GET ${S}/${s.id}/questionnaires`]: () => apiError(404, '400404', 'Not found'),
    });
    renderAt(`/sessions/${s.id}/questionnaires`);
    expect(await screen.findByRole('heading', { name: "The patient's data is not available" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Go to the session overview' })).toBeInTheDocument());
  });
});
