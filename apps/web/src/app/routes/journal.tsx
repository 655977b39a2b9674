import { useLocation } from 'react-router';
import { NotAvailable } from '../../components/not-available';
import { Page } from '../../components/page';
import { t } from '../../i18n/i18n';

/** /journals/:id writes in a journal; the same route with a trailing slash edits it (SPEC §2). */
export function JournalPage() {
  const { pathname } = useLocation();
  const title = pathname.endsWith('/') ? t('title.editJournal') : t('title.writeInJournal');
  return (
    <Page title={title}>
      <NotAvailable />
    </Page>
  );
}
