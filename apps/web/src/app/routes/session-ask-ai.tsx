import { useParams } from 'react-router';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import { AskAiPanel } from '../../features/ask-ai/components/ask-ai-panel';
import { t } from '../../i18n/i18n';

/** /sessions/:id/ask-ai */
export function SessionAskAiPage() {
  const { id = '' } = useParams();
  return (
    <Page title={t('title.askAi')}>
      <AskAiPanel sessionId={id} notesHref={paths.sessionNotes(id)} />
    </Page>
  );
}
