import { Box, Button, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PgxReportRow, PgxReportSummary } from '@portal/contract';
import { useState } from 'react';
import { Pager } from '../../../components/paged-results';
import type { RowsPage } from '../api/get-report-rows';
import { evidenceText, joined, orNotStated, textOr } from '../format';
import { PAGE_SIZE } from '../url-state';
import { PhenoconversionFlags, RecommendationText, TakingBadge } from './recommendation';
import { RowDetails } from './row-details';
import { SpeedBadge } from './speed-badge';
import { reportsText, type ReportMessageKey } from '../messages';

interface Props {
  page: RowsPage;
  pageNumber: number;
  onPage: (page: number) => void;
  brandNames: PgxReportSummary['brandNames'];
}

/**
 * What a prescriber acts on comes first and fits the page at 1366 px (the drug's generic name, gene, phenotype with its
 * flags, recommendation, classification, level, population); SPEC §3's columns follow, reached by
 * scrolling the table sideways. Widths are fixed so the first seven never push each other off.
 */
const FIRST: Array<[ReportMessageKey, number]> = [
  ['reports.col.genericName', 124],
  ['reports.col.gene', 84],
  ['reports.col.phenotype', 176],
  ['reports.col.recommendation', 300],
  ['reports.col.classification', 110],
  ['reports.col.levelOfEvidence', 92],
  ['reports.col.specialtyPopulation', 124],
];
const REST: Array<[ReportMessageKey, number]> = [
  ['reports.col.category', 150],
  ['reports.col.class', 150],
  ['reports.col.usName', 110],
  ['reports.col.saName', 110],
  ['reports.col.phenotypeCategory', 120],
  ['reports.col.variantHaplotype', 150],
  ['reports.col.sampleGenotype', 150],
  ['reports.col.genotypeAllele', 200],
  ['reports.col.refAllele', 120],
  ['reports.col.altAllele', 110],
  ['reports.col.metabolizerSpeed', 130],
];
const WIDTH = [...FIRST, ...REST].reduce((sum, [, w]) => sum + w, 0);

/** The drug's name opens the row's details (keyboard and pointer alike). */
function DrugCell({ row, onOpen }: { row: PgxReportRow; onOpen: () => void }) {
  return (
    <Stack gap={4} align="flex-start">
      <UnstyledButton
        onClick={onOpen}
        aria-label={reportsText('reports.detailsLabel', { drug: row.genericName, gene: row.gene })}
        c="blue.8"
        fw={600}
        td="underline"
        fz="sm"
      >
        {row.genericName}
      </UnstyledButton>
      {row.taking && <TakingBadge />}
    </Stack>
  );
}

/** A drug's phenoconversion flag is said in full on its first row of the page, and pointed to on the others. */
function PhenotypeCell({ row, firstOfDrug = true }: { row: PgxReportRow; firstOfDrug?: boolean }) {
  return (
    <Stack gap={4}>
      <Text size="sm">{textOr(row.phenotype, '-')}</Text>
      {firstOfDrug ? (
        <PhenoconversionFlags row={row} />
      ) : (
        row.phenoconversion.length > 0 && (
          <Text size="xs" c="orange.9" fw={500}>
            {reportsText('reports.phenoconversionAbove')}
          </Text>
        )
      )}
    </Stack>
  );
}

/** The id of each drug's first row on the page. */
const firstRows = (rows: PgxReportRow[]) => {
  const seen = new Set<string>();
  const out = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.genericName)) continue;
    seen.add(r.genericName);
    out.add(r.id);
  }
  return out;
};

