import { eq, sql } from 'drizzle-orm';
import { FEE_REMINDER_DAYS, type NotificationDelivery, type NotificationSettings } from '@portal/contract';
import type { Db, Tx } from '../../db/client';
import { notificationSettings, notifications } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import { practiceTimeZone } from '../../lib/time-zone';

export const DEFAULT_SETTINGS: NotificationSettings = {
  sessionRequest: 'instant',
  dataRequest: 'instant',
  kitResults: 'instant',
  feeDue: 'instant',
  timeZone: 'UTC',
};

/** What a practice's time zone is made of (decision 024): the Settings choice, the primary address, the browser's at registration. */
export async function zoneInputs(db: Db, practitionerId: string) {
  const [row] = rowsOf<{ chosen: string | null; countryCode: string | null; state: string | null; city: string | null; browser: string | null }>(
    await db.execute(sql`
      select ns.time_zone as chosen, a.country_code as "countryCode", a.state, a.city, p.browser_time_zone as browser
      from practitioners p
      left join notification_settings ns on ns.practitioner_id = p.id
      left join practitioner_addresses a on a.practitioner_id = p.id and a.is_primary
      where p.id = ${practitionerId}
      limit 1`),
  );
  return row;
}

export async function findSettings(db: Db, practitionerId: string) {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.practitionerId, practitionerId)).limit(1);
  return row;
}

export async function putSettings(db: Db, practitionerId: string, s: NotificationSettings) {
  const values = { ...s, updatedAt: new Date() };
  await db
    .insert(notificationSettings)
    .values({ practitionerId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.practitionerId, set: values });
}

/** A notification with what its mail needs: where it goes, how the practitioner wants it, and the names and times it may carry. */
export interface Pending {
  id: string;
  practitionerId: string;
  kind: 'sessionRequest' | 'dataRequestConfirmed' | 'dataRequestDeclined' | 'kitResults' | 'feeDue';
  sessionId: string | null;
  createdAt: Date;
  email: string;
  /** No mail to a deactivated account or a synthetic (bench) one. */
  reachable: boolean;
  sessionRequest: NotificationDelivery;
  dataRequest: NotificationDelivery;
  kitResults: NotificationDelivery;
  feeDue: NotificationDelivery;
  /** The practice's zone, made in lockPending from the columns below it (practiceTimeZone). */
  timeZone: string;
  patientFirstName: string | null;
  patientLastName: string | null;
  bookingTime: Date | null;
  amountCents: number | null;
  currency: string | null;
  dueAt: Date | null;
  /** The session's patient (null for a notification without a session). */
  patientId: string | null;
  /**
   * For a session request: the mail that already told this practitioner of a request by the same
   * patient within the fold window (`lockPending`'s `foldSince`), which this one folds into.
   */
  foldInto: string | null;
}

/**
 * Notifications in `state`, oldest first, locked for this transaction: another server process skips
 * them (SKIP LOCKED), so each is handled by exactly one.
 */
export async function lockPending(tx: Tx, state: 'new' | 'digest', limit: number, foldSince: Date = new Date()): Promise<Pending[]> {
  return rowsOf<
    Omit<Pending, 'timeZone'> & {
      chosenTimeZone: string | null;
      countryCode: string | null;
      addressState: string | null;
      city: string | null;
      browserTimeZone: string | null;
    }
  >(
    await tx.execute(sql`
      select n.id, n.practitioner_id as "practitionerId", n.kind, n.session_id as "sessionId", n.created_at as "createdAt",
        u.email, (u.is_active and not u.synthetic) as reachable,
        coalesce(ns.session_request, 'instant') as "sessionRequest", coalesce(ns.data_request, 'instant') as "dataRequest",
        coalesce(ns.kit_results, 'instant') as "kitResults", coalesce(ns.fee_due, 'instant') as "feeDue", ns.time_zone as "chosenTimeZone",
        a.country_code as "countryCode", a.state as "addressState", a.city, p.browser_time_zone as "browserTimeZone",
        pu.first_name as "patientFirstName", pu.last_name as "patientLastName", s.booking_time as "bookingTime",
        t.amount_cents as "amountCents", t.currency, t.due_at as "dueAt", s.patient_id as "patientId",
        case when n.kind = 'sessionRequest' then (
          select o.mail_id from ${notifications} o join sessions os on os.id = o.session_id
          where o.kind = 'sessionRequest' and o.state = 'sent' and o.mail_id is not null and o.practitioner_id = n.practitioner_id
            and os.patient_id = s.patient_id and o.handled_at > ${foldSince}
          order by o.handled_at desc limit 1) end as "foldInto"
      from ${notifications} n
      join practitioners p on p.id = n.practitioner_id
      join users u on u.id = p.user_id
      left join notification_settings ns on ns.practitioner_id = n.practitioner_id
      left join practitioner_addresses a on a.practitioner_id = n.practitioner_id and a.is_primary
      left join sessions s on s.id = n.session_id
      left join users pu on pu.id = s.patient_id
      left join transactions t on t.id = n.transaction_id
      where n.state = ${state}
      order by n.created_at, n.id
      limit ${limit}
      for update of n skip locked`),
  ).map(({ chosenTimeZone, countryCode, addressState, city, browserTimeZone, ...r }) => ({
    ...r,
    timeZone: practiceTimeZone({ chosen: chosenTimeZone, address: countryCode ? { countryCode, state: addressState, city } : null, browser: browserTimeZone })
      .timeZone,
    createdAt: new Date(r.createdAt),
    bookingTime: r.bookingTime && new Date(r.bookingTime),
    dueAt: r.dueAt && new Date(r.dueAt),
  }));
}

export async function markHandled(tx: Tx, rows: readonly { id: string }[], state: 'sent' | 'digest' | 'skipped', mailId: string | null, now: Date) {
  if (!rows.length) return;
  await tx.execute(
    sql`update ${notifications} set state = ${state}, mail_id = ${mailId}, handled_at = ${now} where id in (${sql.join(
      rows.map((r) => sql`${r.id}::uuid`),
      sql`, `,
    )})`,
  );
}

/**
 * A reminder for each unpaid data-request fee falling due within FEE_REMINDER_DAYS of `now`, once per
 * fee (the unique index decides between two processes). Synthetic (bench) practices are left out.
 */
export async function addFeeReminders(db: Db, now: Date) {
  const until = new Date(now.getTime() + FEE_REMINDER_DAYS * 86_400_000);
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into ${notifications} (practitioner_id, kind, session_id, transaction_id)
      select t.practitioner_id, 'feeDue', t.session_id, t.id
      from transactions t join practitioners p on p.id = t.practitioner_id join users u on u.id = p.user_id
      where t.kind = 'data_request_fee' and t.paid_at is null and t.due_at > ${now} and t.due_at <= ${until} and not u.synthetic
      on conflict (transaction_id) where kind = 'feeDue' do nothing
      returning id`),
  );
  return rows.length;
}
