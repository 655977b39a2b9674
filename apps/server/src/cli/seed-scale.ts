import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/sql';
import type { Audit, AuditAction, AuditCategory, PendingRow } from '../modules/audit/service';

/** The bench practitioners sign in with this password (synthetic accounts, never real people). */
export const BENCH_PASSWORD = 'Bench-password-1';
/** The practitioner the benches measure: the first one `seedScale` makes. */
export const benchPractitionerEmail = (n = 0) => `bench.doc.${n}@bench.test`;

/** Sessions per statement: big enough to be quick, small enough for PGlite's memory. */
const CHUNK = 5_000;

export interface ScaleOptions {
  /** Sessions to add. */
  sessions: number;
  /** Sessions per synthetic practitioner (the last one may have fewer); 100 unless told. */
  perPractitioner?: number;
  /** Audit rows per session, on average; 10 unless told. */
  auditPerSession?: number;
  onProgress?: (done: number) => void;
}

type Entry = [AuditAction, AuditCategory];
/** `n` looks at the session itself. */
const reads = (n: number): Entry[] => Array.from({ length: n }, () => ['read', 'session']);
/** Decided, data requested, results and questionnaires read, a journal saved. */
const worked: Entry[] = [
  ['accept', 'session'],
  ['request', 'data request'],
  ['read', 'results'],
  ['read', 'component'],
  ['read', 'questionnaires'],
  ['save', 'journal'],
];

/** One session's history, as the trail would hold it: what was read and decided, by whom (ten rows each). */
const HISTORY: Record<number, Entry[]> = {
  // requested: looked at before deciding
  1: reads(10),
  // accepted: decided, data requested, results and questionnaires read
  2: [...reads(1), ...worked.slice(0, 2), ...reads(1), ['read', 'results'], ...worked.slice(2), ...reads(1)],
  // rejected
  3: [...reads(2), ['reject', 'session'], ...reads(7)],
  // completed
  4: [...reads(1), ...worked, ['submit', 'journal'], ...reads(1), ['read', 'results']],
};

/**
 * Adds `sessions` synthetic sessions (the accounts are flagged `synthetic`) to the database with a
 * realistic spread: a quarter requested, a third accepted, a tenth rejected, the rest completed;
 * data requests and their fees on accepted and completed sessions, kit and consultation sales on
 * completed ones, a journal note on completed sessions (submitted) and on some accepted ones
 * (draft), and about `auditPerSession` audit rows per session. The sessions go to practitioners
 * `bench.doc.N@bench.test` in groups of `perPractitioner`, numbered on from those already there, so
 * running it twice adds more. Sessions and their rows are made with INSERT … SELECT over
 * generate_series; the audit rows go through the audit trail's own sealer in large batches, so they
 * extend the one hash chain and `npm run audit -- verify` holds afterwards.
 */
