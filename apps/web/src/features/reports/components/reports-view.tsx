import { Alert, Anchor, Button, Collapse, Group, List, Loader, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PGX_MESSAGES, errorText, notCoveredByReason, type PgxReportSummary } from '@portal/contract';
import { IconAlertTriangle, IconDownload, IconRefresh } from '@tabler/icons-react';
import { type UseMutationResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ActionLine } from '../../../components/action-line';
import { LoadFailed } from '../../../components/load-failed';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../i18n/i18n';
import { useDownloadFhir, useDownloadReportPdf } from '../api/download-report-pdf';
import { useReportReading } from '../api/get-report-reading';
import { useReportSummary } from '../api/get-report-summary';
import { useUpdateReport } from '../api/update-report';
import { pdfQuery, readReportsState, writeReportsState, type ReportsState } from '../url-state';
import { CustomFiltering } from './custom-filtering';
import { QuickView } from './quick-view';
import { SourceLink } from './recommendation';
import { SpeedBadge } from './speed-badge';
import { reportsText, type ReportMessageKey } from '../messages';

/** The Reports screen (SPEC §2): the report's provenance, its gene calls, and the two views. */
export function ReportsView({ sessionId }: { sessionId: string }) {
  const summary = useReportSummary(sessionId);
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readReportsState(params), [params]);
  // Filter edits replace the address; switching views adds a history entry.
  const update = (patch: Partial<ReportsState>, push = false) => setParams(writeReportsState({ ...state, ...patch }), { replace: !push });

  if (summary.isPending) return <PageLoader />;
  if (summary.isError) {
    return <LoadFailed title={reportsText('reports.loadFailed')} message={errorText(summary.error)} onRetry={() => void summary.refetch()} />;
  }
  const s = summary.data;
  if (!s.kit) return <Text>{reportsText('reports.noKit')}</Text>;
  if (!s.report) {
    return (
      <Stack gap="lg">
        {s.withheld ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden="true" />} title={reportsText('reports.withheld.title')}>
            <Stack gap={4}>
              <Text size="sm">{reportsText('reports.withheld')}</Text>
              <Stack gap={2} component="ul" m={0} pl="md">
                {s.withheld.map((p) => (
                  <Text size="sm" component="li" key={p} style={{ overflowWrap: 'anywhere' }}>
                    {p}
                  </Text>
                ))}
              </Stack>
            </Stack>
          </Alert>
        ) : (
          <Text>{reportsText('reports.noCalls')}</Text>
        )}
        <Group>
          <FhirButton sessionId={sessionId} sampleLabel={s.kit.sampleLabel} />
        </Group>
        <Text size="xs" c="dimmed">
          {reportsText('reports.fhirHint')}
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <ReportProvenance summary={s} />
      {s.update && <UpdateBanner sessionId={sessionId} update={s.update} />}
      <WhatToDo sessionId={sessionId} />
      <NotCovered notCovered={s.report.notCovered} />
      <Medicines medicines={s.medicines} />
      <GeneCalls genes={s.report.genes} />
      <Tabs value={String(state.view)} onChange={(v) => update({ view: v === '2' ? 2 : 1, page: 1 }, true)} keepMounted={false}>
        <Tabs.List aria-label={reportsText('reports.tabs')}>
          <Tabs.Tab value="1">{reportsText('reports.tab.quick')}</Tabs.Tab>
          <Tabs.Tab value="2">{reportsText('reports.tab.custom')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="1" pt="md">
          <QuickView sessionId={sessionId} state={state} update={update} summary={s} />
        </Tabs.Panel>
        <Tabs.Panel value="2" pt="md">
          <CustomFiltering sessionId={sessionId} state={state} update={update} summary={s} />
        </Tabs.Panel>
      </Tabs>
      <Group>
        <PdfButton sessionId={sessionId} state={state} sampleLabel={s.kit.sampleLabel} />
        <FhirButton sessionId={sessionId} sampleLabel={s.kit.sampleLabel} />
      </Group>
      <Text size="xs" c="dimmed">
        {reportsText('reports.fhirHint')}
      </Text>
      <Text size="xs" c="dimmed">
        {reportsText('reports.disclaimer')}
      </Text>
    </Stack>
  );
}

