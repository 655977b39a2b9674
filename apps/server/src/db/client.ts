import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { REPO_ROOT } from '../env';
import { withStatementCache } from './pglite-statements';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the versioned migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * One statement straight to the driver, for the hottest reads: PostgreSQL prepares it by name once
   * per connection, PGlite's statement cache once per database. Rows as objects with the driver's
   * type parsing (timestamps as Date, json parsed).
   */
  query<Row>(statement: { name: string; text: string }, values: unknown[]): Promise<Row[]>;
  /**
   * LISTEN on channels (decision 011). PostgreSQL: one connection of its own outside the pool, made
   * again after it drops (with backoff), `onGap` told once it is back, since notifications sent
   * meanwhile are lost. PGlite: the same database in this process. Resolves once listening; the
   * returned function stops.
   */
  listen(channels: string[], handlers: ListenHandlers): Promise<() => Promise<void>>;
}

export interface ListenHandlers {
  onNotify(channel: string, payload: string): void;
  /** The listening connection came back after a drop: what was sent meanwhile never arrived. */
  onGap?(): void;
  onError?(err: Error): void;
}

/** Waits between attempts to listen again after the connection dropped: 0.5 s doubling to 10 s. */
const LISTEN_RETRY_MS = [500, 1_000, 2_000, 5_000, 10_000];

/** PostgreSQL's LISTEN on a dedicated client that is made again whenever it drops. */
async function listenPg(url: string, channels: string[], handlers: ListenHandlers): Promise<() => Promise<void>> {
  let closed = false;
  let current: pg.Client | null = null;
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;
  let dropped = false;

  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(
      () => {
        retry = null;
        void connect();
      },
      LISTEN_RETRY_MS[Math.min(attempt++, LISTEN_RETRY_MS.length - 1)],
    );
  };
  const drop = (client: pg.Client) => {
    if (current === client) current = null;
    if ((client as { gone?: boolean }).gone) return;
    (client as { gone?: boolean }).gone = true;
    dropped = true;
    client.end().catch(() => {});
    schedule();
  };
  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000, application_name: 'portal-listen' });
    client.on('notification', (m) => handlers.onNotify(m.channel, m.payload ?? ''));
    client.on('error', (err) => {
      handlers.onError?.(err);
      drop(client);
    });
    client.on('end', () => drop(client));
    try {
      await client.connect();
      for (const channel of channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      handlers.onError?.(err as Error);
      drop(client);
      return;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    attempt = 0;
    if (dropped) handlers.onGap?.();
  }

  await connect();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    if (client) {
      (client as { gone?: boolean }).gone = true;
      await client.end().catch(() => {});
    }
  };
}

export const MIGRATIONS_FOLDER = path.join(REPO_ROOT, 'apps/server/drizzle');
/** Any constant: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK = 7_390_211;
/**
 * A request that cannot get a database connection within this time fails with 503 (issue 9:
 * "extra requests get 503 within 2 s"), whether the pool is exhausted or the database is down.
 */
export const CONNECTION_TIMEOUT_MS = 1_500;

export interface DatabaseOptions {
  url?: string;
  /** PGlite folder; 'memory://' for a throwaway in-memory database. */
  dataDir?: string;
  poolSize?: number;
  statementTimeoutMs?: number;
  /** How long a query waits for a pool connection before failing; see CONNECTION_TIMEOUT_MS. */
  connectionTimeoutMs?: number;
  /** Told about a connection that dropped (the database restarted, the network broke); the process carries on. */
  onConnectionError?: (err: Error) => void;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const statementTimeout = opts.statementTimeoutMs ?? 10_000;
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      statement_timeout: statementTimeout,
      // The client's own bound on a query, for a server that stops answering without closing the
      // connection (the statement timeout above is enforced by that same server).
      query_timeout: statementTimeout + 5_000,
      // Waiting for a free connection (pool exhausted) or a new one (database down) ends in an
      // error the API answers as 503 well within 2 s, instead of queueing without bound.
      connectionTimeoutMillis: opts.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS,
      // TCP keepalive finds a connection the network silently dropped.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: 'portal',
    });
    // A connection that drops while idle in the pool: the pool removes it and makes a new one on demand.
    pool.on('error', (err) => opts.onConnectionError?.(err));
    // A connection that drops while checked out between two queries (inside a transaction, say)
    // emits 'error' on the client itself; without a listener that is an uncaught exception that
    // ends the process. Its pending query fails, and the pool discards it on release.
    pool.on('connect', (client) => client.on('error', (err) => opts.onConnectionError?.(err)));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      query: async <Row>(statement: { name: string; text: string }, values: unknown[]) =>
        (await pool.query({ name: statement.name, text: statement.text, values })).rows as Row[],
      listen: (channels, handlers) => listenPg(opts.url!, channels, handlers),
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const cached = withStatementCache(client);
  const db = drizzlePglite(cached, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    async ping() {
      await client.query('select 1');
    },
    close: () => client.close(),
    query: async <Row>(statement: { name: string; text: string }, values: unknown[]) => (await cached.query<Row>(statement.text, values)).rows,
    async listen(channels, handlers) {
      const stops = await Promise.all(channels.map((channel) => client.listen(channel, (payload) => handlers.onNotify(channel, payload))));
      return async () => {
        for (const stop of stops) await stop().catch(() => {});
      };
    },
  };
}
