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

  it('shows each variant: effects and alleles, the genotype, the effect allele, the signed weight, whether it was read and on which strand', () => {
    const [forward, missing0] = component().genotypes;
    const reverse0 = {
      rsid: 'rs1550532',
      gene: 'DGKD',
      effectsAndAlleles: 'DGKD rs1550532: C/? (C raises)',
      effectAllele: 'C',
      otherAllele: null,
      genotype: 'GA',
      effectWeight: 0.018,
      dosage: 1,
      ploidy: 2,
      strand: 'reverse',
      status: 'called',
    } as const;
    renderWithProviders(<GenotypeTable rows={[forward!, reverse0, missing0!]} />);
    expect(
      screen
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .slice(4),
    ).toEqual(['Status', 'Strand read']);
    const [, called, reverse, missing] = screen.getAllByRole('row');
    expect(
      within(called!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['CASR rs1801725: T/G (T raises)', 'GT', 'T', '+0,071', 'Read: 1 × effect allele', 'Forward']);
    expect(
      within(reverse!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['DGKD rs1550532: C/? (C raises)', 'GA', 'C', '+0,018', 'Read: 1 × effect allele', 'Reverse (complemented)']);
    expect(
      within(missing!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['GCKR rs780094: T/C (T raises)', '--', 'T', '+0,017', 'Not called', '–']);
  });

  it('says when a genotype reads the same on either strand', () => {
    const [row] = component().genotypes;
    renderWithProviders(<GenotypeTable rows={[{ ...row!, genotype: 'CG', strand: 'either' }]} />);
    expect(screen.getByRole('cell', { name: 'Either (same count)' })).toBeInTheDocument();
  });

  it('says so when a component has no scored SNPs', () => {
    renderWithProviders(<GenotypeTable rows={[]} />);
    expect(screen.getByText('No SNPs are scored for this component.')).toBeInTheDocument();
  });
});
