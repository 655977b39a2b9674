import { NotAvailable } from '../../components/not-available';
import { Page } from '../../components/page';
import { t } from '../../i18n/i18n';

export function SessionNotesPage() {
  return (
    <Page title={t('title.journal')}>
      <NotAvailable />
    </Page>
  );
}
