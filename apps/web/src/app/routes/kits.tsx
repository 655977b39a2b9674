import { Page } from '../../components/page';
import { KitsTable } from '../../features/kits/components/kits-table';
import { usePractitionerMe } from '../../features/practitioner/api/get-practitioner-me';
import { AcceptanceGate } from '../../features/practitioner/components/acceptance-gate';
import { t } from '../../i18n/i18n';

/** Kits come from the provider to accepted practices only (the API refuses others the same way). */
export function KitsPage() {
  const { data: practitioner } = usePractitionerMe();
  return (
    <Page title={t('title.kits')}>
      <AcceptanceGate practitioner={practitioner}>
        <KitsTable />
      </AcceptanceGate>
    </Page>
  );
}
