import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A throwaway PostgreSQL database of its own on the server `adminUrl` points at (TEST_DATABASE_URL):
 * its address, and `drop` to remove it (connections still open to it are ended).
 */
export async function createThrowawayDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const run = async (statement: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