/** A phone: one card per row with the same first fields and the way into the details. */
function RowCard({ row, onOpen, firstOfDrug }: { row: PgxReportRow; onOpen: () => void; firstOfDrug: boolean }) {
  return (
    <Paper withBorder p="sm" component="li" style={{ listStyle: 'none' }}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={700} size="sm">
            {row.genericName} · {row.gene}
          </Text>
          {row.taking && <TakingBadge />}
        </Group>
        <PhenotypeCell row={row} firstOfDrug={firstOfDrug} />
        <RecommendationText row={row} clamp={4} />
        <Text size="xs" c="gray.7">
          {[textOr(row.classification, '-'), `${reportsText('reports.col.levelOfEvidence')} ${evidenceText(row)}`, orNotStated(row.specialtyPopulation)].join(
            ' · ',
          )}
        </Text>
        <Button
          size="xs"
          variant="default"
          onClick={onOpen}
          aria-label={reportsText('reports.detailsLabel', { drug: row.genericName, gene: row.gene })}
          style={{ alignSelf: 'flex-start' }}
        >
          {reportsText('reports.details')}
        </Button>
      </Stack>
    </Paper>
  );
}

export function ReportTable({ page, pageNumber, onPage, brandNames }: Props) {
  const [open, setOpen] = useState<PgxReportRow | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');
  const pages = Math.max(1, Math.ceil(page.count / PAGE_SIZE));
  if (page.count === 0) return <Text>{reportsText('reports.results.none')}</Text>;
  const first = firstRows(page.results);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {reportsText('reports.results.count', { count: page.count })}
      </Text>
      {phone ? (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label={reportsText('reports.table')}>
          {page.results.map((r) => (
            <RowCard key={r.id} row={r} onOpen={() => setOpen(r)} firstOfDrug={first.has(r.id)} />
          ))}
        </Stack>
      ) : (
        /* Wider than the page: the region scrolls and takes keyboard focus to do so. */
        <Box component="section" tabIndex={0} aria-label={reportsText('reports.table')} style={{ overflowX: 'auto', position: 'relative' }}>
          <Table striped withTableBorder verticalSpacing="xs" fz="sm" w={WIDTH} style={{ tableLayout: 'fixed' }}>
            <Table.Thead>
              <Table.Tr>
                {[...FIRST, ...REST].map(([key, w]) => (
                  <Table.Th key={key} scope="col" w={w}>
                    {reportsText(key)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.results.map((r) => (
                <Table.Tr key={r.id} style={{ verticalAlign: 'top' }}>
                  <Table.Th scope="row" fw={600}>
                    <DrugCell row={r} onOpen={() => setOpen(r)} />
                  </Table.Th>
                  <Table.Td>{r.gene}</Table.Td>
                  <Table.Td>
                    <PhenotypeCell row={r} firstOfDrug={first.has(r.id)} />
                  </Table.Td>
                  <Table.Td>
                    <RecommendationText row={r} clamp={4} />
                  </Table.Td>
                  <Table.Td>{textOr(r.classification, '-')}</Table.Td>
                  <Table.Td>{evidenceText(r)}</Table.Td>
                  <Table.Td>{orNotStated(r.specialtyPopulation)}</Table.Td>
                  <Table.Td>{orNotStated(joined(r.category))}</Table.Td>
                  <Table.Td>{orNotStated(joined(r.class))}</Table.Td>
                  <Table.Td>{textOr(r.usName, reportsText('reports.notLoaded'))}</Table.Td>
                  <Table.Td>{textOr(r.saName, reportsText('reports.notLoaded'))}</Table.Td>
                  <Table.Td>{orNotStated(r.phenotypeCategory)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{textOr(r.variantHaplotype, '-')}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{textOr(r.sampleGenotype, '-')}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{textOr(r.genotypeAllele, '-')}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{textOr(r.refAllele, '-')}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{textOr(r.altAllele, '-')}</Table.Td>
                  <Table.Td>
                    <SpeedBadge speed={r.metabolizerSpeed} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      {pages > 1 && (
        <Group justify="flex-end">
          <Pager pages={pages} page={pageNumber} onPage={onPage} compact={phone} />
        </Group>
      )}
      <Stack gap={2}>
        {brandNames.us === 0 && (
          <Text size="xs" c="dimmed">
            {reportsText('reports.col.usName')}: {reportsText('reports.brandNote.us')}
          </Text>
        )}
        {brandNames.za === 0 && (
          <Text size="xs" c="dimmed">
            {reportsText('reports.col.saName')}: {reportsText('reports.brandNote.za')}
          </Text>
        )}
      </Stack>
      <RowDetails row={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
