import { Page } from '../../components/page';
import { KitsTable } from '../../features/kits/components/kits-table';
import { t } from '../../i18n/i18n';

export function KitsPage() {
  return (
    <Page title={t('title.kits')}>
      <KitsTable />
    </Page>
  );
}