function ReportProvenance({ summary }: { summary: PgxReportSummary }) {
  const report = summary.report!;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {reportsText('reports.kb', { label: report.knowledgeBase.label })}
      </Text>
      <Text size="sm" c="dimmed">
        {reportsText('reports.kbDetail', { version: report.knowledgeBase.version, date: formatDate(report.builtAt) })}
        {report.pharmcatVersion ? ` · ${reportsText('reports.pharmcat', { version: report.pharmcatVersion })}` : ''}
      </Text>
      {report.sources.length > 0 && (
        <Text size="sm" c="dimmed">
          {reportsText('reports.sourcesUsed', { sources: report.sources.join('; ') })}
        </Text>
      )}
      <Anchor component={Link} to={paths.attributions()} size="sm" c="blue.8">
        {reportsText('reports.sources')}
      </Anchor>
    </Stack>
  );
}

/**
 * What to do, first: the Overview's action lines for this report (the server's one derivation from the
 * drug verdicts), most severe first, each opening its rows below.
 */
function WhatToDo({ sessionId }: { sessionId: string }) {
  const reading = useReportReading(sessionId, true);
  let body;
  if (reading.isPending) body = <Loader size="sm" aria-label={reportsText('reports.whatToDo.loading')} />;
  else if (reading.isError) body = <Text size="sm">{errorText(reading.error as { code?: string; message?: string })}</Text>;
  else if (reading.data.actions.length === 0) body = <Text size="sm">{reportsText('reports.whatToDo.none')}</Text>;
  else
    body = (
      <List listStyleType="none" spacing="sm" p={0} m={0}>
        {reading.data.actions.map((a) => (
          <List.Item key={`${a.kind}:${a.title}`}>
            <ActionLine sessionId={sessionId} line={a} />
          </List.Item>
        ))}
      </List>
    );
  return (
    <Stack gap={6} component="section" aria-labelledby="report-what-to-do">
      <Title order={2} size="h4" id="report-what-to-do">
        {reportsText('reports.whatToDo.heading')}
      </Title>
      {body}
    </Stack>
  );
}

/**
 * What the knowledge base cannot answer: each drug-gene pair, grouped by why, so no gap reads like
 * 'nothing to do' and no gene covered for other drugs is named as a gap.
 */
function NotCovered({ notCovered }: { notCovered: NonNullable<PgxReportSummary['report']>['notCovered'] }) {
  const [open, setOpen] = useState(false);
  const groups = notCoveredByReason(notCovered.pairs);
  const pairs = new Set(notCovered.pairs.map((p) => `${p.drug}|${p.gene}`)).size;
  return (
    <Alert color={notCovered.rows ? 'yellow' : 'gray'} variant="light" icon={<IconAlertTriangle size={20} aria-hidden="true" />} p="sm">
      <Stack gap={6}>
        <Text size="sm">{notCovered.rows ? reportsText('reports.notCovered.summary', { count: pairs }) : reportsText('reports.notCovered.none')}</Text>
        {notCovered.rows > 0 && (
          <>
            <Group>
              <Button variant="subtle" size="compact-sm" c="blue.9" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="not-covered-pairs">
                {open ? reportsText('reports.notCovered.hide') : reportsText('reports.notCovered.show')}
              </Button>
            </Group>
            <Collapse expanded={open} id="not-covered-pairs">
              {open && (
                <Stack gap={4} component="ul" m={0} pl="md">
                  {groups.map((g) => (
                    <Text size="sm" component="li" key={g.reason}>
                      <Text span fw={600} size="sm">
                        {g.reason}
                      </Text>{' '}
                      {g.drugs.join(', ')}
                    </Text>
                  ))}
                </Stack>
              )}
            </Collapse>
          </>
        )}
      </Stack>
    </Alert>
  );
}

/** The patient's current medicines as the report reads them (health questionnaire). */
function Medicines({ medicines }: { medicines: PgxReportSummary['medicines'] }) {
  return (
    <Stack gap={4} component="section" aria-labelledby="report-medicines-heading">
      <Title order={2} size="h4" id="report-medicines-heading">
        {reportsText('reports.medicines.heading')}
      </Title>
      <Text size="sm">
        {!medicines.answered
          ? reportsText('reports.medicines.unanswered')
          : medicines.taking.length
            ? reportsText('reports.medicines.taking', { names: medicines.taking.join(', ') })
            : reportsText('reports.medicines.takingNone')}
      </Text>
      {medicines.phenoconverters.map((f) => (
        <Group key={`${f.medicine}:${f.enzyme}`} gap={6} wrap="nowrap" align="flex-start">
          <IconAlertTriangle size={16} color="var(--mantine-color-orange-8)" aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
          <Text size="sm" fw={500}>
            {PGX_MESSAGES.phenoconversionAcross(f)}
            <SourceLink converter={f} />
          </Text>
        </Group>
      ))}
      {medicines.phenoconverters.length > 0 && (
        <Text size="xs" c="gray.7">
          {reportsText('reports.medicines.caveat')}
        </Text>
      )}
    </Stack>
  );
}

