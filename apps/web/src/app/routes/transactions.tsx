import { Page } from '../../components/page';
import { usePractitionerMe } from '../../features/practitioner/api/get-practitioner-me';
import { AcceptanceGate } from '../../features/practitioner/components/acceptance-gate';
import { TransactionsView } from '../../features/transactions/components/transactions-view';
import { t } from '../../i18n/i18n';

export function TransactionsPage() {
  const { data: practitioner } = usePractitionerMe();
  return (
    <Page title={t('title.transactions')}>
      <AcceptanceGate practitioner={practitioner}>
        <TransactionsView />
      </AcceptanceGate>
    </Page>
  );
}
