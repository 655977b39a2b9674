import { SessionStatus } from '@portal/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { findPractitionerByUser } from '../practitioner/service';
import * as repo from './repository';

/*
 * Who may reach a session, and its patient's data. Its own file so that the modules sessions/service.ts
 * depends on (pharmacogenomics) can check access without importing that service back: of other modules
 * it imports only the practitioner's service, which imports nothing of sessions (decision 014).
 */

/** The caller's practitioner profile; without one, every session call is a 404. */
export async function practitionerOf(ctx: AppContext, userId: string) {
  const p = await findPractitionerByUser(ctx.database.db, userId);
  if (!p) throw notFound();
  return p;
}

/** The session if the caller owns it, else 404 (the same for another's id and for none). */
export async function ownedSession(ctx: AppContext, userId: string, sessionId: string) {
  const p = await practitionerOf(ctx, userId);
  const row = await repo.findOwned(ctx.database.db, p.id, sessionId);
  if (!row) throw notFound();
  return { practitioner: p, row };
}

/** Patient data is reachable only while the session is accepted and its data request confirmed. */
export const isDataAccessible = (row: repo.SummarySource) => row.session.status === SessionStatus.ACCEPTED && row.dataRequest?.status === 'confirmed';

/**
 * The session with its patient data only while it is accepted and the data request confirmed;
 * otherwise the patient's results and questionnaires are not reachable and answer 404.
 */
export async function accessibleSession(ctx: AppContext, userId: string, sessionId: string) {
  const owned = await ownedSession(ctx, userId, sessionId);
  if (!isDataAccessible(owned.row)) throw notFound();
  return owned;
}
