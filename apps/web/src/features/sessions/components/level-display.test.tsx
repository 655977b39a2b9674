import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { component, lockedComponent } from '../test-fixtures';
import { ComponentDetail } from './component-detail';
import { LevelDisplay, levelOfLabel } from './level-display';
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
    renderWithProviders(<ComponentCard component={component({ riskLevel: 2, score: 0.11, averageScore: 0.06, percentile: 84.5 })} href="/x" />);
    expect(screen.getByRole('link', { name: 'Calcium' })).toHaveAttribute('href', '/x');
    expect(screen.getByText('Increased')).toBeInTheDocument();
    expect(screen.getByText(/^Score 0[.,]11 \(average 0[.,]06\)$/)).toBeInTheDocument();
    expect(screen.getByText('85th percentile')).toBeInTheDocument();
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
      <SwabView sessionId="s1" resultId="r1" computedAt="2026-11-21T12:00:00.000Z" swab={{ title: 'Nutrigenomics swab', minerals, vitamins: [component({ componentID: 'vitamin-d', title: 'Vitamin D' })], synthetic: true, engineVersion: 'x' }} />,
    );
    expect(screen.getByRole('heading', { level: 2, name: /Nutrigenomics swab/ })).toBeInTheDocument();
    expect(screen.getByText('Synthetic demo data')).toBeInTheDocument();
    const mineralList = screen.getByRole('region', { name: 'Minerals' });
    expect(within(mineralList).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Calcium', 'Phosphorus', 'Potassium']);
    expect(within(screen.getByRole('region', { name: 'Vitamins' })).getByRole('link', { name: 'Vitamin D' })).toHaveAttribute('href', '/sessions/s1/result/r1/components/vitamin-d');
  });
});

describe('the component page', () => {
  it('shows the score against the average, the percentile chart with its text equivalent, and the reference population', () => {
    renderWithProviders(<ComponentDetail component={component({ riskLevel: 0, score: -0.1, averageScore: 0.06, percentile: 12 })} computedAt="2026-11-21T12:00:00.000Z" synthetic={false} />);
    expect(screen.getByText('Decreased')).toBeInTheDocument();
    expect(screen.getByText("Patient's score").nextSibling).toHaveTextContent(/^-0[.,]1$/);
    expect(screen.getByText('Average score').nextSibling).toHaveTextContent(/^0[.,]06$/);
    expect(screen.getByRole('img', { name: /Percentile chart: a score of -0[.,]1, the 12th percentile/ })).toBeInTheDocument();
    const numbers = screen.getByRole('table', { name: 'The reference distribution in numbers' });
    for (const row of ['Lowest possible score', '25th percentile', 'Median', '75th percentile', 'Highest possible score', 'This patient']) {
      expect(within(numbers).getByRole('rowheader', { name: row })).toBeInTheDocument();
    }
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
