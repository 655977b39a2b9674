import { useEffect } from 'react';
import { Outlet, useParams } from 'react-router';
import { useSessionStore } from '../../store/session-store';

/** Every page under /sessions/:id switches the sidebar to the session's links while it is open. */
export function SessionLayout() {
  const { id } = useParams();
  const openSession = useSessionStore((s) => s.openSession);
  const closeSession = useSessionStore((s) => s.closeSession);
  useEffect(() => {
    if (!id) return;
    openSession(id);
    return () => closeSession();
  }, [id, openSession, closeSession]);
  return <Outlet />;
}
