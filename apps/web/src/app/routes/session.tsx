import { useLocation } from 'react-router';
import { NotAvailable } from '../../components/not-available';
import { Page } from '../../components/page';
import { t } from '../../i18n/i18n';

/** /sessions/:id is 'Session Details'; the same page at /sessions/:id/ is the 'Overview' (SPEC §2). */
export function SessionPage() {
  const { pathname } = useLocation();
  const title = pathname.endsWith('/') ? t('title.overview') : t('title.sessionDetails');
  return (
    <Page title={title}>
      <NotAvailable />
    </Page>
  );
}
