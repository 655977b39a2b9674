import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { deferred } from '../../components/deferred';
import { FetchingIndicator } from '../../components/fetching-indicator';
import { PageLoader } from '../../components/page-loader';
import { useSystemStore } from '../../store/system-store';

// Mantine's Modal (and the scroll lock, focus trap and transitions it brings) stays out of the
// entry chunk: the modals load once the page is idle, or at once when the store first opens one.
const StoreModals = deferred(() => import('../../components/store-modals').then((m) => m.StoreModals));

/** SPEC §2: the page scrolls to the top on every route change. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Wraps every route: the store-driven modals, the fetch spinner and the lazy-page fallback. */
export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <FetchingIndicator />
      <StoreModals needed={useSystemStore((s) => s.errorModal.opened || s.successModal.opened)} />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
