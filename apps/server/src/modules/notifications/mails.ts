import { DIGEST_HOUR, formatMoney, type NotificationDelivery } from '@portal/contract';
import { shortName } from '../../lib/names';
import type { Pending } from './repository';

/** The setting that governs a notification's kind (both answers to a data request share one). */
export function deliveryOf(n: Pending): NotificationDelivery {
  switch (n.kind) {
    case 'sessionRequest':
      return n.sessionRequest;
    case 'dataRequestConfirmed':
    case 'dataRequestDeclined':
      return n.dataRequest;
    case 'kitResults':
      return n.kitResults;
    case 'feeDue':
      return n.feeDue;
  }
}

/** "Tue, 1 Dec 2026, 10:00 (Africa/Johannesburg)": the zone named, so the reader never has to guess it. */
export function when(date: Date, timeZone: string, withTime = true) {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
  }).format(date);
  return withTime ? `${text} (${timeZone})` : text;
}

/** The UTC offset of `timeZone` at `date`, in milliseconds (Africa/Johannesburg: +2 h). */
function offsetMs(date: Date, timeZone: string) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(date)
      .map((x) => [x.type, Number(x.value)]),
  ) as Record<string, number>;
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(date.getTime() / 1000) * 1000;
}

/**
 * The latest DIGEST_HOUR:00 in `timeZone` at or before `now`: a digest sent then holds what arrived
 * before it, so something arriving at 15:00 waits for the next morning.
 */
export function lastDigestTime(now: Date, timeZone: string): Date {
  const local = new Date(now.getTime() + offsetMs(now, timeZone));
  let day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  if (local.getUTCHours() < DIGEST_HOUR) day -= 86_400_000;
  const wall = day + DIGEST_HOUR * 3_600_000;
  // The wall-clock time back to UTC, with the offset of that moment (a DST change between matters).
  const guess = wall - offsetMs(new Date(wall), timeZone);
  return new Date(wall - offsetMs(new Date(guess), timeZone));
}

const patientOf = (n: Pending) => (n.patientFirstName ? shortName(n.patientFirstName, n.patientLastName ?? '') : 'a patient');

/** One notification in words: a subject, a sentence and the page it links to. Names and times only, never results. */
/** Where links point and how amounts read (the portal's DEFAULT_LOCALE, as everywhere money is shown). */
export interface MailSetting {
  portalUrl: string;
  locale: string;
}

export function describe(n: Pending, { portalUrl, locale }: MailSetting): { subject: string; line: string; link: string } {
  const who = patientOf(n);
  const session = n.sessionId ? `${portalUrl}/sessions/${n.sessionId}` : `${portalUrl}/sessions`;
  const booked = n.bookingTime ? when(n.bookingTime, n.timeZone) : 'a time no longer on record';
  switch (n.kind) {
    case 'sessionRequest':
      return {
        subject: `New session request from ${who}`,
        line: `${who} asked for a session on ${booked}. Accept or reject the request in the portal.`,
        link: session,
      };
    case 'dataRequestConfirmed':
      return {
        subject: `${who} confirmed your data request`,
        line: `${who} confirmed your data request for the session on ${booked}: you can read their results in the portal.`,
        link: session,
      };
    case 'dataRequestDeclined':
      return {
        subject: `${who} declined your data request`,
        line: `${who} declined your data request for the session on ${booked}: their results stay closed to you.`,
        link: session,
      };
    case 'kitResults':
      return { subject: `Results available for ${who}`, line: `The results of ${who}'s kit are available for the session on ${booked}.`, link: session };
    case 'feeDue': {
      const amount = n.amountCents !== null && n.currency ? `${formatMoney(Math.abs(n.amountCents), n.currency, locale)} ` : '';
      const due = n.dueAt ? when(n.dueAt, n.timeZone, false) : 'soon';
      return {
        subject: `A data-request fee is due on ${due}`,
        line: `The data-request fee ${amount}for the session with ${who} on ${booked} is due on ${due}.`,
        link: `${portalUrl}/summary/transactions`,
      };
    }
  }
}

const footer = (portalUrl: string) =>
  [
    '',
    '--',
    'This e-mail names what happened and holds no results: sign in to the portal to read them.',
    `Choose which e-mails you get, and when, in Settings: ${portalUrl}/settings?tab=notifications`,
  ].join('\n');

export function instantMail(n: Pending, setting: MailSetting) {
  const d = describe(n, setting);
  return { to: n.email, subject: d.subject, text: [d.line, '', `Open it: ${d.link}`, footer(setting.portalUrl)].join('\n') };
}

/** One mail for a practitioner's digest rows (all theirs, oldest first). */
export function digestMail(rows: Pending[], setting: MailSetting) {
  const first = rows[0]!;
  const items = rows.map((n) => {
    const d = describe(n, setting);
    return `- ${d.line}\n  ${d.link}`;
  });
  const count = `${rows.length} ${rows.length === 1 ? 'notification' : 'notifications'}`;
  return {
    to: first.email,
    subject: `Your daily summary: ${count}`,
    text: ['What happened since your last summary, oldest first:', '', ...items, footer(setting.portalUrl)].join('\n'),
  };
}
