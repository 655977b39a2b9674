import { Badge } from '@mantine/core';
import { SESSION_STATUS_LABELS, type SessionStatus } from '@portal/contract';
import { IconFlask } from '@tabler/icons-react';

import { sessionsText } from '../messages';

const STATUS_COLORS: Record<SessionStatus, string> = { 1: 'blue', 2: 'green', 3: 'red', 4: 'gray' };

/** SPEC §4's status label as text; the dot's colour only repeats it. */
export function SessionStatusBadge({ status }: { status: SessionStatus }) {
  return (
    <Badge variant="dot" color={STATUS_COLORS[status]} c="dark.7" tt="none" size="md">
      {SESSION_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Demo patients are synthetic people: the portal says so wherever they appear. */
export function SyntheticPatientBadge() {
  return (
    <Badge variant="light" color="violet" c="violet.9" tt="none" size="sm" leftSection={<IconFlask size={12} aria-hidden="true" />}>
      {sessionsText('sessions.synthetic')}
    </Badge>
  );
}
