import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string | null;
  }
}

/**
 * With TEST_DATABASE_URL (PostgreSQL), the run gets a database of its own, created here and
 * dropped at the end; without it every test file runs on its own in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    project.provide('databaseUrl', null);
    return;
  }
  const name = `portal_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  project.provide('databaseUrl', url.toString());

  const { openDatabase } = await import('../db/client');
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  await database.close();

  return async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
