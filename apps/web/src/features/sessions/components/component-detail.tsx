import { Anchor, Badge, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ResultLevel } from '@portal/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { memo, useDeferredValue } from 'react';
import { Link } from 'react-router';
import { NewTabHint } from '../../../components/new-tab-hint';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';

import { useResult } from '../api/get-result';
import { useResultComponent } from '../api/get-result-component';
import { TABULAR_FIGURES } from '../../../components/tabular-figures';
import { formatPercentile, formatScore, formatShortDate } from '../format';
import type { ResultComponent } from '../types';
import { GenotypeTable } from './genotype-table';
import { CutOffCaveat, LEVEL_COLORS, LevelDisplay } from './level-display';
import { PercentileChart } from './percentile-chart';
import { PercentileExplained } from './percentile-text';
import { SyntheticDataBadge } from './result-view';
import { SectionCard } from '../../../components/section-card';
import { LoadFailed, NoDataAccess, isNotFound } from './session-gate';
import { sessionsText } from '../messages';

/** PubMed's address for a PMID, built here rather than trusted from the data. */
export const pubmedUrl = (pmid: string) => `https://pubmed.ncbi.nlm.nih.gov/${encodeURIComponent(pmid)}/`;

/** /sessions/:id/result/:resultID/components/:componentID: one component in full. */
export function ComponentView({ sessionId, resultId, componentId }: { sessionId: string; resultId: string; componentId: string }) {
  const query = useResultComponent(sessionId, resultId, componentId);
  // The answer arrives as a synchronous update; drawing the component (some hundreds of Mantine nodes)
  // in it would hold the main thread in one long task. The deferred copy is drawn in a transition,
  // which React renders in slices: until it catches up the loader stays.
  const data = useDeferredValue(query.data);
  // Only when the component answers 404: the result then tells a missing component from access that closed.
  const result = useResult(sessionId, resultId, { enabled: query.isError && isNotFound(query.error) });
  const back = (
    <Anchor component={Link} to={paths.sessionResult(sessionId, resultId)} c="blue.8" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden="true" />
        {sessionsText('sessions.component.backToResults')}
      </Group>
    </Anchor>
  );

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    if (!isNotFound(query.error)) return <LoadFailed message={sessionsText('sessions.results.loadFailed')} onRetry={() => void query.refetch()} />;
    // A 404 here is either a component that does not exist, or access that closed meanwhile.
    if (result.isPending) return <PageLoader />;
    if (result.isError && isNotFound(result.error)) return <NoDataAccess sessionId={sessionId} />;
    return (
      <Stack gap="sm" align="flex-start">
        {back}
        <Text>{sessionsText('sessions.component.notFound')}</Text>
      </Stack>
    );
  }

  if (data !== query.data) return <PageLoader />;
  return (
    <Stack gap="lg">
      {back}
      <ComponentDetail component={data.component} computedAt={data.computedAt} synthetic={data.synthetic} />
    </Stack>
  );
}

export function ComponentDetail({ component: c, computedAt, synthetic }: { component: ResultComponent; computedAt: string; synthetic: boolean }) {
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={2}>{c.title}</Title>
          {synthetic && <SyntheticDataBadge />}
        </Group>
        <LevelDisplay riskLevel={c.riskLevel} />
        <CutOffCaveat component={c} />
        <Text size="sm" c="gray.7">
          {sessionsText('sessions.results.computedAt', { date: formatShortDate(computedAt) })}
        </Text>
        <Text>{c.description}</Text>
      </Stack>
      <ComponentSections component={c} />
    </Stack>
  );
}

