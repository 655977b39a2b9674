import { Page } from '../../components/page';
import { usePractitionerMe } from '../../features/practitioner/api/get-practitioner-me';
import { AcceptanceGate } from '../../features/practitioner/components/acceptance-gate';
import { SummaryView } from '../../features/transactions/components/summary-view';
import { t } from '../../i18n/i18n';

export function SummaryPage() {
  const { data: practitioner } = usePractitionerMe();
  return (
    <Page title={t('title.summary')}>
      <AcceptanceGate practitioner={practitioner}>
        <SummaryView />
      </AcceptanceGate>
    </Page>
  );
}
