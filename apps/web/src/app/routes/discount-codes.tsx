import { Page } from '../../components/page';
import { DiscountCodesView } from '../../features/discount-codes/components/discount-codes-view';
import { usePractitionerMe } from '../../features/practitioner/api/get-practitioner-me';
import { AcceptanceGate } from '../../features/practitioner/components/acceptance-gate';
import { t } from '../../i18n/i18n';

export function DiscountCodesPage() {
  const { data: practitioner } = usePractitionerMe();
  return (
    <Page title={t('title.discountCodes')}>
      <AcceptanceGate practitioner={practitioner}>
        <DiscountCodesView />
      </AcceptanceGate>
    </Page>
  );
}
