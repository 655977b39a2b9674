import { useParams } from 'react-router';
import { Page } from '../../components/page';
import { ReportsView } from '../../features/reports/components/reports-view';
import { SessionGate } from '../../features/sessions/components/session-gate';
import { t } from '../../i18n/i18n';

/** /sessions/:id/reports ('Pharmaco reports'): open with the patient's data only (SessionGate). */
export function SessionReportsPage() {
  const { id = '' } = useParams();
  return (
    <Page title={t('title.pharmacoReports')}>
      <SessionGate id={id} requireData>
        {() => <ReportsView sessionId={id} />}
      </SessionGate>
    </Page>
  );
}
