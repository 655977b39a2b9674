import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/sql';
import { createTestApp, type Harness } from '../test/harness';
import { seedScale } from './seed-scale';

/** The quick version of `npm run seed -- --scale N` (issue 9): counts, spread, and the audit chain still verifies. */
let h: Harness;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(() => h.close());

const benchCounts = async () =>
  rowsOf<{
    sessions: number;
    statuses: number;
    journals: number;
    fees: number;
    sales: number;
    audit: number;
  }>(
    await h.db.execute(sql`
      with s as (
        select s.* from sessions s join users u on u.id = s.patient_id where u.email like 'bench.patient.%@bench.test'
      )
      select
        (select count(*)::int from s) as sessions,
        (select count(distinct status)::int from s) as statuses,
        (select count(*)::int from journal_entries j join s on s.id = j.session_id) as journals,
        (select count(*)::int from transactions t join s on s.id = t.session_id where t.kind = 'data_request_fee') as fees,
        (select count(*)::int from transactions t join s on s.id = t.session_id where t.kind in ('kit_sale', 'consultation_sale')) as sales,
        (select count(*)::int from audit_events a join s on s.id = a.session_id where a.detail = 'synthetic (seed --scale)') as audit`),
  )[0]!;

describe('seed --scale', () => {
  it('adds N sessions with every status, their journals, transactions and ten sealed audit rows each; the chain verifies', async () => {
    const before = await benchCounts();
    // From the row before the seed: on a shared test database the audit test tampers with older rows.
    const since = await h.app.ctx.audit.lastId();
    const out = await seedScale(h.db, h.app.ctx.audit, {
      sessions: 200,
      perPractitioner: 50,
    });
    expect(out).toMatchObject({ sessions: 200, auditRows: 2_000 });
    const after = await benchCounts();
    expect(after.sessions - before.sessions).toBe(200);
    expect(after.statuses).toBe(4);
    expect(after.journals).toBeGreaterThan(before.journals);
    expect(after.fees).toBeGreaterThan(before.fees);
    expect(after.sales).toBeGreaterThan(before.sales);
    expect(after.audit - before.audit).toBe(2_000);
    expect(await h.app.ctx.audit.verify(1000, since)).toMatchObject({
      ok: true,
    });
    // Run twice, it adds more rather than colliding with what is there.
    await seedScale(h.db, h.app.ctx.audit, {
      sessions: 20,
      perPractitioner: 50,
      auditPerSession: 1,
    });
    expect((await benchCounts()).sessions - after.sessions).toBe(20);
  });
});
