import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { Highlight } from '@portal/contract';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { TierBadge } from './tier-badge';

/** The Reports page at the rows a line rests on (the drug, the gene, or the medicines taken now). */
export function actionHref(sessionId: string, report: NonNullable<Highlight['report']>) {
  const q = new URLSearchParams({ view: '1' });
  if (report.taking) q.set('taking', '1');
  if (report.name) q.set('name', report.name);
  return `${paths.sessionReports(sessionId)}?${q.toString()}`;
}

/**
 * One pharmacogenomic action line as the server words it (pharmacogenomics/highlights.ts): the tier
 * in words with its icon, the finding or medicine linked to its rows, then what to do. The Overview
 * and the Reports page's "What to do" show the same lines through this one component.
 */
export function ActionLine({ sessionId, line }: { sessionId: string; line: Highlight }) {
  const title = line.report ? (
    <Anchor component={Link} to={actionHref(sessionId, line.report)} c="blue.8" fw={500}>
      {line.title}
    </Anchor>
  ) : (
    <Text span fw={500}>
      {line.title}
    </Text>
  );
  return (
    <Stack gap={2}>
      <Group gap="sm" wrap="wrap">
        {line.tier && <TierBadge tier={line.tier} />}
        {title}
      </Group>
      <Text size="sm">{line.level}</Text>
    </Stack>
  );
}
