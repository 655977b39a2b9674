import { Page } from '../../components/page';
import { SessionsList } from '../../features/sessions/components/sessions-list';
import { t } from '../../i18n/i18n';

export function SessionsPage() {
  return (
    <Page title={t('title.sessions')}>
      <SessionsList />
    </Page>
  );
}
