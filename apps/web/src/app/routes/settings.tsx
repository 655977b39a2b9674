import { Tabs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { useMe } from '../../features/account/api/get-me';
import { usePractitionerMe } from '../../features/practitioner/api/get-practitioner-me';
import { useCategories, useLanguages, useSpecializations } from '../../features/practitioner/api/practice-lookups';
import { AcceptanceGate } from '../../features/practitioner/components/acceptance-gate';
import { ProfileImageUpload } from '../../features/practitioner/components/profile-image-upload';
import { AddressesSection } from '../../features/settings/components/addresses-section';
import { AvailabilitySection } from '../../features/settings/components/availability-section';
import { CalendarSection } from '../../features/settings/components/calendar-section';
import { NotificationsSection } from '../../features/settings/components/notifications-section';
import { PaymentSection } from '../../features/settings/components/payment-section';
import { PracticeSection } from '../../features/settings/components/practice-section';
import { ProfileSection } from '../../features/settings/components/profile-section';
import { WarehouseSection } from '../../features/settings/components/warehouse-section';
import { t } from '../../i18n/i18n';
import { settingsText, type SettingsMessageKey } from '../../features/settings/messages';

const TABS = ['profile', 'practice', 'addresses', 'availability', 'calendar', 'notifications', 'payment', 'warehouse'] as const;
type Tab = (typeof TABS)[number];
const LABELS: Record<Tab, SettingsMessageKey> = {
  profile: 'settings.tab.profile',
  practice: 'settings.tab.practice',
  addresses: 'settings.tab.addresses',
  availability: 'settings.tab.availability',
  calendar: 'settings.tab.calendar',
  notifications: 'settings.tab.notifications',
  payment: 'settings.tab.payment',
  warehouse: 'settings.tab.warehouse',
};

/**
 * /settings: profile (PUT /account/me/), practice (PUT /portal/me/, languages, specializations),
 * addresses, availability, the calendar feed (decision 012), e-mail notifications (decision 013); payment details and the warehouse need
 * an accepted practice (SPEC §4).
 * The open section is in the address (?tab=), so a reload keeps it.
 */
export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const practitioner = usePractitionerMe();
  const categories = useCategories();
  const languages = useLanguages();
  const specializations = useSpecializations();
  const requested = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'profile';

  const user = me.data;
  const p = practitioner.data;
  const name = user ? `${user.firstName} ${user.lastName}` : '';
  const ready = (loaded: boolean, node: () => ReactNode) => (loaded ? node() : <PageLoader />);

  return (
    <Page title={t('title.settings')}>
      <Tabs value={tab} onChange={(v) => v && setParams(v === 'profile' ? {} : { tab: v }, { replace: true })} keepMounted={false} variant="outline">
        <Tabs.List aria-label={settingsText('settings.tabsLabel')}>
          {TABS.map((key) => (
            <Tabs.Tab key={key} value={key}>
              {settingsText(LABELS[key])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="profile" pt="lg">
          {ready(Boolean(user), () => (
            <ProfileSection user={user!} picture={<ProfileImageUpload current={user!.profileImage} name={name} />} />
          ))}
        </Tabs.Panel>
        <Tabs.Panel value="practice" pt="lg">
          {!p ? (
            <Text>{settingsText('settings.noPractice')}</Text>
          ) : (
            ready(Boolean(categories.data && languages.data && specializations.data), () => (
              <PracticeSection practitioner={p} categories={categories.data!} languages={languages.data!} specializations={specializations.data!} />
            ))
          )}
        </Tabs.Panel>
        <Tabs.Panel value="addresses" pt="lg">
          {p ? <AddressesSection /> : <Text>{settingsText('settings.noPractice')}</Text>}
        </Tabs.Panel>
        <Tabs.Panel value="availability" pt="lg">
          {p ? <AvailabilitySection /> : <Text>{settingsText('settings.noPractice')}</Text>}
        </Tabs.Panel>
        <Tabs.Panel value="calendar" pt="lg">
          {p ? <CalendarSection /> : <Text>{settingsText('settings.noPractice')}</Text>}
        </Tabs.Panel>
        <Tabs.Panel value="notifications" pt="lg">
          {!p ? <Text>{settingsText('settings.noPractice')}</Text> : ready(Boolean(user), () => <NotificationsSection email={user!.email} />)}
        </Tabs.Panel>
        <Tabs.Panel value="payment" pt="lg">
          <AcceptanceGate practitioner={p}>
            <PaymentSection />
          </AcceptanceGate>
        </Tabs.Panel>
        <Tabs.Panel value="warehouse" pt="lg">
          <AcceptanceGate practitioner={p}>{p && <WarehouseSection practitioner={p} />}</AcceptanceGate>
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
