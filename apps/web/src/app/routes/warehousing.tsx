import { Page } from '../../components/page';
import { KitsTable } from '../../features/kits/components/kits-table';
import { usePractitionerMe } from '../../features/practitioner/api/get-practitioner-me';
import { AcceptanceGate } from '../../features/practitioner/components/acceptance-gate';
import { WarehousingView } from '../../features/warehouse/components/warehousing-view';
import { t } from '../../i18n/i18n';

export function WarehousingPage() {
  const { data: practitioner } = usePractitionerMe();
  return (
    <Page title={t('title.warehousing')}>
      <AcceptanceGate practitioner={practitioner}>
        <WarehousingView kits={<KitsTable />} />
      </AcceptanceGate>
    </Page>
  );
}
