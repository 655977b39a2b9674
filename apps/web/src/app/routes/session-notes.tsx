import { Loader } from '@mantine/core';
import { errorText } from '@portal/contract';
import { useParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { Page } from '../../components/page';
import { useSessionJournal } from '../../features/journals/api/get-session-journal';
import { JournalEditor, editorKey } from '../../features/journals/components/journal-editor';
import { journalsText } from '../../features/journals/messages';
import { t } from '../../i18n/i18n';

/** /sessions/:id/notes: the session's journal. */
export function SessionNotesPage() {
  const { id = '' } = useParams();
  const journal = useSessionJournal(id);
  return (
    <Page title={t('title.journal')}>
      {journal.isPending && <Loader aria-label={t('common.loading')} />}
      {journal.isError && <LoadFailed title={journalsText('journal.loadFailed')} message={errorText(journal.error)} onRetry={() => void journal.refetch()} />}
      {journal.data && <JournalEditor key={editorKey(journal.data)} sessionId={id} journal={journal.data} />}
    </Page>
  );
}
