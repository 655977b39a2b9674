import { Badge, Button, Checkbox, CloseButton, Group, MultiSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  CUSTOM_FILTER_KEYS,
  EVIDENCE_TO_CPIC_LEVEL,
  canGenerateDiseases,
  canGenerateResults,
  customFilterCount,
  type CustomFilterKey,
  type PgxReportSummary,
} from '@portal/contract';
import { IconPlus } from '@tabler/icons-react';
import { diseasesQuery, rowsQuery, type ReportsState } from '../url-state';
import { DiseasesList } from './diseases-list';
import { ResultsSection } from './results-section';
import { reportsText, type ReportMessageKey } from '../messages';

interface Props {
  sessionId: string;
  state: ReportsState;
  update: (patch: Partial<ReportsState>) => void;
  summary: PgxReportSummary;
}

/** Filter groups and the variables each offers. */
const GROUPS: Array<{ label: ReportMessageKey; vars: CustomFilterKey[] }> = [
  { label: 'reports.custom.group.phenotype', vars: ['phenotypeCategory', 'diseasePhenotype'] },
  { label: 'reports.custom.group.population', vars: ['specialtyPopulation'] },
  { label: 'reports.custom.group.evidence', vars: ['levelOfEvidence'] },
];

const varName = (k: CustomFilterKey) => reportsText(`reports.custom.var.${k}` as ReportMessageKey);

/**
 * View 2: add filter variables from the filter groups, configure their values, then generate
 * results (two configured at least) or diseases (three at least), as SPEC §5 sets.
 */
