import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStatementCache } from './pglite-statements';

describe('PGlite statement cache', () => {
  let raw: PGlite;
  let pg: PGlite;
  beforeAll(async () => {
    raw = await PGlite.create('memory://');
    pg = withStatementCache(raw, 3);
    await raw.exec(`create table t (id uuid primary key default gen_random_uuid(), name text, n int, tags int[], doc jsonb, at timestamptz default now());
      insert into t (name, n, tags, doc) select 'row ' || g, g, array[g, g + 1], jsonb_build_object('g', g) from generate_series(1, 20) g;`);
  });
  afterAll(() => raw.close());

  const prepared = async () => (await raw.query<{ statement: string }>(`select statement from pg_prepared_statements`)).rows.map((r) => r.statement);

  it('answers exactly as PGlite does, in object and array mode, with per-query parsers, on first and later use', async () => {
    const text = 'select id, name, n, tags, doc, at, $2::text as echo from t where n = $1';
    const drizzleLike = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v } };
    for (const options of [undefined, drizzleLike]) {
      for (let i = 0; i < 3; i++) {
        const mine = await pg.query(text, [7, null], options);
        const theirs = await raw.query(text, [7, null], options);
        expect(mine.rows).toEqual(theirs.rows);
        expect(mine.fields).toEqual(theirs.fields);
      }
    }
    const [row] = (await pg.query<{ at: unknown; doc: unknown; tags: unknown }>(text, [3, 'x'])).rows;
    expect(row!.at).toBeInstanceOf(Date);
    expect(row!.doc).toEqual({ g: 3 });
    expect(row!.tags).toEqual([3, 4]);
    const update = await pg.query('update t set name = $1 where n > $2', ['changed', 18]);
    expect(update.affectedRows).toBe(2);
  });

  it('parses a text once: later calls bind the named statement; at most the limit are kept', async () => {
    await pg.query('select n from t where n = $1', [1]);
    await pg.query('select n from t where n = $1', [2]);
    expect((await prepared()).filter((s) => s === 'select n from t where n = $1')).toHaveLength(1);
    for (let i = 0; i < 6; i++) await pg.query(`select n + ${i} from t where n = $1`, [1]);
    expect((await prepared()).length).toBeLessThanOrEqual(3);
  });

  it('a failing statement throws PostgreSQL’s error with its code, and the connection carries on', async () => {
    await expect(pg.query('select n from t where id = $1', ['not a uuid'])).rejects.toMatchObject({ code: '22P02' });
    await expect(pg.query('select nope from t')).rejects.toMatchObject({ code: '42703' });
    expect((await pg.query<{ n: number }>('select n from t where n = $1', [5])).rows).toEqual([{ n: 5 }]);
  });

  it('makes a statement anew when the table changed under its plan', async () => {
    await raw.exec('create table u (a int); insert into u values (1)');
    expect((await pg.query('select * from u')).rows).toEqual([{ a: 1 }]);
    await raw.exec('alter table u add column b text');
    expect((await pg.query('select * from u')).rows).toEqual([{ a: 1, b: null }]);
  });

  it('transactions use it too: rollback undoes, commit keeps, and a query outside waits for the transaction', async () => {
    await expect(
      pg.transaction(async (tx) => {
        await tx.query('update t set n = n + 100 where n = $1', [10]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await pg.query('select n from t where n = $1', [10])).rows).toHaveLength(1);
    const order: string[] = [];
    const running = pg.transaction(async (tx) => {
      await tx.query('update t set n = $1 where n = $2', [110, 10]);
      await new Promise((r) => setTimeout(r, 30));
      order.push('transaction');
    });
    const outside = pg.query('select n from t where n = $1', [110]).then((r) => {
      order.push('query');
      return r.rows;
    });
    await running;
    expect(await outside).toEqual([{ n: 110 }]);
    expect(order).toEqual(['transaction', 'query']);
  });
});
