import { Table, Text } from '@mantine/core';

import { TABULAR_FIGURES } from '../../../components/tabular-figures';
import { formatWeight } from '../format';
import type { GenotypeRow } from '../types';
import { ScrollTable } from './scroll-table';
import { sessionsText } from '../messages';

/** SPEC §3's genotype table: Effects & Alleles, Genotype, Effect Allele, Effect Weight (then whether it was read, and on which strand). */
export function GenotypeTable({ rows }: { rows: GenotypeRow[] }) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {sessionsText('sessions.genotypes.none')}
      </Text>
    );
  return (
    <ScrollTable minWidth={760} label={sessionsText('sessions.genotypes.label')}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{sessionsText('sessions.genotypes.effectsAndAlleles')}</Table.Th>
            <Table.Th scope="col">{sessionsText('sessions.genotypes.genotype')}</Table.Th>
            <Table.Th scope="col">{sessionsText('sessions.genotypes.effectAllele')}</Table.Th>
            <Table.Th scope="col">{sessionsText('sessions.genotypes.effectWeight')}</Table.Th>
            <Table.Th scope="col">{sessionsText('sessions.genotypes.status')}</Table.Th>
            <Table.Th scope="col">{sessionsText('sessions.genotypes.strand')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.rsid}>
              <Table.Td>{row.effectsAndAlleles}</Table.Td>
              <Table.Td ff="monospace">{row.genotype ?? sessionsText('sessions.genotypes.notInFile')}</Table.Td>
              <Table.Td ff="monospace">{row.effectAllele}</Table.Td>
              <Table.Td style={TABULAR_FIGURES}>{formatWeight(row.effectWeight)}</Table.Td>
              <Table.Td>
                {row.status === 'called' && row.dosage !== null
                  ? sessionsText('sessions.genotypes.called', { dosage: row.dosage })
                  : sessionsText(`sessions.genotypes.status.${row.status}`)}
              </Table.Td>
              <Table.Td>{sessionsText(`sessions.genotypes.strand.${row.status === 'called' && row.strand ? row.strand : 'none'}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
