import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MESSAGES, SESSION_STATUS_LABELS, SessionStatus, errorText } from '@portal/contract';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal';

import { useSystemStore } from '../../../store/system-store';
import { useAcceptSession } from '../api/accept-session';
import { useRejectSession } from '../api/reject-session';
import { fullName } from '../format';
import { st } from '../messages';

interface Props {
  session: { id: string; user: { firstName: string; lastName: string } };
  size?: 'xs' | 'sm';
}

/**
 * Accept and Reject for a pending request. Rejecting asks first: it cannot be undone (SPEC §4).
 * Failures show SPEC §8's texts in the error modal.
 */
export function SessionDecision({ session, size = 'xs' }: Props) {
  const showError = useSystemStore((s) => s.showError);
  const accept = useAcceptSession();
  const reject = useRejectSession();
  const [confirming, setConfirming] = useState(false);
  const name = fullName(session.user);
  const busy = accept.isPending || reject.isPending;

  const onAccept = () =>
    accept.mutate(session.id, {
      onSuccess: () => notifications.show({ color: 'green', message: SESSION_STATUS_LABELS[SessionStatus.ACCEPTED] }),
      onError: (error) => showError(errorText(error, MESSAGES.acceptSessionFailed)),
    });

  const onReject = () =>
    reject.mutate(session.id, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'gray', message: SESSION_STATUS_LABELS[SessionStatus.DECLINED] });
      },
      onError: (error) => {
        setConfirming(false);
        showError(errorText(error, MESSAGES.declineSessionFailed));
      },
    });

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button
          size={size}
          leftSection={<IconCheck size={14} aria-hidden="true" />}
          onClick={onAccept}
          loading={accept.isPending}
          disabled={busy && !accept.isPending}
          aria-label={st('sessions.acceptNamed', { name })}
        >
          {st('sessions.accept')}
        </Button>
        <Button
          size={size}
          variant="outline"
          color="red.9"
          leftSection={<IconX size={14} aria-hidden="true" />}
          onClick={() => setConfirming(true)}
          disabled={busy}
          aria-label={st('sessions.rejectNamed', { name })}
        >
          {st('sessions.reject')}
        </Button>
      </Group>
      <AppModal opened={confirming} onClose={() => setConfirming(false)} size="small" title={st('sessions.reject.title')}>
        <Text>{st('sessions.reject.body', { name })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={reject.isPending}>
            {st('sessions.cancel')}
          </Button>
          <Button color="red.9" onClick={onReject} loading={reject.isPending}>
            {st('sessions.reject.confirm')}
          </Button>
        </Group>
      </AppModal>
    </>
  );
}