export function CustomFiltering({ sessionId, state, update, summary }: Props) {
  const configured = customFilterCount(state.custom);
  const resultsReady = canGenerateResults(state.custom);
  const diseasesReady = canGenerateDiseases(state.custom);

  const add = (k: CustomFilterKey) => update({ added: [...state.added, k], page: 1 });
  const remove = (k: CustomFilterKey) => update({ added: state.added.filter((x) => x !== k), custom: { ...state.custom, [k]: [] }, page: 1 });
  const setValues = (k: CustomFilterKey, values: string[]) =>
    update({ custom: { ...state.custom, [k]: k === 'levelOfEvidence' ? values.map(Number) : values }, page: 1 });

  const rows = rowsQuery(state);
  const diseases = diseasesQuery(state);

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Paper withBorder p="md" component="section" aria-labelledby="filter-groups-heading">
          <Title order={2} size="h4" id="filter-groups-heading" mb="sm">
            {reportsText('reports.custom.groups')}
          </Title>
          <Stack gap="md">
            {GROUPS.map((g) => (
              <div key={g.label}>
                <Title order={3} size="h5" mb={4}>
                  {reportsText(g.label)}
                </Title>
                <Stack gap={6}>
                  {g.vars.map((k) => {
                    const isAdded = state.added.includes(k);
                    return (
                      <Group key={k} justify="space-between" wrap="nowrap">
                        <Text size="sm">{varName(k)}</Text>
                        <Button
                          size="xs"
                          variant={isAdded ? 'default' : 'light'}
                          c={isAdded ? undefined : 'blue.9'}
                          leftSection={isAdded ? undefined : <IconPlus size={14} aria-hidden="true" />}
                          disabled={isAdded}
                          onClick={() => add(k)}
                          aria-label={
                            isAdded ? `${varName(k)}: ${reportsText('reports.custom.isAdded')}` : reportsText('reports.custom.addLabel', { name: varName(k) })
                          }
                        >
                          {isAdded ? reportsText('reports.custom.isAdded') : reportsText('reports.custom.add')}
                        </Button>
                      </Group>
                    );
                  })}
                </Stack>
              </div>
            ))}
          </Stack>
        </Paper>

        <Paper withBorder p="md" component="section" aria-labelledby="added-variables-heading">
          <Title order={2} size="h4" id="added-variables-heading" mb="sm">
            {reportsText('reports.custom.added')}
          </Title>
          {state.added.length === 0 ? (
            <Text size="sm">{reportsText('reports.custom.noneAdded')}</Text>
          ) : (
            <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {state.added.map((k) => {
                const n = state.custom[k].length;
                return (
                  <Group key={k} component="li" justify="space-between" wrap="nowrap">
                    <div>
                      <Text size="sm" fw={600}>
                        {varName(k)}
                      </Text>
                      <Badge size="sm" color={n ? 'green.2' : 'gray.2'} c="dark.9" tt="none">
                        {n ? reportsText('reports.custom.valuesChosen', { count: n }) : reportsText('reports.custom.notConfigured')}
                      </Badge>
                    </div>
                    <CloseButton onClick={() => remove(k)} aria-label={reportsText('reports.custom.remove', { name: varName(k) })} />
                  </Group>
                );
              })}
            </Stack>
          )}
        </Paper>

        <Paper withBorder p="md" component="section" aria-labelledby="configuration-heading">
          <Title order={2} size="h4" id="configuration-heading" mb="sm">
            {reportsText('reports.custom.configuration')}
          </Title>
          {state.added.length === 0 ? (
            <Text size="sm">{reportsText('reports.custom.configureFirst')}</Text>
          ) : (
            <Stack gap="md">
              {CUSTOM_FILTER_KEYS.filter((k) => state.added.includes(k)).map((k) =>
                k === 'levelOfEvidence' ? (
                  <Checkbox.Group
                    key={k}
                    label={varName(k)}
                    description={reportsText('reports.custom.levelHint')}
                    value={state.custom.levelOfEvidence.map(String)}
                    onChange={(v) => setValues(k, v)}
                  >
                    <Group gap="md" mt={6}>
                      {summary.facets.levelOfEvidence.map((l) => (
                        <Checkbox key={l} value={String(l)} label={reportsText('reports.level.option', { level: l, cpic: EVIDENCE_TO_CPIC_LEVEL[l] ?? '' })} />
                      ))}
                    </Group>
                    <Checkbox
                      mt="sm"
                      label={reportsText('reports.level.gradedOnly')}
                      description={reportsText('reports.level.gradedOnlyHint')}
                      checked={state.custom.cpicGradedOnly}
                      onChange={(e) => update({ custom: { ...state.custom, cpicGradedOnly: e.currentTarget.checked }, page: 1 })}
                    />
                  </Checkbox.Group>
                ) : (
                  <MultiSelect
                    key={k}
                    label={varName(k)}
                    data={summary.facets[k]}
                    value={state.custom[k]}
                    onChange={(v) => setValues(k, v)}
                    searchable
                    clearable
                  />
                ),
              )}
            </Stack>
          )}
        </Paper>
      </SimpleGrid>

      <Stack gap="xs">
        <Text size="sm" fw={500} aria-live="polite">
          {reportsText('reports.custom.count', { count: configured, total: CUSTOM_FILTER_KEYS.length })}
        </Text>
        <Group gap="md" align="flex-start">
          <Stack gap={4}>
            <Button
              onClick={() => update({ show: 'results', page: 1 })}
              disabled={!resultsReady}
              aria-describedby={resultsReady ? undefined : 'results-minimum'}
            >
              {reportsText('reports.custom.generateResults')}
            </Button>
            {!resultsReady && (
              <Text size="xs" id="results-minimum">
                {reportsText('reports.custom.resultsMinimum')}
              </Text>
            )}
          </Stack>
          <Stack gap={4}>
            <Button
              onClick={() => update({ show: 'diseases', page: 1 })}
              disabled={!diseasesReady}
              aria-describedby={diseasesReady ? undefined : 'diseases-minimum'}
            >
              {reportsText('reports.custom.generateDiseases')}
            </Button>
            {!diseasesReady && (
              <Text size="xs" id="diseases-minimum">
                {reportsText('reports.custom.diseasesMinimum')}
              </Text>
            )}
          </Stack>
        </Group>
      </Stack>

      {rows !== null && (
        <ResultsSection sessionId={sessionId} query={rows} page={state.page} onPage={(page) => update({ page })} brandNames={summary.brandNames} />
      )}
      {diseases !== null && <DiseasesList sessionId={sessionId} query={diseases} />}
    </Stack>
  );
}
