import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PgxReportRow } from '@portal/contract';
import type { ReactNode } from 'react';
import { AppModal } from '../../../components/app-modal';
import { NewTabHint } from '../../../components/new-tab-hint';
import { evidenceText, joined, orNotStated, textOr } from '../format';
import { PhenoconversionFlags, RecommendationText, TakingBadge } from './recommendation';
import { SpeedBadge } from './speed-badge';
import { reportsText, type ReportMessageKey } from '../messages';

function Item({ label, children }: { label: ReportMessageKey; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" fw={600}>
        {reportsText(label)}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** Everything a report row holds: SPEC's columns, the recommendation and where it comes from. */
export function RowDetails({ row, onClose }: { row: PgxReportRow | null; onClose: () => void }) {
  return (
    <AppModal
      opened={row !== null}
      onClose={onClose}
      size="large"
      title={row ? reportsText('reports.detailsTitle', { drug: row.genericName, gene: row.gene }) : ''}
    >
      {row && (
        <Stack gap="md">
          {row.taking && <TakingBadge />}
          <PhenoconversionFlags row={row} withSource />
          <div>
            <Text fw={600}>{reportsText('reports.col.recommendation')}</Text>
            <RecommendationText row={row} withConverted={false} />
          </div>
          {row.note && (
            <Text fs="italic" role="note">
              {row.note}
            </Text>
          )}
          {row.ifPhenoconverted && (
            <div>
              <Text fw={600}>{reportsText('reports.ifPhenoconverted')}</Text>
              <Text size="sm">{row.ifPhenoconverted.recommendation}</Text>
              <Text size="sm" c="gray.7">
                {[row.ifPhenoconverted.phenotype, row.ifPhenoconverted.classification].filter(Boolean).join(' · ')}
              </Text>
              {row.ifPhenoconverted.implication && <Text size="sm">{row.ifPhenoconverted.implication}</Text>}
              {row.ifPhenoconverted.source && (
                <Text size="sm" c="gray.7">
                  {reportsText('reports.col.source')}: {row.ifPhenoconverted.source}
                </Text>
              )}
            </div>
          )}
          {!row.ifPhenoconverted && row.phenoconversion.some((f) => f.enzyme === 'CYP2D6' && f.kind === 'inhibitor' && f.strength === 'strong') && (
            <Text size="sm" fs="italic">
              {reportsText('reports.noPhenoconvertedRow')}
            </Text>
          )}
          {row.phenoconversion.length > 0 && (
            <Text size="sm" c="gray.7">
              {reportsText('reports.medicines.caveat')}
            </Text>
          )}
          {row.implication && (
            <div>
              <Text fw={600}>{reportsText('reports.col.implication')}</Text>
              <Text>{row.implication}</Text>
            </div>
          )}
          {row.comments && (
            <div>
              <Text fw={600}>{reportsText('reports.col.comments')}</Text>
              <Text size="sm">{row.comments}</Text>
            </div>
          )}
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="xs" m={0}>
            <Item label="reports.col.category">{orNotStated(joined(row.category))}</Item>
            <Item label="reports.col.class">{orNotStated(joined(row.class))}</Item>
            <Item label="reports.col.atc">{orNotStated(joined(row.atcCodes))}</Item>
            <Item label="reports.col.genericName">{row.genericName}</Item>
            <Item label="reports.col.usName">{textOr(row.usName, reportsText('reports.notLoaded'))}</Item>
            <Item label="reports.col.saName">{textOr(row.saName, reportsText('reports.notLoaded'))}</Item>
            <Item label="reports.col.gene">{row.gene}</Item>
            <Item label="reports.col.phenotype">{orNotStated(row.phenotype)}</Item>
            <Item label="reports.col.metabolizerSpeed">
              <SpeedBadge speed={row.metabolizerSpeed} />
            </Item>
            <Item label="reports.col.activityScore">{textOr(row.activityScore, '-')}</Item>
            <Item label="reports.col.classification">{textOr(row.classification, '-')}</Item>
            <Item label="reports.col.levelOfEvidence">
              {evidenceText(row)}
              {row.levelInferred ? ` — ${reportsText('reports.levelInferred')}` : ''}
            </Item>
            <Item label="reports.col.source">{textOr(row.source, '-')}</Item>
            <Item label="reports.col.phenotypeCategory">{orNotStated(row.phenotypeCategory)}</Item>
            <Item label="reports.col.specialtyPopulation">{orNotStated(row.specialtyPopulation)}</Item>
            <Item label="reports.col.diseasePhenotype">{orNotStated(row.diseasePhenotype)}</Item>
            <Item label="reports.col.sampleGenotype">{textOr(row.sampleGenotype, '-')}</Item>
            <Item label="reports.col.genotypeAllele">{textOr(row.genotypeAllele, '-')}</Item>
            <Item label="reports.col.variantHaplotype">{textOr(row.variantHaplotype, '-')}</Item>
            <Item label="reports.col.refAllele">{textOr(row.refAllele, '-')}</Item>
            <Item label="reports.col.altAllele">{textOr(row.altAllele, '-')}</Item>
            <Item label="reports.col.pmids">
              {row.pmids.length === 0 ? (
                '-'
              ) : (
                <Group component="span" gap="xs">
                  {row.pmids.map((id) => (
                    <Anchor key={id} href={`https://pubmed.ncbi.nlm.nih.gov/${id}/`} target="_blank" rel="noopener noreferrer" c="blue.8">
                      {id}
                      <NewTabHint />
                    </Anchor>
                  ))}
                </Group>
              )}
            </Item>
          </SimpleGrid>
          {row.guidelineUrl && (
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {reportsText('reports.col.guideline')}:
              </Text>
              <Anchor href={row.guidelineUrl} target="_blank" rel="noopener noreferrer" size="sm" c="blue.8">
                {row.guidelineName ?? row.guidelineUrl}
                <NewTabHint />
              </Anchor>
            </Group>
          )}
        </Stack>
      )}
    </AppModal>
  );
}
