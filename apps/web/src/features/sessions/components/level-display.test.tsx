import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { component, lockedComponent } from '../test-fixtures';
import { ComponentDetail } from './component-detail';
import { CutOffCaveat, LevelDisplay, levelOfLabel } from './level-display';
import { ComponentCard, SwabView } from './result-view';

const LOCKED = 'Due to insufficient number of SNPs we were not able to calculate your genetic score';

describe('the level display', () => {
  it.each([
    [0, 'Decreased'],
    [1, 'Average'],
    [2, 'Increased'],
  ] as const)('riskLevel %s reads %s as text', (riskLevel, label) => {
    renderWithProviders(<LevelDisplay riskLevel={riskLevel} />);
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.queryByText(LOCKED)).toBeNull();
  });

  it('NOT_PROCESSED shows the locked message instead of a level', () => {
    renderWithProviders(<LevelDisplay riskLevel={3} />);
    expect(screen.getByText(LOCKED)).toBeInTheDocument();
    for (const label of ['Decreased', 'Average', 'Increased']) expect(screen.queryByText(label)).toBeNull();
  });

  it('reads the highlight labels back to levels', () => {
    expect(levelOfLabel('Decreased')).toBe(0);
    expect(levelOfLabel('Increased')).toBe(2);
    expect(levelOfLabel(LOCKED)).toBeNull();
  });
});

