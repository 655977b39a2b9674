import { DIGEST_HOUR, formatMoney, type NotificationDelivery } from '@portal/contract';
import { shortName } from '../../lib/names';
import { composeMail, notificationSettingsUrl, type Mail, type MailLine } from '../mail/service';
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

/** The patient's short name as inert text ("Thandi N."), or null when the session names nobody. */
const patientOf = (n: Pending) => (n.patientFirstName ? shortName(n.patientFirstName, n.patientLastName ?? '') : null);

/** Where links point and how amounts read (the portal's DEFAULT_LOCALE, as everywhere money is shown). */
export interface MailSetting {
  portalUrl: string;
  locale: string;
}

/**
 * One notification in words: a subject, a sentence, the patient's name on a line of its own and the
 * page it links to. Names and times only, never results. The name is the only text a patient wrote:
 * it is printed one-line, quoted and inert (`inertText`), never inside the sentence, so a name holding
 * "Urgent: verify at https://…" can neither start a line of the mail nor become a link.
 */
export function describe(n: Pending, { portalUrl, locale }: MailSetting): { subject: string; line: string; patient: string | null; link: string } {
  const name = patientOf(n);
  const who = name ? 'the patient named below' : 'a patient';
  const Who = name ? 'The patient named below' : 'A patient';
  const patient = name ? `Patient: "${name}"` : null;
  // The subject as before: a header is one line whatever it holds, and the name is inert text.
  const named = name ?? 'a patient';
  const session = n.sessionId ? `${portalUrl}/sessions/${n.sessionId}` : `${portalUrl}/sessions`;
  const booked = n.bookingTime ? when(n.bookingTime, n.timeZone) : 'a time no longer on record';
  switch (n.kind) {
    case 'sessionRequest':
      return {
        subject: `New session request from ${named}`,
        line: `${Who} asked for a session on ${booked}. Accept or reject the request in the portal.`,
        patient,
        link: session,
      };
    case 'dataRequestConfirmed':
      return {
        subject: `${named} confirmed your data request`,
        line: `${Who} confirmed your data request for the session on ${booked}: you can read their results in the portal.`,
        patient,
        link: session,
      };
    case 'dataRequestDeclined':
      return {
        subject: `${named} declined your data request`,
        line: `${Who} declined your data request for the session on ${booked}: their results stay closed to you.`,
        patient,
        link: session,
      };
    case 'kitResults':
      return {
        subject: `Results available for ${named}`,
        line: `The results of ${who}'s kit are available for the session on ${booked}.`,
        patient,
        link: session,
      };
    case 'feeDue': {
      const amount = n.amountCents !== null && n.currency ? `${formatMoney(Math.abs(n.amountCents), n.currency, locale)} ` : '';
      const due = n.dueAt ? when(n.dueAt, n.timeZone, false) : 'soon';
      return {
        subject: `A data-request fee is due on ${due}`,
        line: `The data-request fee ${amount}for the session with ${who} on ${booked} is due on ${due}.`,
        patient,
        link: `${portalUrl}/summary/transactions`,
      };
    }
  }
}

const footer = (portalUrl: string): MailLine[] => [
  '',
  '--',
  'This e-mail names what happened and holds no results: sign in to the portal to read them.',
  ['Choose which e-mails you get, and when, in Settings: ', { href: notificationSettingsUrl(portalUrl) }],
];

export function instantMail(n: Pending, setting: MailSetting): Mail {
  const d = describe(n, setting);
  return composeMail({
    to: n.email,
    subject: d.subject,
    lines: [d.line, ...(d.patient ? [d.patient] : []), '', ['Open it: ', { href: d.link }], ...footer(setting.portalUrl)],
    listUnsubscribe: notificationSettingsUrl(setting.portalUrl),
  });
}

/** One mail for several session requests of one patient to one practitioner, handled together (a burst). */
export function requestsMail(rows: Pending[], setting: MailSetting): Mail {
  const first = rows[0]!;
  const name = patientOf(first);
  const times = rows.map((n) => (n.bookingTime ? when(n.bookingTime, n.timeZone) : 'a time no longer on record'));
  return composeMail({
    to: first.email,
    subject: `New session requests from ${name ?? 'a patient'}`,
    lines: [
      `${name ? 'The patient named below' : 'A patient'} asked for ${rows.length} sessions: on ${times.join('; on ')}. Accept or reject the requests in the portal.`,
      ...(name ? [`Patient: "${name}"`] : []),
      '',
      ['Open them: ', { href: `${setting.portalUrl}/sessions` }],
      ...footer(setting.portalUrl),
    ],
    listUnsubscribe: notificationSettingsUrl(setting.portalUrl),
  });
}

/** One mail for a practitioner's digest rows (all theirs, oldest first). */
export function digestMail(rows: Pending[], setting: MailSetting): Mail {
  const first = rows[0]!;
  const items = rows.flatMap((n): MailLine[] => {
    const d = describe(n, setting);
    return [`- ${d.line}`, ...(d.patient ? [`  ${d.patient}`] : []), ['  ', { href: d.link }]];
  });
  const count = `${rows.length} ${rows.length === 1 ? 'notification' : 'notifications'}`;
  return composeMail({
    to: first.email,
    subject: `Your daily summary: ${count}`,
    lines: ['What happened since your last summary, oldest first:', '', ...items, ...footer(setting.portalUrl)],
    listUnsubscribe: notificationSettingsUrl(setting.portalUrl),
  });
}
