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
import { st } from '../messages';

interface Props {
  session: { id: string; user: { firstName: string; lastName: string } };
  size?: 'xs' | 'sm';
  /** Called once the decision is made, before the list drops the row (the list moves focus on). */
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
  // The toasts and the error modal go with the mutation, so they show even when the live update has
  // already taken this row off the list; the focus move (onDecided) only matters while it is there.
  const accept = useAcceptSession({
    onSuccess: () => notifications.show({ color: 'green', message: SESSION_STATUS_LABELS[SessionStatus.ACCEPTED] }),
    onError: (error) => showError(errorText(error, MESSAGES.acceptSessionFailed)),
  });
  const reject = useRejectSession({
    onSuccess: () => notifications.show({ color: 'gray', message: SESSION_STATUS_LABELS[SessionStatus.DECLINED] }),
    onError: (error) => showError(errorText(error, MESSAGES.declineSessionFailed)),
  });
  const [confirming, setConfirming] = useState(false);
  const name = fullName(session.user);
  const busy = accept.isPending || reject.isPending;

  const onAccept = () => accept.mutate(session.id, { onSuccess: () => onDecided?.() });

  const onReject = () =>
    reject.mutate(session.id, {
      onSuccess: () => {
        onDecided?.();
        setConfirming(false);
      },
      onError: () => setConfirming(false),
    });

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button
          size={size}
          leftSection={<IconCheck size={14} aria-hidden="true" />}
          onClick={onAccept}
          loading={accept.isPending}
          disabled={(busy && !accept.isPending) || !online}
          aria-label={st('sessions.acceptNamed', { name })}
          aria-describedby={held}
        >
          {st('sessions.accept')}
        </Button>
        <Button
          size={size}
          variant="outline"
          color="red.9"
          leftSection={<IconX size={14} aria-hidden="true" />}
          onClick={() => setConfirming(true)}
          disabled={busy || !online}
          aria-label={st('sessions.rejectNamed', { name })}
          aria-describedby={held}
        >
          {st('sessions.reject')}
        </Button>
      </Group>
      <AppModal opened={confirming} onClose={() => setConfirming(false)} size="small" title={st('sessions.reject.title')}>
        <Text>{st('sessions.reject.body', { name })}</Text>
        <OfflineHint />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={reject.isPending}>
            {st('sessions.cancel')}
          </Button>
          <Button color="red.9" onClick={onReject} loading={reject.isPending} disabled={!online} aria-describedby={held}>
            {st('sessions.reject.confirm')}
          </Button>
        </Group>
      </AppModal>
    </>
  );
}