describe('the result cards', () => {
  it('a scored component shows its level, score against the average and percentile', () => {
    renderWithProviders(
      <ComponentCard component={component({ riskLevel: 2, score: 0.11, averageScore: 0.06, percentile: 84.5, shareLower: 83.2, shareSame: 2.6 })} href="/x" />,
    );
    expect(screen.getByRole('link', { name: 'Calcium' })).toHaveAttribute('href', '/x');
    expect(screen.getByText('Increased')).toBeInTheDocument();
    expect(screen.getByText(/^Score 0,11 \(average 0,06\)$/)).toBeInTheDocument();
    expect(screen.getByText('Percentile 84,5')).toBeInTheDocument();
    // Under 5% share the score: no range.
    expect(screen.queryByText(/of the reference group have this score/)).toBeNull();
  });

  it("a score shared by 5% or more of the reference group shows the range of percentiles it covers (Thandi's vitamin B6)", () => {
    renderWithProviders(<ComponentCard component={component({ riskLevel: 2, score: 0, percentile: 87.5, shareLower: 75, shareSame: 25 })} href="/x" />);
    expect(screen.getByText('Percentile 87,5')).toBeInTheDocument();
    expect(screen.getByText('75th–100th percentile: 25% of the reference group have this score')).toBeInTheDocument();
  });

  it('a NOT_PROCESSED component shows the locked message and no score', () => {
    renderWithProviders(<ComponentCard component={lockedComponent()} href="/x" />);
    expect(screen.getByText(LOCKED)).toBeInTheDocument();
    expect(screen.queryByText(/^Score /)).toBeNull();
    expect(screen.queryByText(/percentile|average/i)).toBeNull();
    for (const label of ['Decreased', 'Average', 'Increased']) expect(screen.queryByText(label)).toBeNull();
  });

  it('keeps the minerals in the order given, then the vitamins, and labels synthetic data', () => {
    const minerals = ['Calcium', 'Phosphorus', 'Potassium'].map((title) => component({ componentID: title.toLowerCase(), title }));
    renderWithProviders(
      <SwabView
        sessionId="s1"
        resultId="r1"
        computedAt="2026-11-21T12:00:00.000Z"
        swab={{
          title: 'Nutrigenomics swab',
          minerals,
          vitamins: [component({ componentID: 'vitamin-d', title: 'Vitamin D' })],
          synthetic: true,
          engineVersion: 'x',
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: /Nutrigenomics swab/ })).toBeInTheDocument();
    expect(screen.getByText('Synthetic demo data')).toBeInTheDocument();
    const mineralList = screen.getByRole('region', { name: 'Minerals' });
    expect(
      within(mineralList)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Calcium', 'Phosphorus', 'Potassium']);
    expect(within(screen.getByRole('region', { name: 'Vitamins' })).getByRole('link', { name: 'Vitamin D' })).toHaveAttribute(
      'href',
      '/sessions/s1/result/r1/components/vitamin-d',
    );
  });
});

describe('the component page', () => {
  it('shows the score against the average, the percentile chart with its text equivalent, and the reference population', () => {
    renderWithProviders(
      <ComponentDetail
        component={component({ riskLevel: 0, score: -0.1, averageScore: 0.06, percentile: 12, shareLower: 9.5, shareSame: 5 })}
        computedAt="2026-11-21T12:00:00.000Z"
        synthetic={false}
      />,
    );
    expect(screen.getByText('Decreased')).toBeInTheDocument();
    expect(screen.getByText("Patient's score").nextSibling).toHaveTextContent(/^-0,1$/);
    expect(screen.getByText('Average score').nextSibling).toHaveTextContent(/^0,06$/);
    expect(screen.getByText('Percentile').nextSibling).toHaveTextContent(/^12$/);
    expect(screen.getByRole('img', { name: /Percentile chart: a score of -0,1, percentile 12 of the reference group/ })).toBeInTheDocument();
    const numbers = screen.getByRole('table', { name: 'The reference distribution in numbers' });
    for (const row of ['Lowest possible score', '25th percentile', 'Median', '75th percentile', 'Highest possible score', 'This patient']) {
      expect(within(numbers).getByRole('rowheader', { name: row })).toBeInTheDocument();
    }
    // The shares in the table, and the percentile worked from them in words: 9.5 + 5 ÷ 2 = 12.
    const cell = (name: string) => within(numbers).getByRole('rowheader', { name }).nextSibling;
    expect(cell('Reference group scoring lower than the patient')).toHaveTextContent(/^9,5%$/);
    expect(cell("Reference group with the patient's score")).toHaveTextContent(/^5%$/);
    expect(cell('Reference group scoring higher than the patient')).toHaveTextContent(/^85,5%$/);
    expect(cell('This patient')).toHaveTextContent(/^-0,1 \(percentile 12\)$/);
    expect(
      screen.getByText(
        /^Percentile: the percentage of the reference group with a lower score than the patient, plus half the percentage with the same score\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('9,5% of the reference group score lower and 5% have the same score: 9,5 + 5 ÷ 2 = 12.')).toBeInTheDocument();
    expect(screen.getByText('10th–15th percentile: 5% of the reference group have this score.')).toBeInTheDocument();
    expect(screen.getByText(/Average from the 20th to the 80th\. The patient's percentile, 12, is below 20: Decreased\.$/)).toBeInTheDocument();
    expect(screen.getByText("European discovery cohort (O'Seaghdha 2013)")).toBeInTheDocument();
    expect(screen.getByText(/European-ancestry discovery cohort/)).toBeInTheDocument();
    const pmid = screen.getByRole('link', { name: /PMID 24068962/ });
    expect(pmid).toHaveAttribute('href', 'https://pubmed.ncbi.nlm.nih.gov/24068962/');
    expect(pmid).toHaveAttribute('target', '_blank');
    expect(pmid.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('heading', { name: "Let's get technical" })).toBeInTheDocument();
    expect(screen.getByText('SNPs: rs1801725.')).toBeInTheDocument();
    expect(screen.getByText('CASR')).toBeInTheDocument();
  });

  it('lists the references with what each gives the score, and the other papers under Further reading with why', () => {
    renderWithProviders(
      <ComponentDetail
        component={component({
          furtherReading: [
            {
              pmid: '21483845',
              citation: 'McLaren 2011 (PLoS One)',
              url: 'https://example.com/not-used',
              reason: 'rs3811647 (TF) acts mainly on transferrin.',
            },
          ],
        })}
        computedAt="2026-11-21T12:00:00.000Z"
        synthetic={false}
      />,
    );
    const references = screen.getByRole('region', { name: 'References' });
    expect(references).toHaveTextContent("O'Seaghdha 2013 – the SNPs, their weights and the reference population");
    expect(within(references).queryByText(/McLaren/)).toBeNull();
    const further = screen.getByRole('region', { name: 'Further reading' });
    expect(within(further).getByText('Papers about Calcium that the score does not use, and why.')).toBeInTheDocument();
    expect(within(further).getByRole('link', { name: /PMID 21483845/ })).toHaveAttribute('href', 'https://pubmed.ncbi.nlm.nih.gov/21483845/');
    expect(within(further).getByText('rs3811647 (TF) acts mainly on transferrin.')).toBeInTheDocument();
  });

  it('a result computed before the shares and further reading were stored still reads: the definition, no sum, no range', () => {
    const old = component({ percentile: 62.4 });
    delete old.shareLower;
    delete old.shareSame;
    delete old.furtherReading;
    renderWithProviders(<ComponentDetail component={old} computedAt="2026-11-21T12:00:00.000Z" synthetic={false} />);
    expect(screen.getByText(/^Percentile: the percentage/)).toBeInTheDocument();
    expect(screen.queryByText(/÷ 2/)).toBeNull();
    expect(screen.queryByRole('rowheader', { name: 'Reference group scoring lower than the patient' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Further reading' })).toBeNull();
    expect(screen.getByText(/The patient's percentile, 62,4, is from 20 to 80: Average\.$/)).toBeInTheDocument();
  });

  it('NOT_PROCESSED: the locked message, no score, no chart, no level, no reference population', () => {
    renderWithProviders(<ComponentDetail component={lockedComponent()} computedAt="2026-11-21T12:00:00.000Z" synthetic />);
    expect(screen.getByText(LOCKED)).toBeInTheDocument();
    expect(screen.getByText('Synthetic demo data')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByText("Patient's score")).toBeNull();
    expect(screen.queryByText(/percentile/i)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Reference population' })).toBeNull();
    for (const label of ['Decreased', 'Average', 'Increased']) expect(screen.queryByText(label)).toBeNull();
    // The raw genotypes are still shown: they are data, not an interpretation.
    expect(screen.getByRole('columnheader', { name: 'Genotype' })).toBeInTheDocument();
  });
});

describe('CutOffCaveat', () => {
  it('says the category is uncertain when a shared score straddles a cut-off, and nothing otherwise', () => {
    const { unmount } = renderWithProviders(<CutOffCaveat component={{ shareLower: 8, shareSame: 23 }} />);
    expect(screen.getByText(/^Near the 20th-percentile cut-off: .*uncertain/)).toBeInTheDocument();
    unmount();
    renderWithProviders(<CutOffCaveat component={{ shareLower: 8, shareSame: 3 }} />);
    expect(screen.queryByText(/cut-off/)).toBeNull();
  });
});
