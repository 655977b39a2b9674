import { createHash, randomBytes } from 'node:crypto';
import ical, { ICalEventClass } from 'ical-generator';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { shortName } from '../../lib/names';
import { practiceTimeZoneOf, when } from '../notifications/service';
import { practitionerOf } from '../sessions/access';
import * as repo from './repository';

/** Sessions have no end in the data; the feed shows each as this long (decision 012). */
export const SESSION_MINUTES = 60;
/** 32 random bytes, base64url: 43 characters, nothing to guess. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const feedUrl = (ctx: AppContext, token: string) => `${ctx.env.apiBase}/calendar/${token}.ics`;

export async function feedState(ctx: AppContext, userId: string) {
  const p = await practitionerOf(ctx, userId);
  const feed = await repo.findFeed(ctx.database.db, p.id);
  return { active: Boolean(feed), createdAt: feed ? feed.createdAt.toISOString() : null };
}

/** A new private address (the old one, if any, stops answering); the token is shown this once and kept only as its hash. */
export async function regenerateFeed(ctx: AppContext, userId: string) {
  const p = await practitionerOf(ctx, userId);
  const token = randomBytes(32).toString('base64url');
  const createdAt = await repo.putFeed(ctx.database.db, p.id, hashOf(token));
  return { url: feedUrl(ctx, token), createdAt: createdAt.toISOString() };
}

export async function revokeFeed(ctx: AppContext, userId: string) {
  const p = await practitionerOf(ctx, userId);
  await repo.deleteFeed(ctx.database.db, p.id);
}

/**
 * RFC 5545 §3.1 ends every content line with CRLF, the last (`END:VCALENDAR`) too; ical-generator
 * joins its lines with CRLF but leaves the last one bare, which strict parsers refuse.
 */
function crlfEnded(text: string) {
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/**
 * The iCalendar text (RFC 5545) of the feed the token opens, with the practitioner it belongs to;
 * a token that opens none (malformed, revoked, replaced) is a 404 like any unknown address.
 */
export async function feedCalendar(ctx: AppContext, file: string) {
  const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
  if (!TOKEN.test(token)) throw notFound();
  const db = ctx.database.db;
  const owner = await repo.feedOwner(db, hashOf(token));
  if (!owner) throw notFound();
  const [rows, zone] = await Promise.all([repo.acceptedSessions(db, owner.practitionerId), practiceTimeZoneOf(ctx, owner.practitionerId)]);
  const host = new URL(ctx.env.portalUrl).host;
  const calendar = ical({
    name: 'Practitioner portal: accepted sessions',
    prodId: { company: 'practitioner-portal', product: 'sessions-feed', language: 'EN' },
    ttl: 60 * 60,
  });
  // The practice's zone (decision 024) as the calendar's own, for the apps that read it; the times
  // stay in UTC (ical-generator writes a calendar zone without a VTIMEZONE as floating local times).
  calendar.x('X-WR-TIMEZONE', zone.timeZone);
  for (const r of rows) {
    const link = `${ctx.env.portalUrl}/sessions/${r.id}`;
    calendar.createEvent({
      id: `${r.id}@${host}`,
      start: r.bookingTime,
      end: new Date(r.bookingTime.getTime() + SESSION_MINUTES * 60_000),
      stamp: r.updatedAt,
      lastModified: r.updatedAt,
      summary: `Session with ${shortName(r.firstName, r.lastName)}`,
      description: `Booked for ${when(r.bookingTime, zone.timeZone)}. Open the session in the portal: ${link}`,
      url: link,
      class: ICalEventClass.PRIVATE,
    });
  }
  return { ...owner, count: rows.length, text: crlfEnded(calendar.toString()) };
}
