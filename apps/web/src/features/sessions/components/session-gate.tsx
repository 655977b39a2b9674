import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { LoadFailed as SharedLoadFailed } from '../../../components/load-failed';
import { SessionStatus, errorText, type SessionDetail } from '@portal/contract';
import { IconLock } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';

import { isApiError } from '../../../lib/api-client';
import { useSession } from '../api/get-session';
import { sessionsText } from '../messages';

/** The API answers 404 for another's session and for none alike; a malformed id is a 400. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

interface Props {
  id: string;
  /** The page shows the patient's data: it needs an accepted session with a confirmed data request. */
  requireData?: boolean;
  children: (session: SessionDetail) => ReactNode;
}

/** Loads the session and shows its page, a not-found state, or why the patient's data is closed. */
export function SessionGate({ id, requireData = false, children }: Props) {
  const session = useSession(id);
  const [mountedAt] = useState(Date.now);

  if (session.isPending) return <PageLoader />;
  if (session.isError) {
    if (isNotFound(session.error)) return <SessionNotFound />;
    return <LoadFailed message={errorText(session.error)} onRetry={() => void session.refetch()} />;
  }
  if (requireData && !session.data.readiness.dataAccessible) {
    // A cached answer from before this page opened may be out of date (the patient confirmed since).
    if (session.isFetching && session.dataUpdatedAt < mountedAt) return <PageLoader />;
    return <NoDataAccess sessionId={id} session={session.data} />;
  }
  return <>{children(session.data)}</>;
}

export function SessionNotFound() {
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={2} size="h3">
        {sessionsText('sessions.access.notFound.heading')}
      </Title>
      <Text>{sessionsText('sessions.access.notFound.text')}</Text>
      <Button component={Link} to={paths.sessions()} variant="light" c="blue.9">
        {sessionsText('sessions.access.backToSessions')}
      </Button>
    </Stack>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return <SharedLoadFailed title={sessionsText('sessions.access.loadFailed')} message={message} onRetry={onRetry} />;
}

/** Why this session's data is closed right now, in one sentence. */
export function closedReason(session: Pick<SessionDetail, 'status' | 'dataRequest'>): string {
  switch (session.status) {
    case SessionStatus.REQUESTED:
      return sessionsText('sessions.access.noAccess.requested');
    case SessionStatus.DECLINED:
      return sessionsText('sessions.access.noAccess.declined');
    case SessionStatus.COMPLETED:
      return sessionsText('sessions.access.noAccess.completed');
    default:
      if (!session.dataRequest) return sessionsText('sessions.access.noAccess.noRequest');
      if (session.dataRequest.status === 'pending') return sessionsText('sessions.access.noAccess.pending');
      if (session.dataRequest.status === 'declined') return sessionsText('sessions.access.noAccess.dataDeclined');
      // Confirmed yet closed: it changed while the page was open.
      return sessionsText('sessions.access.noAccess.changed');
  }
}

/** Results and questionnaires open only while accepted with a confirmed data request (issue 4 §8). */
export function NoDataAccess({ sessionId, session }: { sessionId: string; session?: Pick<SessionDetail, 'status' | 'dataRequest'> }) {
  return (
    <Alert
      color="gray"
      variant="outline"
      icon={<IconLock size={20} aria-hidden="true" />}
      title={
        <Title order={2} size="h4">
          {sessionsText('sessions.access.noAccess.heading')}
        </Title>
      }
    >
      <Stack gap="xs" align="flex-start">
        {session && <Text fw={500}>{closedReason(session)}</Text>}
        <Text size="sm">{sessionsText('sessions.access.noAccess.text')}</Text>
        <Anchor component={Link} to={paths.sessionOverview(sessionId)} c="blue.8" size="sm">
          {sessionsText('sessions.access.toOverview')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