/** Everything below the heading, memoised: a redraw of the heading alone leaves it as it is. */
const ComponentSections = memo(function ComponentSections({ component: c }: { component: ResultComponent }) {
  const processed =
    c.riskLevel !== ResultLevel.NOT_PROCESSED &&
    c.score !== null &&
    c.minValue !== null &&
    c.maxValue !== null &&
    c.median !== null &&
    c.percentile25th !== null &&
    c.percentile75th !== null &&
    c.percentile !== null;

  return (
    <>
      {processed && (
        <SectionCard title={sessionsText('sessions.component.score')} id="component-score">
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Figure label={sessionsText('sessions.component.patientScore')} value={formatScore(c.score!)} />
            <Figure label={sessionsText('sessions.component.averageScore')} value={c.averageScore === null ? '–' : formatScore(c.averageScore)} />
            <Figure label={sessionsText('sessions.component.percentile')} value={formatPercentile(c.percentile!)} />
          </SimpleGrid>
          <Text size="sm">{sessionsText('sessions.component.scoreExplained')}</Text>
          <PercentileExplained c={{ ...c, percentile: c.percentile! }} level={c.riskLevel as 0 | 1 | 2} />
          <Title order={3} size="h5" mt="sm">
            {sessionsText('sessions.component.chart')}
          </Title>
          <PercentileChart
            color={LEVEL_COLORS[c.riskLevel as 0 | 1 | 2]}
            d={{
              score: c.score!,
              minValue: c.minValue!,
              percentile25th: c.percentile25th!,
              median: c.median!,
              percentile75th: c.percentile75th!,
              maxValue: c.maxValue!,
              averageScore: c.averageScore,
              percentile: c.percentile!,
              shareLower: c.shareLower ?? null,
              shareSame: c.shareSame ?? null,
            }}
          />
        </SectionCard>
      )}

      <SectionCard title={sessionsText('sessions.component.genotypes')} id="component-genotypes">
        <GenotypeTable rows={c.genotypes} />
        <Group gap="xl">
          <Text size="sm">
            <Text span fw={600}>
              {sessionsText('sessions.component.snps')}:
            </Text>{' '}
            {sessionsText('sessions.component.snpsValue', { called: c.numberOfSnps, total: c.totalSnps })}
          </Text>
        </Group>
        <Stack gap={4}>
          <Title order={3} size="h5">
            {sessionsText('sessions.component.genes')}
          </Title>
          {c.genes.length > 0 ? (
            <Group gap={6}>
              {c.genes.map((g) => (
                <Badge key={g} variant="outline" color="gray" c="dark.7" tt="none">
                  {g}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="gray.7">
              {sessionsText('sessions.component.noGenes')}
            </Text>
          )}
        </Stack>
      </SectionCard>

      {c.signs.length > 0 && (
        <SectionCard title={sessionsText('sessions.component.signs')} id="component-signs">
          <List size="sm" spacing={4}>
            {c.signs.map((s) => (
              <List.Item key={s}>{s}</List.Item>
            ))}
          </List>
        </SectionCard>
      )}

      <SectionCard title={sessionsText('sessions.component.recommendation')} id="component-recommendation">
        <Text size="sm">{c.recommendation}</Text>
      </SectionCard>

      {c.referencePopulation && (
        <SectionCard title={sessionsText('sessions.component.population')} id="component-population">
          <Text size="sm">{c.referencePopulation}</Text>
          <Text size="sm" c="gray.8">
            {c.ancestryCaveat}
          </Text>
        </SectionCard>
      )}

      <SectionCard title={sessionsText('sessions.component.references')} id="component-references">
        {c.references.length > 0 ? (
          <>
            <Text size="sm">{sessionsText('sessions.component.referencesIntro')}</Text>
            <List size="sm" spacing={4}>
              {c.references.map((r) => (
                <List.Item key={r.pmid}>
                  <PubmedLink pmid={r.pmid} /> {r.citation}
                  {r.basis && ` – ${sessionsText(`sessions.component.basis.${r.basis}`)}`}
                </List.Item>
              ))}
            </List>
          </>
        ) : (
          <Text size="sm" c="gray.7">
            {sessionsText('sessions.component.noReferences')}
          </Text>
        )}
      </SectionCard>

      {c.furtherReading && c.furtherReading.length > 0 && (
        <SectionCard title={sessionsText('sessions.component.furtherReading')} id="component-further-reading">
          <Text size="sm">{sessionsText('sessions.component.furtherReadingIntro', { title: c.title })}</Text>
          <List size="sm" spacing="xs">
            {c.furtherReading.map((r) => (
              <List.Item key={r.pmid}>
                <PubmedLink pmid={r.pmid} /> {r.citation}
                <Text size="sm" c="gray.8">
                  {r.reason}
                </Text>
              </List.Item>
            ))}
          </List>
        </SectionCard>
      )}

      <SectionCard title={sessionsText('sessions.component.technical')} id="component-technical">
        {c.letsGetTechnical.split(/\n{2,}/).map((paragraph, i) => (
          <Text key={i} size="sm">
            {paragraph}
          </Text>
        ))}
      </SectionCard>
    </>
  );
});

function PubmedLink({ pmid }: { pmid: string }) {
  return (
    <Anchor href={pubmedUrl(pmid)} target="_blank" rel="noopener noreferrer" c="blue.8">
      {sessionsText('sessions.component.pmid', { pmid })}
      <NewTabHint />
    </Anchor>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="gray.7" fw={500}>
        {label}
      </Text>
      <Text size="xl" fw={700} style={TABULAR_FIGURES}>
        {value}
      </Text>
    </Stack>
  );
}
