import { Checkbox, MultiSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PgxReportSummary } from '@portal/contract';
import { useEffect, useEffectEvent, useState } from 'react';
import { rowsQuery, type ReportsState } from '../url-state';
import { ResultsSection } from './results-section';
import { reportsText } from '../messages';

interface Props {
  sessionId: string;
  state: ReportsState;
  update: (patch: Partial<ReportsState>) => void;
  summary: PgxReportSummary;
}

/** View 1: filter by category, class, name and the medicines taken now; nothing shows until one filter is chosen (SPEC §5). */
export function QuickView({ sessionId, state, update, summary }: Props) {
  const [name, setName] = useState(state.quick.name);
  const [typed] = useDebouncedValue(name, 300);
  // The address changes under the field too (back, a shared link): follow it. Adjusted while
  // rendering, as React advises for state that follows a prop, rather than in an effect.
  const [followed, setFollowed] = useState(state.quick.name);
  if (followed !== state.quick.name) {
    setFollowed(state.quick.name);
    setName(state.quick.name);
  }
  // Only a settled change of the text is written to the address: an effect event reads the state
  // without re-running when the address changes.
  const onSettled = useEffectEvent((value: string) => {
    if (value !== state.quick.name) update({ quick: { ...state.quick, name: value }, page: 1 });
  });
  useEffect(() => onSettled(typed.trim()), [typed]);

  const query = rowsQuery(state);
  const taking = summary.medicines.taking;
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {reportsText('reports.quick.heading')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <MultiSelect
          label={reportsText('reports.quick.category')}
          data={summary.facets.category}
          value={state.quick.category}
          onChange={(category) => update({ quick: { ...state.quick, category }, page: 1 })}
          searchable
          clearable
        />
        <MultiSelect
          label={reportsText('reports.quick.class')}
          data={summary.facets.class}
          value={state.quick.class}
          onChange={(cls) => update({ quick: { ...state.quick, class: cls }, page: 1 })}
          searchable
          clearable
        />
        <TextInput
          label={reportsText('reports.quick.name')}
          description={reportsText('reports.quick.nameHint')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={100}
        />
      </SimpleGrid>
      <Checkbox
        label={reportsText('reports.quick.taking', { count: taking.length })}
        description={
          !summary.medicines.answered
            ? reportsText('reports.quick.takingUnanswered')
            : taking.length
              ? reportsText('reports.quick.takingHint', { names: taking.join(', ') })
              : reportsText('reports.quick.takingNone')
        }
        checked={state.quick.taking}
        disabled={!taking.length && !state.quick.taking}
        onChange={(e) => update({ quick: { ...state.quick, taking: e.currentTarget.checked }, page: 1 })}
      />
      <Checkbox
        label={reportsText('reports.quick.notCovered')}
        description={reportsText('reports.quick.notCoveredHint')}
        checked={state.quick.notCovered}
        onChange={(e) => update({ quick: { ...state.quick, notCovered: e.currentTarget.checked }, page: 1 })}
      />
      {query === null ? (
        <Text fw={500} role="status">
          {reportsText('reports.quick.minimum')}
        </Text>
      ) : (
        <ResultsSection sessionId={sessionId} query={query} page={state.page} onPage={(page) => update({ page })} brandNames={summary.brandNames} />
      )}
    </Stack>
  );
}
