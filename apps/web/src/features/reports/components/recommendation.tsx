import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { PGX_ATTRIBUTION, PGX_MESSAGES, type PgxPhenoconverter, type PgxReportRow } from '@portal/contract';
import { IconAlertTriangle, IconInfoCircle, IconPill } from '@tabler/icons-react';
import { NewTabHint } from '../../../components/new-tab-hint';
import { TierBadge } from '../../../components/tier-badge';
import { formatDate } from '../../../i18n/i18n';
import { reportsText } from '../messages';

/** The patient takes this drug now: a word and an icon, the colour only repeats them. */
export function TakingBadge() {
  return (
    <Badge color="blue.1" c="blue.9" tt="none" radius="sm" leftSection={<IconPill size={14} aria-hidden="true" />}>
      {reportsText('reports.currentlyTaking')}
    </Badge>
  );
}

/**
 * ' (FDA class, read from FDA's own words; source)' after a flag: how the inhibitor's class was read,
 * and FDA's page of CYP inhibitors — never the addresses the facts were read at (phenoconversion/README.md).
 */
export function SourceLink({ converter }: { converter: PgxPhenoconverter }) {
  return (
    <>
      {` (${PGX_MESSAGES.converterBasis[converter.basis]}${converter.unresolved ? `; ${PGX_MESSAGES.converterBasis.unresolved}` : ''}; `}
      <Anchor href={converter.reference} target="_blank" rel="noopener noreferrer" c="blue.8" size="sm">
        {reportsText('reports.medicines.source')}
        <NewTabHint />
      </Anchor>
      )
    </>
  );
}

/** A medicine of the patient's that may make the effective phenotype differ from the genotype. */
export function PhenoconversionFlags({ row, withSource = false }: { row: PgxReportRow; withSource?: boolean }) {
  if (!row.phenoconversion.length) return null;
  return (
    <Stack gap={4}>
      {row.phenoconversion.map((f) => (
        <Group key={`${f.medicine}:${f.enzyme}`} gap={6} wrap="nowrap" align="flex-start">
          <IconAlertTriangle size={16} color="var(--mantine-color-orange-8)" aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
          <Text size="sm" fw={500}>
            {PGX_MESSAGES.phenoconversion(f)}
            {withSource && <SourceLink converter={f} />}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** CPIC changed the drug's recommendations after the table this row comes from. */
export function GuidelineUpdated({ row }: { row: Pick<PgxReportRow, 'guidelineUpdatedOn'> }) {
  if (!row.guidelineUpdatedOn) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconInfoCircle size={16} color="var(--mantine-color-yellow-9)" aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
      <Text size="sm" fw={500}>
        {PGX_MESSAGES.guidelineUpdated(formatDate(row.guidelineUpdatedOn))}
      </Text>
    </Group>
  );
}

/** Where a practitioner reads what the knowledge base cannot answer. */
export function GuidelineLink({ row }: { row: Pick<PgxReportRow, 'guidelineUrl' | 'guidelineName'> }) {
  return (
    <Anchor href={row.guidelineUrl ?? PGX_ATTRIBUTION.cpic.guidelinesUrl} target="_blank" rel="noopener noreferrer" size="sm" c="blue.8">
      {reportsText('reports.readGuideline')}
      <NewTabHint />
    </Anchor>
  );
}

/**
 * What the knowledge base says for a row, in three different words: CPIC's recommendation,
 * CPIC's own 'no recommendation', or not covered (read the guideline) — never a blank.
 */
export function RecommendationText({ row, clamp, withConverted = true }: { row: PgxReportRow; clamp?: number; withConverted?: boolean }) {
  return (
    <Stack gap={4} align="flex-start">
      <TierBadge tier={row.tier} size="sm" />
      {row.coverage === 'notCovered' ? (
        <>
          <Text size="sm" fw={600}>
            {reportsText('reports.notCovered')}
          </Text>
          <GuidelineLink row={row} />
        </>
      ) : (
        <>
          {row.coverage === 'noRecommendation' && (
            <Text size="sm" fw={600}>
              {reportsText('reports.cpicNoRecommendation')}
            </Text>
          )}
          <Text size="sm" lineClamp={clamp}>
            {row.recommendation}
          </Text>
        </>
      )}
      {withConverted && row.ifPhenoconverted && (
        <Text size="sm" lineClamp={clamp}>
          <Text span size="sm" fw={600}>
            {reportsText('reports.ifPhenoconverted')}:
          </Text>{' '}
          {row.ifPhenoconverted.recommendation}
        </Text>
      )}
      {withConverted &&
        !row.ifPhenoconverted &&
        row.phenoconversion.some((f) => f.enzyme === 'CYP2D6' && f.kind === 'inhibitor' && f.strength === 'strong') && (
          <Text size="sm" fs="italic">
            {reportsText('reports.noPhenoconvertedRow')}
          </Text>
        )}
      <GuidelineUpdated row={row} />
    </Stack>
  );
}
