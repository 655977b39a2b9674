import { NotAvailable } from '../../components/not-available';
import { Page } from '../../components/page';
import { t } from '../../i18n/i18n';

export function SessionResultsPage() {
  return (
    <Page title={t('title.genotypeResults')}>
      <NotAvailable />
    </Page>
  );
}
