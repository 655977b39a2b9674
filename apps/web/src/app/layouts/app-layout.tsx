import { Anchor, AppShell, Burger, Button, Group } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { LIMITS, MESSAGES, errorText } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useDeferredValue, useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { startLiveUpdates } from '../../features/live/live-updates';
import { Logo } from '../../components/logo';
import { NewTabHint } from '../../components/new-tab-hint';
import { OfflineNotice } from '../../components/offline-notice';
import { SkipLink, MAIN_ID } from '../../components/skip-link';
import { config } from '../../config/env';
import { PageLoader } from '../../components/page-loader';
import { paths, routes } from '../../config/paths';
import { useMe } from '../../features/account/api/get-me';
import { useSignOut } from '../../features/account/hooks/use-sign-out';
import { Sidebar } from '../../features/navigation/components/sidebar';
import { usePractitionerMe } from '../../features/practitioner/api/get-practitioner-me';
import { sessionQueryOptions } from '../../features/sessions/api/get-session';
import { fullName } from '../../features/sessions/format';
import { TermsModal } from '../../features/terms/components/terms-modal';
import { t } from '../../i18n/i18n';
import { isSignedIn } from '../../lib/auth-cookie';
import { goToSignIn } from '../../lib/sign-on';
import { useSessionStore } from '../../store/session-store';
import { useSystemStore } from '../../store/system-store';
import { useUserStore } from '../../store/user-store';

const stripSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * SPEC §4's guard for every signed-in route: no scoped token means the sign-on login (with a way
 * back here); a signed-in user without a practitioner profile, or whose profile could not be
 * loaded, goes to onboarding.
 */
export function ProtectedLayout() {
  // Subscribed to the location, so the cookie is read again on each navigation: a sign-out in another
  // tab is noticed on the next click.
  useLocation();
  const signedIn = isSignedIn();
  useEffect(() => {
    if (!signedIn) goToSignIn();
  }, [signedIn]);
  if (!signedIn) return <PageLoader />;
  return <SignedInShell />;
}