export async function seedScale(db: Db, audit: Audit, opts: ScaleOptions) {
  const per = opts.perPractitioner ?? 100;
  const auditPer = opts.auditPerSession ?? 10;
  const passwordHash = await hash(BENCH_PASSWORD);
  const [have] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users where email like 'bench.patient.%@bench.test'`));
  const from = have?.n ?? 0;
  const total = from + opts.sessions;
  let auditRows = 0;
  for (let start = from; start < total; start += CHUNK) {
    const end = Math.min(total, start + CHUNK);
    const firstDoc = Math.floor(start / per);
    const lastDoc = Math.floor((end - 1) / per);
    // One transaction per chunk, with the e-mail notification triggers off (decision 013): a bulk load
    // of past sessions is no news to anyone.
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('portal.notifications', 'off', true)`);
      // Practitioners this chunk needs that an earlier run or chunk has not made yet.
      await tx.execute(sql`
      with p as (
        insert into users (email, first_name, last_name, password_hash, role, synthetic)
        select 'bench.doc.' || g || '@bench.test', 'Doc', 'Bench' || g, ${passwordHash}, 'practitioner', true
        from generate_series(${firstDoc}::int, ${lastDoc}::int) g
        on conflict do nothing
        returning id
      )
      insert into practitioners (user_id, status, category_id) select id, 2, 2 from p`);
      return rowsOf<{
        id: string;
        patientId: string;
        practitionerId: string;
        actorId: string;
        status: number;
        createdAt: string | Date;
      }>(
        await tx.execute(sql`
      with pn as (
        select pr.id as practitioner_id, pr.user_id, (regexp_match(u.email, 'bench\\.doc\\.(\\d+)@'))[1]::int as n
        from users u join practitioners pr on pr.user_id = u.id
        where u.email like 'bench.doc.%@bench.test'
      ), pat as (
        insert into users (email, first_name, last_name, password_hash, role, synthetic)
        select 'bench.patient.' || g || '@bench.test', (array['Thandi','Pieter','Aisha','Lerato','Sipho','Emma','Johan','Zanele'])[1 + g % 8],
          (array['Nkosi','van Wyk','Patel','Mokoena','Dlamini','Botha','Smit','Khumalo','Naidoo'])[1 + g % 9] || ' ' || g, ${passwordHash}, 'patient', true
        from generate_series(${start}::int, ${end - 1}::int) g
        returning id, (regexp_match(email, 'bench\\.patient\\.(\\d+)@'))[1]::int as g
      ), spec as (
        select pat.id as patient_id, pn.practitioner_id, pn.user_id,
          case when pat.g % 20 < 5 then 1 when pat.g % 20 < 12 then 2 when pat.g % 20 < 14 then 3 else 4 end as status,
          now() - ((pat.g * 7919) % 525600) * interval '1 minute' as created_at
        from pat join pn on pn.n = pat.g / ${per}::int
      ), s as (
        insert into sessions (patient_id, practitioner_id, status, booking_time, created_at, updated_at, accepted_at, declined_at, completed_at)
        select patient_id, practitioner_id, status, created_at + interval '3 days', created_at, created_at + interval '1 hour',
          case when status in (2, 4) then created_at + interval '1 hour' end,
          case when status = 3 then created_at + interval '1 hour' end,
          case when status = 4 then created_at + interval '4 days' end
        from spec
        returning id, patient_id, practitioner_id, status, created_at
      ), dr as (
        insert into data_requests (session_id, status, created_at, answered_at)
        select id, case when status = 4 or get_byte(uuid_send(id), 0) % 3 = 0 then 'confirmed' when get_byte(uuid_send(id), 0) % 3 = 1 then 'pending' else 'declined' end,
          created_at + interval '2 hours', case when status = 4 or get_byte(uuid_send(id), 0) % 3 <> 1 then created_at + interval '5 hours' end
        from s where status = 4 or (status = 2 and get_byte(uuid_send(id), 1) % 2 = 0)
        returning id, session_id, created_at
      ), fee as (
        insert into transactions (practitioner_id, kind, description, amount_cents, currency, session_id, data_request_id, due_at, paid_at, created_at)
        select s.practitioner_id, 'data_request_fee', 'Data-request fee', -25000, 'ZAR', s.id, dr.id, dr.created_at + interval '14 days',
          case when s.status = 4 then dr.created_at + interval '3 days' end, dr.created_at
        from dr join s on s.id = dr.session_id
      ), sale as (
        insert into transactions (practitioner_id, kind, description, amount_cents, currency, session_id, paid_at, created_at)
        select practitioner_id, k.kind, k.description, k.amount, 'ZAR', id, created_at + interval '4 days', created_at + interval '4 days'
        from s cross join (values ('kit_sale', 'Kit sale', 180000), ('consultation_sale', 'Consultation', 95000)) as k(kind, description, amount)
        where status = 4
      ), j as (
        insert into journal_entries (session_id, practitioner_id, description, status, created_at, updated_at, submitted_at)
        select id, practitioner_id,
          case when status = 4 then 'Synthetic bench note: results discussed, follow-up in three months.' else 'Synthetic bench draft: review results before the next visit.' end,
          case when status = 4 then 'Submitted' else 'Saved' end, created_at + interval '1 day', created_at + interval '1 day',
          case when status = 4 then created_at + interval '4 days' end
        from s where status = 4 or (status = 2 and get_byte(uuid_send(id), 2) % 3 = 0)
      )
      select s.id, s.patient_id as "patientId", s.practitioner_id as "practitionerId", spec.user_id as "actorId", s.status, s.created_at as "createdAt"
      from s join spec on spec.patient_id = s.patient_id`),
      );
    });
    if (auditPer > 0) {
      const pending: PendingRow[] = [];
      for (const r of rows) {
        const history = HISTORY[r.status]!;
        const created = new Date(r.createdAt).getTime();
        for (let k = 0; k < auditPer; k++) {
          const [action, category] = history[k % history.length]!;
          pending.push({
            at: new Date(created + (k + 1) * 3_600_000),
            actorUserId: r.actorId,
            practitionerId: r.practitionerId,
            patientId: r.patientId,
            sessionId: r.id,
            action,
            category,
            sourceIp: '127.0.0.1',
            outcome: 'allowed',
            detail: 'synthetic (seed --scale)',
          });
        }
      }
      await audit.appendSealed(pending);
      auditRows += pending.length;
    }
    opts.onProgress?.(end - from);
  }
  await db.execute(sql`analyze`);
  return {
    sessions: opts.sessions,
    auditRows,
    practitioners: Math.ceil(total / per) - Math.floor(from / per),
  };
}
