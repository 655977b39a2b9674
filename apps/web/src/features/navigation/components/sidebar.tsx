import { Anchor, Avatar, Box, Button, CloseButton, Group, NavLink, ScrollArea, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  IconArrowLeft,
  IconBook,
  IconBuildingWarehouse,
  IconCalendarEvent,
  IconChartBar,
  IconDiscount,
  IconFileText,
  IconLayoutDashboard,
  IconLogout,
  IconMessageChatbot,
  IconNotebook,
  IconPackage,
  IconReportMedical,
  IconSchool,
  IconSettings,
  IconClipboardList,
  IconDna,
} from '@tabler/icons-react';
import { LIMITS, PractitionerStatus, type PractitionerMe, type User } from '@portal/contract';
import { memo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { config } from '../../../config/env';
import { legalPdfUrl, paths } from '../../../config/paths';
import { NewTabHint } from '../../../components/new-tab-hint';
import { t } from '../../../i18n/i18n';
import { useSessionStore } from '../../../store/session-store';

export interface SidebarProps {
  user: Pick<User, 'firstName' | 'lastName' | 'profileImage'> | null | undefined;
  practitioner: Pick<PractitionerMe, 'status' | 'warehouseID' | 'category' | 'profileImage'> | null | undefined;
  onLogout: () => void;
  logoutPending?: boolean;
  /** The name of the patient whose session is open (session mode). */
  sessionPatient?: string;
  /** Shown on narrow screens, where the sidebar covers the page. */
  onClose?: () => void;
  /** Called after a link is followed (closes the sidebar on narrow screens). */
  onNavigate?: () => void;
}

interface Item {
  label: string;
  href: string;
  icon: ReactNode;
  active: (pathname: string) => boolean;
  /** Needs an accepted practitioner (SPEC §4). */
  needsAcceptance?: boolean;
}

const icon = (Icon: typeof IconBook) => <Icon size={18} stroke={1.6} aria-hidden="true" />;
const under = (href: string) => (pathname: string) => pathname === href || pathname.startsWith(`${href}/`);

function mainItems(practitioner: SidebarProps['practitioner']): { practice: Item[]; other: Item[] } {
  const practice: Item[] = [
    { label: t('nav.summary'), href: paths.summary(), icon: icon(IconChartBar), active: under(paths.summary()), needsAcceptance: true },
    { label: t('nav.mySessions'), href: paths.sessions(), icon: icon(IconCalendarEvent), active: under(paths.sessions()) },
    { label: t('nav.course'), href: paths.course(), icon: icon(IconSchool), active: (p) => under(paths.course())(p) || under(paths.courses())(p) },
  ];
  // SPEC §6: a practitioner with a consignment warehouse gets kits through it, not this menu.
  if (!practitioner?.warehouseID) {
    practice.push({ label: t('nav.kits'), href: paths.kits(), icon: icon(IconPackage), active: under(paths.kits()) });
  }
  practice.push(
    { label: t('nav.warehousing'), href: paths.warehousing(), icon: icon(IconBuildingWarehouse), active: under(paths.warehousing()), needsAcceptance: true },
    { label: t('nav.discountCodes'), href: paths.discountCodes(), icon: icon(IconDiscount), active: under(paths.discountCodes()), needsAcceptance: true },
    { label: t('nav.settings'), href: paths.settings(), icon: icon(IconSettings), active: under(paths.settings()) },
  );
  const other: Item[] = [{ label: t('nav.journals'), href: paths.journals(), icon: icon(IconNotebook), active: under(paths.journals()) }];
  return { practice, other };
}

function sessionItems(id: string): { session: Item[]; notes: Item[] } {
  const base = `/sessions/${encodeURIComponent(id)}`;
  return {
    session: [
      { label: t('nav.overview'), href: paths.sessionOverview(id), icon: icon(IconLayoutDashboard), active: (p) => p === base || p === `${base}/` },
      {
        label: t('nav.results'),
        href: paths.sessionResults(id),
        icon: icon(IconDna),
        active: (p) => under(`${base}/results`)(p) || p.startsWith(`${base}/result/`),
      },
      { label: t('nav.reports'), href: paths.sessionReports(id), icon: icon(IconReportMedical), active: under(`${base}/reports`) },
      {
        label: t('nav.questionnaires'),
        href: paths.sessionQuestionnaires(id),
        icon: icon(IconClipboardList),
        active: (p) => under(`${base}/questionnaires`)(p) || p.startsWith(`${base}/questionnarie/`),
      },
      { label: t('nav.askAi'), href: paths.sessionAskAi(id), icon: icon(IconMessageChatbot), active: under(`${base}/ask-ai`) },
    ],
    notes: [{ label: t('nav.sessionJournal'), href: paths.sessionNotes(id), icon: icon(IconFileText), active: under(`${base}/notes`) }],
  };
}

function SectionHeading({ children }: { children: ReactNode }) {
  return (
    <Text component="h2" size="xs" fw={700} tt="uppercase" c="gray.7" px="sm" mt="md" mb={4}>
      {children}
    </Text>
  );
}

function ItemList({ items, pathname, locked, onNavigate }: { items: Item[]; pathname: string; locked: boolean; onNavigate?: () => void }) {
  return (
    <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => {
        if (locked && item.needsAcceptance) {
          // Not a link at all: nothing to follow, nothing to focus. The reason is read out.
          return (
            <li key={item.href}>
              <NavLink
                component="div"
                role="link"
                aria-disabled="true"
                label={
                  <>
                    {item.label} <VisuallyHidden>({t('nav.locked')})</VisuallyHidden>
                  </>
                }
                leftSection={item.icon}
                style={{ opacity: 0.32, cursor: 'not-allowed' }}
                data-locked
              />
            </li>
          );
        }
        const active = item.active(pathname);
        return (
          <li key={item.href}>
            <NavLink
              component={Link}
              to={item.href}
              label={item.label}
              leftSection={item.icon}
              active={active}
              variant="filled"
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            />
          </li>
        );
      })}
    </Box>
  );
}

