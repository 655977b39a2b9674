import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MESSAGES, SESSION_STATUS_LABELS, SessionStatus, errorText } from '@portal/contract';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { OfflineHint } from '../../../components/offline-notice';
import { OFFLINE_NOTICE_ID, useOnline } from '../../../lib/use-online';

import { useSystemStore } from '../../../store/system-store';
import { useAcceptSession, useRejectSession } from '../api/decide-session';
import { fullName } from '../format';
import { sessionsText } from '../messages';

interface Props {
  session: { id: string; user: { firstName: string; lastName: string } };
  size?: 'xs' | 'sm';
  /** Called once the decision is made (the list moves focus on); a live update may have dropped the row already. */
  onDecided?: () => void;
}

/**
 * Accept and Reject for a pending request. Rejecting asks first: it cannot be undone (SPEC §4).
 * Failures show SPEC §8's texts in the error modal.
 */
export function SessionDecision({ session, size = 'xs', onDecided }: Props) {
  const showError = useSystemStore((s) => s.showError);
  // Offline, both are held (the shell's notice says why) rather than left spinning until the connection returns.
  const online = useOnline();
  const held = online ? undefined : OFFLINE_NOTICE_ID;
  const accept = useAcceptSession();
  const reject = useRejectSession();
  const [confirming, setConfirming] = useState(false);
  const name = fullName(session.user);
  const busy = accept.isPending || reject.isPending;

  // Through mutateAsync, not mutate's callbacks: the live update of the decision can refresh the list and
  // take this row away before the answer arrives, and TanStack Query drops mutate's callbacks once the
  // component has unmounted (the notice and the focus move were lost that way).
  const onAccept = () =>
    accept.mutateAsync(session.id).then(
      () => {
        onDecided?.();
        notifications.show({ color: 'green', message: SESSION_STATUS_LABELS[SessionStatus.ACCEPTED] });
      },
      (error: Error) => showError(errorText(error, MESSAGES.acceptSessionFailed)),
    );

  const onReject = () =>
    reject.mutateAsync(session.id).then(
      () => {
        onDecided?.();
        setConfirming(false);
        notifications.show({ color: 'gray', message: SESSION_STATUS_LABELS[SessionStatus.DECLINED] });
      },
      (error: Error) => {
        setConfirming(false);
        showError(errorText(error, MESSAGES.declineSessionFailed));
      },
    );

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button
          size={size}
          leftSection={<IconCheck size={14} aria-hidden="true" />}
          onClick={onAccept}
          loading={accept.isPending}
          disabled={(busy && !accept.isPending) || !online}
          aria-label={sessionsText('sessions.acceptNamed', { name })}
          aria-describedby={held}
        >
          {sessionsText('sessions.accept')}
        </Button>
        <Button
          size={size}
          variant="outline"
          color="red.9"
          leftSection={<IconX size={14} aria-hidden="true" />}
          onClick={() => setConfirming(true)}
          disabled={busy || !online}
          aria-label={sessionsText('sessions.rejectNamed', { name })}
          aria-describedby={held}
        >
          {sessionsText('sessions.reject')}
        </Button>
      </Group>
      <AppModal opened={confirming} onClose={() => setConfirming(false)} size="small" title={sessionsText('sessions.reject.title')}>
        <Text>{sessionsText('sessions.reject.body', { name })}</Text>
        <OfflineHint />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={reject.isPending}>
            {sessionsText('sessions.cancel')}
          </Button>
          <Button color="red.9" onClick={onReject} loading={reject.isPending} disabled={!online} aria-describedby={held}>
            {sessionsText('sessions.reject.confirm')}
          </Button>
        </Group>
      </AppModal>
    </>
  );
}
