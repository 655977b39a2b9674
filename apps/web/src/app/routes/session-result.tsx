import { useParams } from 'react-router';
import { Page } from '../../components/page';
import { ComponentView } from '../../features/sessions/components/component-detail';
import { ResultsView } from '../../features/sessions/components/result-view';
import { SessionGate } from '../../features/sessions/components/session-gate';
import { t } from '../../i18n/i18n';

/**
 * 'Result': /sessions/:id/results/:resultID shows that result as the results page does;
 * /sessions/:id/result/:resultID/components/:componentID (SPEC's singular 'result') one component.
 */
export function SessionResultPage() {
  const { id = '', resultID = '', componentID } = useParams();
  return (
    <Page title={t('title.result')}>
      <SessionGate id={id} requireData>
        {() =>
          componentID ? <ComponentView sessionId={id} resultId={resultID} componentId={componentID} /> : <ResultsView sessionId={id} resultId={resultID} />
        }
      </SessionGate>
    </Page>
  );
}
