import { Anchor, Badge, Group, Loader, Text } from '@mantine/core';
import { errorText } from '@portal/contract';
import { Link, useLocation, useParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import { useJournal } from '../../features/journals/api/get-journal';
import { useSessionJournal } from '../../features/journals/api/get-session-journal';
import { JournalEditor, editorKey } from '../../features/journals/components/journal-editor';
import { formatDate, t } from '../../i18n/i18n';
import { journalsText } from '../../features/journals/messages';

/** /journals/:id writes in a journal; the same route with a trailing slash edits it (SPEC §2). */
export function JournalPage() {
  const { pathname } = useLocation();
  const { id = '' } = useParams();
  const title = pathname.endsWith('/') ? t('title.editJournal') : t('title.writeInJournal');
  const entry = useJournal(id);
  const sessionId = entry.data?.sessionID ?? '';
  const journal = useSessionJournal(sessionId);
  return (
    <Page title={title}>
      {(entry.isPending || (entry.data && journal.isPending)) && <Loader aria-label={t('common.loading')} />}
      {entry.isError && <LoadFailed title={journalsText('journal.loadFailed')} message={errorText(entry.error)} onRetry={() => void entry.refetch()} />}
      {entry.data && (
        <Group gap="sm">
          <Text fw={600}>
            {entry.data.session.user.firstName} {entry.data.session.user.lastName}
          </Text>
          {entry.data.session.user.synthetic && (
            <Badge variant="outline" color="gray">
              {journalsText('journals.syntheticPatient')}
            </Badge>
          )}
          <Text size="sm">{formatDate(entry.data.session.bookingTime)}</Text>
          <Anchor component={Link} to={paths.sessionOverview(sessionId)}>
            {journalsText('journal.openSession')}
          </Anchor>
        </Group>
      )}
      {journal.data && <JournalEditor key={editorKey(journal.data)} sessionId={sessionId} journal={journal.data} />}
    </Page>
  );
}
