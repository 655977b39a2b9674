import type { PgxReportSummary } from '@portal/contract';
import { useReportRows } from '../api/get-report-rows';
import { ReportPart } from './report-part';
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
    <ReportPart id="report-results-heading" title={reportsText('reports.results.heading')} query={rows}>
      {(rowsPage) => <ReportTable page={rowsPage} pageNumber={page} onPage={onPage} brandNames={brandNames} />}
    </ReportPart>
  );
}
