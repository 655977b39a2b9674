import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { component } from '../test-fixtures';
import { GenotypeTable } from './genotype-table';

describe('the genotype table', () => {
  it("has SPEC §3's headers, exactly, in order", () => {
    renderWithProviders(<GenotypeTable rows={component().genotypes} />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(0, 4)).toEqual(['Effects & Alleles', 'Genotype', 'Effect Allele', 'Effect Weight']);
  });

  it('shows each variant: effects and alleles, the genotype, the effect allele, the signed weight and whether it was read', () => {
    renderWithProviders(<GenotypeTable rows={component().genotypes} />);
    const [, called, missing] = screen.getAllByRole('row');
    expect(within(called!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['CASR rs1801725: T/G (T raises)', 'GT', 'T', expect.stringMatching(/^\+0[.,]071$/), 'Read: 1 × effect allele']);
    expect(within(missing!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['GCKR rs780094: T/C (T raises)', '--', 'T', expect.stringMatching(/^\+0[.,]017$/), 'Not called']);
  });

  it('says so when a component has no scored SNPs', () => {
    renderWithProviders(<GenotypeTable rows={[]} />);
    expect(screen.getByText('No SNPs are scored for this component.')).toBeInTheDocument();
  });
});
