import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, useParams } from 'react-router';
import { SessionHeader } from '../../features/sessions/components/session-header';
import { useSessionStore } from '../../store/session-store';

/**
 * Every page under /sessions/:id switches the sidebar to the session's links while it is open, and
 * carries the same patient header, so no page (the Journal included) leaves the patient unnamed.
 */
export function SessionLayout() {
  const { id = '' } = useParams();
  const openSession = useSessionStore((s) => s.openSession);
  const closeSession = useSessionStore((s) => s.closeSession);
  useEffect(() => {
    if (!id) return;
    openSession(id);
    return () => closeSession();
  }, [id, openSession, closeSession]);
  return (
    <Stack gap="md">
      <SessionHeader id={id} />
      <Outlet />
    </Stack>
  );
}
