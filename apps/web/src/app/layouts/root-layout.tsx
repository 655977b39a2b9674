import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorModal } from '../../components/error-modal';
import { FetchingIndicator } from '../../components/fetching-indicator';
import { PageLoader } from '../../components/page-loader';
import { SuccessModal } from '../../components/success-modal';

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
      <ErrorModal />
      <SuccessModal />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
