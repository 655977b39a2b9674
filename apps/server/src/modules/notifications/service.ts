import type { NotificationSettings, NotificationSettingsState } from '@portal/contract';
import type { AppContext } from '../../context';
import { practitionerOf } from '../sessions/access';
import { deliveryOf, digestMail, instantMail, lastDigestTime, requestsMail } from './mails';
import * as repo from './repository';
import { practiceTimeZone } from '../../lib/time-zone';

// Read by calendar: its events say the booking time as the mails do, in the practice's zone.
export { when } from './mails';

const mailSetting = (ctx: AppContext) => ({ portalUrl: ctx.env.portalUrl, locale: ctx.env.DEFAULT_LOCALE });

/** How many notifications one transaction takes at a time. */
const BATCH = 50;
/**
 * Session requests of one patient to one practitioner within this long of a mail about one fold into
 * that mail (decision 023): a burst of requests is one mail, not one each.
 */
export const REQUEST_FOLD_MS = 15 * 60_000;

/**
 * The zone a practice's mails, digest and calendar are written in, and where it comes from: chosen in
 * Settings, else named by its primary address, else the browser's at registration, else UTC.
 */
export async function practiceTimeZoneOf(ctx: AppContext, practitionerId: string) {
  const row = await repo.zoneInputs(ctx.database.db, practitionerId);
  return practiceTimeZone({
    chosen: row?.chosen ?? null,
    address: row?.countryCode ? { countryCode: row.countryCode, state: row.state, city: row.city } : null,
    browser: row?.browser ?? null,
  });
}

export async function getSettings(ctx: AppContext, userId: string): Promise<NotificationSettingsState> {
  const p = await practitionerOf(ctx, userId);
  const [row, zone] = await Promise.all([repo.findSettings(ctx.database.db, p.id), practiceTimeZoneOf(ctx, p.id)]);
  if (!row) return { ...repo.DEFAULT_SETTINGS, timeZone: zone.timeZone, timeZoneSource: zone.source, saved: false };
  const { sessionRequest, dataRequest, kitResults, feeDue } = row;
  return { sessionRequest, dataRequest, kitResults, feeDue, timeZone: zone.timeZone, timeZoneSource: zone.source, saved: true } as NotificationSettingsState;
}

export async function saveSettings(ctx: AppContext, userId: string, s: NotificationSettings): Promise<NotificationSettingsState> {
  const p = await practitionerOf(ctx, userId);
  await repo.putSettings(ctx.database.db, p.id, s);
  return { ...s, saved: true, timeZoneSource: 'chosen' };
}

/**
 * New notifications, each once: an instant one becomes a mail in the outbox, a digest one waits for
 * the morning, one turned off is skipped, all in the transaction that locked it (decision 013).
 */
export async function handleNew(ctx: AppContext, now = new Date()) {
  let handled = 0;
  for (;;) {
    const n = await ctx.database.db.transaction(async (tx) => {
      const rows = await repo.lockPending(tx, 'new', BATCH, new Date(now.getTime() - REQUEST_FOLD_MS));
      // Instant session requests by patient and practitioner: one mail for the batch's, none for
      // those a recent mail already told of.
      const requests = new Map<string, repo.Pending[]>();
      for (const row of rows) {
        const delivery = row.reachable ? deliveryOf(row) : 'off';
        if (delivery === 'instant' && row.kind === 'sessionRequest' && row.patientId) {
          if (row.foldInto) await repo.markHandled(tx, [row], 'sent', row.foldInto, now);
          else requests.set(`${row.practitionerId}:${row.patientId}`, [...(requests.get(`${row.practitionerId}:${row.patientId}`) ?? []), row]);
        } else if (delivery === 'instant') {
          const mailId = await ctx.mailer.send(instantMail(row, mailSetting(ctx)), tx);
          await repo.markHandled(tx, [row], 'sent', mailId, now);
        } else await repo.markHandled(tx, [row], delivery === 'digest' ? 'digest' : 'skipped', null, now);
      }
      for (const group of requests.values()) {
        const mailId = await ctx.mailer.send(group.length === 1 ? instantMail(group[0]!, mailSetting(ctx)) : requestsMail(group, mailSetting(ctx)), tx);
        await repo.markHandled(tx, group, 'sent', mailId, now);
      }
      return rows.length;
    });
    handled += n;
    if (n < BATCH) return handled;
  }
}

/**
 * One mail per practitioner with what waited for the digest and arrived before their latest 07:00
 * (their time zone); a kind turned off meanwhile is skipped, a kind made instant still goes here.
 */
export async function sendDigests(ctx: AppContext, now = new Date()) {
  return ctx.database.db.transaction(async (tx) => {
    const rows = await repo.lockPending(tx, 'digest', 5_000);
    const byPractitioner = new Map<string, repo.Pending[]>();
    // One boundary per time zone (Intl's formatters are costly to make), not one per row.
    const boundaries = new Map<string, Date>();
    const boundaryOf = (tz: string) => boundaries.get(tz) ?? boundaries.set(tz, lastDigestTime(now, tz)).get(tz)!;
    for (const row of rows) {
      if (row.createdAt >= boundaryOf(row.timeZone)) continue;
      const list = byPractitioner.get(row.practitionerId) ?? [];
      list.push(row);
      byPractitioner.set(row.practitionerId, list);
    }
    let mails = 0;
    for (const list of byPractitioner.values()) {
      const off = list.filter((r) => !r.reachable || deliveryOf(r) === 'off');
      const keep = list.filter((r) => !off.includes(r));
      await repo.markHandled(tx, off, 'skipped', null, now);
      if (!keep.length) continue;
      const mailId = await ctx.mailer.send(digestMail(keep, mailSetting(ctx)), tx);
      await repo.markHandled(tx, keep, 'sent', mailId, now);
      mails += 1;
    }
    return mails;
  });
}

export const addFeeReminders = (ctx: AppContext, now = new Date()) => repo.addFeeReminders(ctx.database.db, now);