function SignedInShell() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const practitioner = usePractitionerMe();
  const showError = useSystemStore((s) => s.showError);
  const sidebarOpened = useSystemStore((s) => s.sidebarOpened);
  const toggleSidebar = useSystemStore((s) => s.toggleSidebar);
  const closeSidebar = useSystemStore((s) => s.closeSidebar);
  const setLoaded = useUserStore((s) => s.setLoaded);
  const { signOut, isPending: signingOut } = useSignOut();
  // The session-mode sidebar names the patient whose session is open (the session pages load the same query).
  const selectedSession = useSessionStore((s) => s.selectedSession);
  const openSession = useQuery({ ...sessionQueryOptions(selectedSession ?? ''), enabled: Boolean(selectedSession) });
  const sessionPatient = selectedSession && openSession.data?.id === selectedSession ? fullName(openSession.data.user) : undefined;
  // Read at the first render (this shell is never rendered on a server): a value that only arrives in an
  // effect would draw the desktop shell first on a phone, then everything again.
  const narrow = useMediaQuery(`(max-width: ${LIMITS.sidebarBreakpoint}px)`, undefined, { getInitialValueInEffect: false });
  // Stable, so the memoised sidebar is not drawn again whenever the shell is (queries settling, stores).
  const onLogout = useCallback(() => void signOut(), [signOut]);
  // The profile and the practice arrive as synchronous updates; the sidebar (a few hundred Mantine
  // nodes) takes them in a transition, which React renders in slices rather than one long task.
  const sidebarUser = useDeferredValue(me.data);
  const sidebarPractitioner = useDeferredValue(practitioner.data);
  // On a narrow screen the sidebar is off-screen and inert until the burger opens it: its links are
  // drawn the first time it opens (then kept), not while the page itself is starting.
  const [sidebarDrawn, setSidebarDrawn] = useState(false);
  if (!sidebarDrawn && (!narrow || sidebarOpened)) setSidebarDrawn(true);

  const route = stripSlash(pathname);
  const onOnboarding = route === routes.onboarding;
  // An invite is for the account, not the practice: someone without a practice yet must still be
  // able to confirm it, so this page is spared the onboarding redirect.
  const spared = onOnboarding || route === routes.confirmInvite;
  const noProfile = practitioner.isError || (practitioner.isSuccess && practitioner.data === null);
  const mustOnboard = noProfile && !spared;

  useEffect(() => {
    if (mustOnboard) void navigate(paths.onboarding(), { replace: true });
  }, [mustOnboard, navigate]);

  useEffect(() => {
    if (me.isSuccess && practitioner.isSuccess) setLoaded(true);
  }, [me.isSuccess, practitioner.isSuccess, setLoaded]);

  useEffect(() => {
    if (me.error) showError(errorText(me.error, MESSAGES.getUserFailed));
  }, [me.error, showError]);

  useEffect(() => {
    closeSidebar();
  }, [pathname, closeSidebar]);

  // What changes outside this tab (a patient's request, a kit's step) arrives by push, not polling.
  useEffect(() => {
    const live = startLiveUpdates(queryClient);
    return () => live.stop();
  }, [queryClient]);

  // Drop the signed-in user's data once the shell is gone after a sign-out. Not earlier: clearing
  // the cache under mounted queries would refetch them, now without a token.
  useEffect(
    () => () => {
      if (!isSignedIn()) queryClient.clear();
    },
    [queryClient],
  );

  const settled = !me.isPending && !practitioner.isPending;
  const ready = settled && !mustOnboard;
  const withNavbar = !onOnboarding;

  let terms = null;
  if (me.data && !me.data.tosAccepted) terms = <TermsModal key="account" kind="account" onSignOut={onLogout} signingOut={signingOut} />;
  else if (me.data && practitioner.data && !practitioner.data.tosAccepted)
    terms = <TermsModal key="portal" kind="portal" onSignOut={onLogout} signingOut={signingOut} />;

  return (
    <AppShell
      padding="md"
      header={onOnboarding || (withNavbar && narrow) ? { height: 56 } : undefined}
      navbar={
        withNavbar
          ? {
              width: LIMITS.sidebarWidth,
              // Half a pixel over, so that at every whole width either the desktop or the mobile rules apply.
              breakpoint: LIMITS.sidebarBreakpoint + 0.5,
              collapsed: { mobile: !sidebarOpened },
            }
          : undefined
      }
    >
      <SkipLink />
      {onOnboarding && (
        // Onboarding hides the sidebar (SPEC §2), not the way out: the logo home, contact and logout stay.
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
            <Anchor component={Link} to={paths.home()} aria-label={t('onboarding.home')} underline="never">
              <Logo size={28} />
            </Anchor>
            <Group gap="sm" wrap="nowrap">
              <Anchor href={config.contactUrl} target="_blank" rel="noopener noreferrer" size="sm" c="blue.8">
                {t('nav.contactUs')}
                <NewTabHint />
              </Anchor>
              <Button
                variant="subtle"
                color="dark"
                c="dark.7"
                size="compact-sm"
                leftSection={<IconLogout size={16} aria-hidden="true" />}
                onClick={onLogout}
                loading={signingOut}
              >
                {t('nav.logout')}
              </Button>
            </Group>
          </Group>
        </AppShell.Header>
      )}
      {withNavbar && narrow && (
        <AppShell.Header>
          <Group h="100%" px="md" gap="sm">
            <Burger
              opened={sidebarOpened}
              onClick={toggleSidebar}
              size="sm"
              aria-label={sidebarOpened ? t('nav.close') : t('nav.open')}
              aria-expanded={sidebarOpened}
              aria-controls="portal-sidebar"
            />
            <Logo size={28} />
          </Group>
        </AppShell.Header>
      )}
      {withNavbar && (
        <AppShell.Navbar
          id="portal-sidebar"
          aria-label={t('nav.label')}
          miw={LIMITS.sidebarMinWidth}
          // Off-screen on narrow screens until opened: keep it out of the tab order and the reading order.
          inert={narrow && !sidebarOpened}
        >
          {sidebarDrawn && (
            <Sidebar
              user={sidebarUser}
              practitioner={sidebarPractitioner}
              onLogout={onLogout}
              logoutPending={signingOut}
              sessionPatient={sessionPatient}
              onClose={narrow ? closeSidebar : undefined}
              onNavigate={closeSidebar}
            />
          )}
        </AppShell.Navbar>
      )}
      <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <OfflineNotice />
        {ready ? (
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        ) : (
          <PageLoader />
        )}
      </AppShell.Main>
      {terms}
    </AppShell>
  );
}
