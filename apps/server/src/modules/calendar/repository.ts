import { and, desc, eq } from 'drizzle-orm';
import { SessionStatus } from '@portal/contract';
import type { Db } from '../../db/client';
import { calendarFeeds, practitioners, sessions, users } from '../../db/schema';

/** The practitioner's feed, if one is active (its hash is never shown). */
export async function findFeed(db: Db, practitionerId: string) {
  const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.practitionerId, practitionerId)).limit(1);
  return row;
}

/** Creates the feed or replaces its token: the old address stops answering in the same statement. */
export async function putFeed(db: Db, practitionerId: string, tokenHash: string) {
  const createdAt = new Date();
  await db
    .insert(calendarFeeds)
    .values({ practitionerId, tokenHash, createdAt })
    .onConflictDoUpdate({ target: calendarFeeds.practitionerId, set: { tokenHash, createdAt } });
  return createdAt;
}

export async function deleteFeed(db: Db, practitionerId: string) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.practitionerId, practitionerId));
}

/** Whose feed the token's hash opens: the practitioner and their user, while that user is active (a deactivated account's feed is closed). */
export async function feedOwner(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ practitionerId: calendarFeeds.practitionerId, userId: practitioners.userId })
    .from(calendarFeeds)
    .innerJoin(practitioners, eq(practitioners.id, calendarFeeds.practitionerId))
    .innerJoin(users, eq(users.id, practitioners.userId))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), eq(users.isActive, true)))
    .limit(1);
  return row;
}

/** At most this many events in one feed, the latest bookings (a calendar app re-reads the whole feed each time). */
export const FEED_LIMIT = 5_000;

/** The practitioner's accepted sessions with what the feed may show: the patient's first name and the initial of the last. */
export async function acceptedSessions(db: Db, practitionerId: string) {
  const rows = await db
    .select({ id: sessions.id, bookingTime: sessions.bookingTime, updatedAt: sessions.updatedAt, firstName: users.firstName, lastName: users.lastName })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.patientId))
    .where(and(eq(sessions.practitionerId, practitionerId), eq(sessions.status, SessionStatus.ACCEPTED)))
    .orderBy(desc(sessions.bookingTime), desc(sessions.id))
    .limit(FEED_LIMIT);
  return rows.reverse();
}
