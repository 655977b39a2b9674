import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { errorText } from '@portal/contract';
import { useEffect, useRef } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { t } from '../../../i18n/i18n';
import { useConfirmInvite } from '../api/confirm-invite';

/** Confirms the invite once on arrival and says how it went, in words and with an icon. */
export function ConfirmInviteStatus({ token }: { token: string | null }) {
  const { mutate, data, error, isPending, isIdle } = useConfirmInvite();
  // The confirmation is a POST: send it once, even when React runs effects twice in development.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  if (!token) {
    return (
      <Alert color="red" variant="light" c="dark.8" icon={<IconAlertCircle aria-hidden="true" />}>
        {t('invite.missingToken')}
      </Alert>
    );
  }
  if (isPending || isIdle) return <PageLoader />;
  if (error) {
    return (
      <Alert color="red" variant="light" c="dark.8" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
        {errorText(error)}
      </Alert>
    );
  }
  return (
    <Alert color="green" variant="light" c="dark.8" icon={<IconCircleCheck aria-hidden="true" />} role="status">
      {data ? t('invite.confirmedShort') : null}
    </Alert>
  );
}
