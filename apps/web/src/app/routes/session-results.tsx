import { useParams } from 'react-router';
import { Page } from '../../components/page';
import { ResultsView } from '../../features/sessions/components/result-view';
import { SessionGate } from '../../features/sessions/components/session-gate';
import { t } from '../../i18n/i18n';

export function SessionResultsPage() {
  const { id = '' } = useParams();
  return (
    <Page title={t('title.genotypeResults')}>
      <SessionGate id={id} requireData>
        {() => <ResultsView sessionId={id} />}
      </SessionGate>
    </Page>
  );
}
