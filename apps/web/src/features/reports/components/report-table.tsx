import { Box, Button, Group, Pagination, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { PgxReportRow, PgxReportSummary } from '@portal/contract';
import { useState } from 'react';
import type { RowsPage } from '../api/get-report-rows';
import { evidenceText, joined, orNotStated, textOr } from '../format';
import { PAGE_SIZE } from '../url-state';
import { RowDetails } from './row-details';
import { SpeedBadge } from './speed-badge';
import { rt } from '../messages';

interface Props {
  page: RowsPage;
  pageNumber: number;
  onPage: (page: number) => void;
  brandNames: PgxReportSummary['brandNames'];
}

/** The rows of a view with SPEC §3's columns, then what a practitioner acts on; details in a modal. */
export function ReportTable({ page, pageNumber, onPage, brandNames }: Props) {
  const [open, setOpen] = useState<PgxReportRow | null>(null);
  const pages = Math.max(1, Math.ceil(page.count / PAGE_SIZE));
  if (page.count === 0) return <Text>{rt('reports.results.none')}</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {rt('reports.results.count', { count: page.count })}
      </Text>
      {/* Wider than the page: the region scrolls and takes keyboard focus to do so. */}
      <Box component="section" tabIndex={0} aria-label={rt('reports.table')} style={{ overflowX: 'auto', position: 'relative' }}>
        <Table striped withTableBorder verticalSpacing="xs" fz="sm" miw={2100} style={{ tableLayout: 'auto' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{rt('reports.col.category')}</Table.Th>
              <Table.Th scope="col">{rt('reports.col.class')}</Table.Th>
              <Table.Th scope="col">{rt('reports.col.genericName')}</Table.Th>
              <Table.Th scope="col">{rt('reports.col.usName')}</Table.Th>
              <Table.Th scope="col">{rt('reports.col.saName')}</Table.Th>
              <Table.Th scope="col">{rt('reports.col.gene')}</Table.Th>
              <Table.Th scope="col">{rt('reports.col.phenotypeCategory')}</Table.Th>
              <Table.Th scope="col">{rt('reports.col.variantHaplotype')}</Table.Th>
              <Table.Th scope="col">{rt('reports.col.sampleGenotype')}</Table.Th>
              <Table.Th scope="col">{rt('reports.col.genotypeAllele')}</Table.Th>
              <Table.Th scope="col">{rt('reports.col.refAllele')}</Table.Th>
              <Table.Th scope="col">{rt('reports.col.altAllele')}</Table.Th>
              <Table.Th scope="col">{rt('reports.col.phenotype')}</Table.Th>
              <Table.Th scope="col">{rt('reports.col.metabolizerSpeed')}</Table.Th>
              <Table.Th scope="col">{rt('reports.col.classification')}</Table.Th>
              <Table.Th scope="col">{rt('reports.col.levelOfEvidence')}</Table.Th>
              <Table.Th scope="col">{rt('reports.col.specialtyPopulation')}</Table.Th>
              <Table.Th scope="col" miw={260}>
                {rt('reports.col.recommendation')}
              </Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>{rt('reports.details')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.results.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{orNotStated(joined(r.category))}</Table.Td>
                <Table.Td>{orNotStated(joined(r.class))}</Table.Td>
                <Table.Th scope="row" fw={600}>
                  {r.genericName}
                </Table.Th>
                <Table.Td>{textOr(r.usName, rt('reports.notLoaded'))}</Table.Td>
                <Table.Td>{textOr(r.saName, rt('reports.notLoaded'))}</Table.Td>
                <Table.Td>{r.gene}</Table.Td>
                <Table.Td>{orNotStated(r.phenotypeCategory)}</Table.Td>
                <Table.Td>{textOr(r.variantHaplotype, '-')}</Table.Td>
                <Table.Td>{textOr(r.sampleGenotype, '-')}</Table.Td>
                <Table.Td>{textOr(r.genotypeAllele, '-')}</Table.Td>
                <Table.Td>{textOr(r.refAllele, '-')}</Table.Td>
                <Table.Td>{textOr(r.altAllele, '-')}</Table.Td>
                <Table.Td>{textOr(r.phenotype, '-')}</Table.Td>
                <Table.Td>
                  <SpeedBadge speed={r.metabolizerSpeed} />
                </Table.Td>
                <Table.Td>{textOr(r.classification, '-')}</Table.Td>
                <Table.Td>{evidenceText(r)}</Table.Td>
                <Table.Td>{orNotStated(r.specialtyPopulation)}</Table.Td>
                <Table.Td>
                  {r.recommendation ? (
                    <Text size="sm" lineClamp={3}>
                      {r.recommendation}
                    </Text>
                  ) : (
                    <Text size="sm" fs="italic">
                      {r.note ?? rt('reports.noRecommendationShort')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button size="xs" variant="default" onClick={() => setOpen(r)} aria-label={rt('reports.detailsLabel', { drug: r.genericName, gene: r.gene })}>
                    {rt('reports.details')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination total={pages} value={pageNumber} onChange={onPage} aria-label={rt('reports.results.page')} />
        </Group>
      )}
      <Stack gap={2}>
        {brandNames.us === 0 && (
          <Text size="xs" c="dimmed">
            {rt('reports.col.usName')}: {rt('reports.brandNote.us')}
          </Text>
        )}
        {brandNames.za === 0 && (
          <Text size="xs" c="dimmed">
            {rt('reports.col.saName')}: {rt('reports.brandNote.za')}
          </Text>
        )}
      </Stack>
      <RowDetails row={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
