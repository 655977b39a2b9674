import { Group, Text } from '@mantine/core';
import type { SessionDetail } from '@portal/contract';
import { fullName } from '../format';
import { SessionStatusBadge, SyntheticPatientBadge } from './session-badges';

/** One line naming whose data a page shows: the patient, the session's status, synthetic or not. */
export function SessionContext({ session }: { session: Pick<SessionDetail, 'status' | 'user'> }) {
  return (
    <Group gap="sm">
      <Text fw={600}>{fullName(session.user)}</Text>
      <SessionStatusBadge status={session.status} />
      {session.user.synthetic && <SyntheticPatientBadge />}
    </Group>
  );
}
