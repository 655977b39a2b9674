import { useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { ConfirmInviteStatus } from '../../features/invites/components/confirm-invite-status';
import { t } from '../../i18n/i18n';

export function ConfirmInvitePage() {
  const [params] = useSearchParams();
  return (
    <Page title={t('title.confirmInvite')}>
      <ConfirmInviteStatus token={params.get('token')} />
    </Page>
  );
}
