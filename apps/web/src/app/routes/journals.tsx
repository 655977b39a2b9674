import { NotAvailable } from '../../components/not-available';
import { Page } from '../../components/page';
import { t } from '../../i18n/i18n';

export function JournalsPage() {
  return (
    <Page title={t('title.journals')}>
      <NotAvailable />
    </Page>
  );
}