function UpdateBanner({ sessionId, update }: { sessionId: string; update: NonNullable<PgxReportSummary['update']> }) {
  const mutation = useUpdateReport(sessionId);
  return (
    <Alert color="yellow" variant="light" icon={<IconRefresh size={20} aria-hidden="true" />} title={reportsText('reports.update.title')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {reportsText('reports.update.text', { label: update.knowledgeBase.label, changed: update.changed, added: update.added, removed: update.removed })}
        </Text>
        <Button
          size="xs"
          loading={mutation.isPending}
          onClick={() =>
            mutation.mutate(undefined, {
              onSuccess: () => notifications.show({ color: 'green', message: reportsText('reports.update.done', { label: update.knowledgeBase.label }) }),
              onError: (e) => notifications.show({ color: 'red', message: errorText(e, reportsText('reports.update.failed')) }),
            })
          }
        >
          {reportsText('reports.update.action')}
        </Button>
      </Stack>
    </Alert>
  );
}

function GeneCalls({ genes }: { genes: NonNullable<PgxReportSummary['report']>['genes'] }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="xs">
      <Group>
        <Button variant="subtle" size="compact-sm" c="blue.9" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="gene-calls">
          {open ? reportsText('reports.genes.hide') : reportsText('reports.genes.show', { count: genes.length })}
        </Button>
      </Group>
      <Collapse expanded={open} id="gene-calls">
        {open && (
          <Table striped withTableBorder fz="sm" aria-label={reportsText('reports.genes.label')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{reportsText('reports.genes.gene')}</Table.Th>
                <Table.Th scope="col">{reportsText('reports.genes.diplotype')}</Table.Th>
                <Table.Th scope="col">{reportsText('reports.genes.phenotype')}</Table.Th>
                <Table.Th scope="col">{reportsText('reports.genes.activityScore')}</Table.Th>
                <Table.Th scope="col">{reportsText('reports.genes.speed')}</Table.Th>
                <Table.Th scope="col">{reportsText('reports.genes.source')}</Table.Th>
                <Table.Th scope="col">{reportsText('reports.genes.check')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {genes.map((g) => (
                <Table.Tr key={g.gene}>
                  <Table.Th scope="row">{g.gene}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{g.diplotype}</Table.Td>
                  <Table.Td>{g.phenotype || '-'}</Table.Td>
                  <Table.Td>{g.activityScore || '-'}</Table.Td>
                  <Table.Td>
                    <SpeedBadge speed={g.metabolizerSpeed} />
                  </Table.Td>
                  <Table.Td>{reportsText(`reports.source.${g.source}` as ReportMessageKey)}</Table.Td>
                  <Table.Td>{g.note ?? (g.check ? PGX_MESSAGES.callChecks[g.check] : '-')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Collapse>
    </Stack>
  );
}

/** A file download: loading while it is made, its failure in a toast. */
function DownloadButton({ label, failed, download }: { label: string; failed: string; download: UseMutationResult<void, Error, void> }) {
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      loading={download.isPending}
      onClick={() => download.mutate(undefined, { onError: (e) => notifications.show({ color: 'red', message: errorText(e, failed) }) })}
    >
      {label}
    </Button>
  );
}

function PdfButton({ sessionId, state, sampleLabel }: { sessionId: string; state: ReportsState; sampleLabel: string }) {
  const query = pdfQuery(state);
  const download = useDownloadReportPdf(sessionId, query ?? '', `pharmaco-report-${sampleLabel}-view${state.view}.pdf`);
  if (query === null) return null;
  return <DownloadButton label={reportsText('reports.pdf')} failed={reportsText('reports.pdfFailed')} download={download} />;
}

/** The session's results as FHIR R4, for the practice's own health record (decision 012). */
function FhirButton({ sessionId, sampleLabel }: { sessionId: string; sampleLabel: string }) {
  const download = useDownloadFhir(sessionId, `results-${sampleLabel}.fhir.json`);
  return <DownloadButton label={reportsText('reports.fhir')} failed={reportsText('reports.fhirFailed')} download={download} />;
}
