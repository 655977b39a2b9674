import { Avatar, Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { SessionDetail } from '@portal/contract';
import { t } from '../../../i18n/i18n';
import { useSession } from '../api/get-session';
import { formatDateTime, formatShortDate, fullName } from '../format';
import { sessionsText } from '../messages';
import { SessionStatusBadge, SyntheticPatientBadge } from './session-badges';

/**
 * Whose session this is, the same on every page under /sessions/:id (the Journal included): the
 * patient's name, the session's status, booking and how to reach them. Nothing while the session
 * loads or is not found: the page itself says so.
 */
export function SessionHeader({ id }: { id: string }) {
  const session = useSession(id);
  if (!session.data) return null;
  return <PatientBanner session={session.data} />;
}

export function PatientBanner({ session }: { session: Pick<SessionDetail, 'status' | 'user' | 'bookingTime' | 'createdAt'> }) {
  const name = fullName(session.user);
  const { user } = session;
  return (
    <Paper component="section" aria-label={sessionsText('sessions.header.label', { name })} withBorder radius="md" p="sm" data-testid="session-header">
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Avatar
          src={user.profileImage}
          alt={user.profileImage ? sessionsText('sessions.overview.patientImageAlt', { name }) : undefined}
          name={name}
          size={40}
          radius="xl"
          color="blue"
          variant="filled"
        />
        {/* miw 0 lets a long e-mail address wrap inside the box instead of pushing past the screen. */}
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <SessionStatusBadge status={session.status} />
            {user.synthetic && <SyntheticPatientBadge />}
          </Group>
          <Box component="dl" m={0} style={{ display: 'flex', flexWrap: 'wrap', columnGap: 'var(--mantine-spacing-lg)', rowGap: 2 }}>
            <HeaderFact term={sessionsText('sessions.overview.booking')} value={formatDateTime(session.bookingTime)} />
            <HeaderFact term={sessionsText('sessions.overview.requestedOn')} value={formatShortDate(session.createdAt)} />
            <HeaderFact term={sessionsText('sessions.overview.email')} value={user.email} />
            <HeaderFact term={sessionsText('sessions.overview.phone')} value={user.phoneNumber ?? t('common.notSet')} />
          </Box>
        </Stack>
      </Group>
    </Paper>
  );
}

function HeaderFact({ term, value }: { term: string; value: string }) {
  return (
    <Box style={{ display: 'flex', gap: 6, minWidth: 0, maxWidth: '100%' }}>
      <Text component="dt" size="sm" c="gray.7" fw={500} style={{ flexShrink: 0 }}>
        {term}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {value}
      </Text>
    </Box>
  );
}
