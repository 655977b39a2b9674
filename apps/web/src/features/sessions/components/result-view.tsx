import { Anchor, Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ResultLevel } from '@portal/contract';
import { IconFlask } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';

import { useResult } from '../api/get-result';
import { useResults } from '../api/get-results';
import { formatPercentile, formatScore, formatShortDate } from '../format';
import type { ResultComponent, SwabResult } from '../types';
import { CutOffCaveat, LevelDisplay } from './level-display';
import { sharedRangeText } from './percentile-text';
import { LoadFailed, NoDataAccess, isNotFound } from './session-gate';
import { sessionsText } from '../messages';

/** A session's genotype results: the given result, or the latest one, in full. */
export function ResultsView({ sessionId, resultId }: { sessionId: string; resultId?: string }) {
  const list = useResults(sessionId);
  const chosen = resultId ?? list.data?.results[0]?.id;
  const result = useResult(sessionId, chosen);

  if (list.isPending) return <PageLoader />;
  if (list.isError) {
    if (isNotFound(list.error)) return <NoDataAccess sessionId={sessionId} />;
    return <LoadFailed message={sessionsText('sessions.results.loadFailed')} onRetry={() => void list.refetch()} />;
  }
  if (!chosen) return <Text>{sessionsText('sessions.results.none')}</Text>;

  const others = list.data.results.length > 1 && (
    <Stack gap={4}>
      <Title order={2} size="h5">
        {sessionsText('sessions.results.all')}
      </Title>
      <List size="sm">
        {list.data.results.map((r) => (
          <List.Item key={r.id}>
            <Anchor
              component={Link}
              to={paths.sessionResult(sessionId, r.id)}
              c="blue.8"
              aria-current={r.id === chosen ? 'page' : undefined}
              fw={r.id === chosen ? 700 : undefined}
            >
              {sessionsText('sessions.results.ref', { title: r.title, date: formatShortDate(r.computedAt) })}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );

  let body;
  if (result.isPending) body = <PageLoader />;
  else if (result.isError) {
    body = isNotFound(result.error) ? (
      <Text>{sessionsText('sessions.results.notFound')}</Text>
    ) : (
      <LoadFailed message={sessionsText('sessions.results.loadFailed')} onRetry={() => void result.refetch()} />
    );
  } else if (!result.data.data.swab) body = <Text>{sessionsText('sessions.results.none')}</Text>;
  else body = <SwabView sessionId={sessionId} resultId={result.data.id} computedAt={result.data.computedAt} swab={result.data.data.swab} />;

  return (
    <Stack gap="lg">
      {others}
      {body}
    </Stack>
  );
}

export function SyntheticDataBadge() {
  return (
    <Badge variant="light" color="violet" c="violet.9" tt="none" leftSection={<IconFlask size={12} aria-hidden="true" />}>
      {sessionsText('sessions.results.synthetic')}
    </Badge>
  );
}

/** The swab component: its title, then the minerals (SPEC's fixed order, as given) and the vitamins. */
export function SwabView({ sessionId, resultId, computedAt, swab }: { sessionId: string; resultId: string; computedAt: string; swab: SwabResult }) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={2}>{swab.title}</Title>
          {swab.synthetic && <SyntheticDataBadge />}
        </Group>
        <Text size="sm" c="gray.7">
          {sessionsText('sessions.results.computedAt', { date: formatShortDate(computedAt) })}
        </Text>
      </Stack>
      {(['minerals', 'vitamins'] as const).map((group) => (
        <ComponentGroup
          key={group}
          title={sessionsText(`sessions.results.${group}`)}
          id={`results-${group}`}
          components={swab[group]}
          sessionId={sessionId}
          resultId={resultId}
        />
      ))}
    </Stack>
  );
}

function ComponentGroup({
  title,
  id,
  components,
  sessionId,
  resultId,
}: {
  title: string;
  id: string;
  components: ResultComponent[];
  sessionId: string;
  resultId: string;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={3} id={id}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {components.map((c) => (
          <li key={c.componentID}>
            <ComponentCard component={c} href={paths.sessionResultComponent(sessionId, resultId, c.componentID)} />
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** One component: title (a link to its page), level as text and colour, score against the average, percentile. */
export function ComponentCard({ component: c, href }: { component: ResultComponent; href: string }) {
  const scored = c.riskLevel !== ResultLevel.NOT_PROCESSED && c.score !== null;
  return (
    <Card withBorder radius="md" padding="md" h="100%">
      <Stack gap="xs">
        <Title order={4} size="h5">
          <Anchor component={Link} to={href} c="blue.8">
            {c.title}
          </Anchor>
        </Title>
        <LevelDisplay riskLevel={c.riskLevel} size="md" />
        <CutOffCaveat component={c} />
        {scored && (
          <Stack gap={2}>
            <Text size="sm">
              {sessionsText('sessions.results.scoreVsAverage', {
                score: formatScore(c.score!),
                average: c.averageScore === null ? '–' : formatScore(c.averageScore),
              })}
            </Text>
            {c.percentile !== null && (
              <Text size="sm" c="gray.7">
                {sessionsText('sessions.results.percentile', { percentile: formatPercentile(c.percentile) })}
              </Text>
            )}
            {sharedRangeText(c) !== null && (
              <Text size="sm" c="gray.7">
                {sharedRangeText(c)}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