/**
 * SPEC §2's sidebar: profile, the practice (or the open session's) links, and the footer. Memoised: the
 * signed-in shell renders again as each of its queries and stores settles, the sidebar only when its
 * own props, the address or the open session change.
 */
export const Sidebar = memo(function Sidebar({ user, practitioner, onLogout, logoutPending, sessionPatient, onClose, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const sessionSidebar = useSessionStore((s) => s.sessionSidebar);
  const selectedSession = useSessionStore((s) => s.selectedSession);
  const locked = practitioner?.status !== PractitionerStatus.ACCEPTED;
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const profileImage = practitioner?.profileImage ?? user?.profileImage ?? null;

  return (
    <Stack h="100%" gap={0}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" p="md">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar
            src={profileImage}
            alt={fullName ? t('nav.profileImageAlt', { name: fullName }) : undefined}
            name={fullName || undefined}
            variant="filled"
            color="blue"
            size={LIMITS.profileImageSize}
            radius="xl"
          />
          <Box miw={0}>
            <Text fw={600} truncate="end">
              {fullName}
            </Text>
            {practitioner?.category && (
              <Text size="sm" c="gray.7" truncate="end">
                {practitioner.category.name}
              </Text>
            )}
          </Box>
        </Group>
        {onClose && <CloseButton onClick={onClose} aria-label={t('nav.close')} />}
      </Group>

      <ScrollArea style={{ flex: 1 }} px="xs">
        {sessionSidebar && selectedSession ? (
          <>
            <NavLink component={Link} to={paths.sessions()} label={t('nav.backToSessions')} leftSection={icon(IconArrowLeft)} onClick={onNavigate} />
            <SectionHeading>{t('nav.session')}</SectionHeading>
            {sessionPatient && (
              <Text size="sm" fw={600} px="sm" mb={4} style={{ overflowWrap: 'anywhere' }} data-testid="sidebar-patient">
                {t('nav.sessionPatient', { name: sessionPatient })}
              </Text>
            )}
            <ItemList items={sessionItems(selectedSession).session} pathname={pathname} locked={false} onNavigate={onNavigate} />
            <SectionHeading>{t('nav.notes')}</SectionHeading>
            <ItemList items={sessionItems(selectedSession).notes} pathname={pathname} locked={false} onNavigate={onNavigate} />
          </>
        ) : (
          <>
            <SectionHeading>{t('nav.myPractice')}</SectionHeading>
            <ItemList items={mainItems(practitioner).practice} pathname={pathname} locked={locked} onNavigate={onNavigate} />
            <SectionHeading>{t('nav.other')}</SectionHeading>
            <ItemList items={mainItems(practitioner).other} pathname={pathname} locked={locked} onNavigate={onNavigate} />
          </>
        )}
      </ScrollArea>

      <Stack gap={6} p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Button variant="subtle" color="dark" c="dark.7" justify="flex-start" leftSection={icon(IconLogout)} onClick={onLogout} loading={logoutPending} px="xs">
          {t('nav.logout')}
        </Button>
        <Anchor href={config.contactUrl} target="_blank" rel="noopener noreferrer" size="sm" c="blue.8">
          {t('nav.contactUs')}
          <NewTabHint />
        </Anchor>
        <Anchor href={legalPdfUrl('privacy-policy')} target="_blank" rel="noopener noreferrer" size="sm" c="blue.8">
          {t('nav.privacyPolicy')}
          <NewTabHint />
        </Anchor>
        <Anchor component={Link} to={paths.termsAndConditions()} size="sm" c="blue.8" onClick={onNavigate}>
          {t('nav.termsAndConditions')}
        </Anchor>
        <Text size="xs" c="gray.7">
          {t('nav.copyright', { year: LIMITS.copyrightYear })}
        </Text>
      </Stack>
    </Stack>
  );
});
