import { useLocation, useParams } from 'react-router';
import { Page } from '../../components/page';
import { AssignKitForm } from '../../features/kits/components/assign-kit-form';
import { SessionGate } from '../../features/sessions/components/session-gate';
import { SessionOverview } from '../../features/sessions/components/session-overview';
import { t } from '../../i18n/i18n';

/** /sessions/:id is 'Session Details'; the same page at /sessions/:id/ is the 'Overview' (SPEC §2). */
export function SessionPage() {
  const { pathname } = useLocation();
  const { id = '' } = useParams();
  const title = pathname.endsWith('/') ? t('title.overview') : t('title.sessionDetails');
  return (
    <Page title={title}>
      <SessionGate id={id}>{(session) => <SessionOverview session={session} assignKit={<AssignKitForm sessionId={session.id} />} />}</SessionGate>
    </Page>
  );
}
