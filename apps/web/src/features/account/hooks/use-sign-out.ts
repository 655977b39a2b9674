import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { t } from '../../../i18n/i18n';
import { clearAuthCookie, readAuthCookie } from '../../../lib/auth-cookie';
import { useSessionStore } from '../../../store/session-store';
import { useUserStore } from '../../../store/user-store';
import { useLogoutMutation } from '../api/logout';

/**
 * SPEC §7: log out on the server, then (whether or not that worked) clear the cookie and local
 * storage and go to the portal home. A client-side navigation, so the failure toast stays visible.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const { mutateAsync, isPending } = useLogoutMutation();

  const signOut = useCallback(async () => {
    const pair = readAuthCookie();
    if (pair) {
      try {
        await mutateAsync(pair.refreshToken);
      } catch (error) {
        console.error('logout failed', error);
        notifications.show({ color: 'red', message: t('logout.failed') });
      }
    }
    clearAuthCookie();
    window.localStorage.clear();
    useUserStore.getState().setLoaded(false);
    useSessionStore.getState().closeSession();
    // The signed-in shell drops the cached data as it unmounts (see app-layout).
    await navigate(paths.home(), { replace: true });
  }, [mutateAsync, navigate]);

  return { signOut, isPending };
}
