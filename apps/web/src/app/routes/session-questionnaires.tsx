import { useParams } from 'react-router';
import { Page } from '../../components/page';
import { QuestionnaireDetail, QuestionnaireList } from '../../features/sessions/components/questionnaires-view';
import { SessionGate } from '../../features/sessions/components/session-gate';
import { t } from '../../i18n/i18n';

/** The list, and one questionnaire under both spellings of SPEC §2 (questionnaires/:id, questionnarie/:id). */
export function SessionQuestionnairesPage() {
  const { id = '', questionnaireID, questionnarieID } = useParams();
  const one = questionnaireID ?? questionnarieID;
  return (
    <Page title={t('title.questionnaires')}>
      <SessionGate id={id} requireData>
        {() => (one ? <QuestionnaireDetail sessionId={id} questionnaireId={one} /> : <QuestionnaireList sessionId={id} />)}
      </SessionGate>
    </Page>
  );
}
