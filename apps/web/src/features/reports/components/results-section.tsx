import { Stack, Title } from '@mantine/core';
import { errorText, type PgxReportSummary } from '@portal/contract';
import { LoadFailed } from '../../../components/load-failed';
import { PageLoader } from '../../../components/page-loader';
import { useReportRows } from '../api/get-report-rows';
import { ReportTable } from './report-table';
import { reportsText } from '../messages';

interface Props {
  sessionId: string;
  query: string;
  page: number;
  onPage: (page: number) => void;
  brandNames: PgxReportSummary['brandNames'];
}

/** The rows the server selects for a view's query. */
export function ResultsSection({ sessionId, query, page, onPage, brandNames }: Props) {
  const rows = useReportRows(sessionId, query);
  return (
    <Stack gap="sm" component="section" aria-labelledby="report-results-heading">
      <Title order={2} size="h3" id="report-results-heading">
        {reportsText('reports.results.heading')}
      </Title>
      {rows.isPending ? (
        <PageLoader />
      ) : rows.isError ? (
        <LoadFailed title={reportsText('reports.loadFailed')} message={errorText(rows.error)} onRetry={() => void rows.refetch()} />
      ) : (
        <ReportTable page={rows.data} pageNumber={page} onPage={onPage} brandNames={brandNames} />
      )}
    </Stack>
  );
}
