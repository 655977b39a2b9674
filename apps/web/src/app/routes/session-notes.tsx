import { Alert, Loader } from '@mantine/core';
import { errorText } from '@portal/contract';
import { useParams } from 'react-router';
import { Page } from '../../components/page';
import { useSessionJournal } from '../../features/journals/api/get-session-journal';
import { JournalEditor, editorKey } from '../../features/journals/components/journal-editor';
import { t } from '../../i18n/i18n';

/** /sessions/:id/notes: the session's journal. */
export function SessionNotesPage() {
  const { id = '' } = useParams();
  const journal = useSessionJournal(id);
  return (
    <Page title={t('title.journal')}>
      {journal.isPending && <Loader aria-label={t('common.loading')} />}
      {journal.isError && <Alert color="red">{errorText(journal.error)}</Alert>}
      {journal.data && <JournalEditor key={editorKey(journal.data)} sessionId={id} journal={journal.data} />}
    </Page>
  );
}
