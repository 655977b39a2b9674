import { useEffect } from 'react';
import { Page } from '../../components/page';
import { usePractitionerMe } from '../../features/practitioner/api/get-practitioner-me';
import { AcceptanceGate } from '../../features/practitioner/components/acceptance-gate';
import { SummaryView } from '../../features/transactions/components/summary-view';
import { t } from '../../i18n/i18n';

/** The page 'View all transactions' opens, fetched ahead so the click shows it (and its title) at once. */
const preloadTransactions = () => import('./transactions');

export function SummaryPage() {
  const { data: practitioner } = usePractitionerMe();
  useEffect(() => {
    void preloadTransactions();
  }, []);
  return (
    <Page title={t('title.summary')}>
      <AcceptanceGate practitioner={practitioner}>
        <SummaryView />
      </AcceptanceGate>
    </Page>
  );
}
