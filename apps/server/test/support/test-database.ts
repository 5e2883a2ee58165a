import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { type Database, openDatabase } from '../../src/db/client';

export const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations');

export type TestTarget = { kind: 'pglite' } | { kind: 'postgres'; url: string; redisUrl: string };

/** Which database and pub/sub the tests run on, from DECKHAND_TEST_DB, TEST_DATABASE_URL, TEST_REDIS_URL. */
export function testTarget(): TestTarget {
  if (process.env.DECKHAND_TEST_DB !== 'postgres') return { kind: 'pglite' };
  const url = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!url || !redisUrl) throw new Error('DECKHAND_TEST_DB=postgres needs TEST_DATABASE_URL and TEST_REDIS_URL');
  return { kind: 'postgres', url, redisUrl };
}

export function postgresTarget(url: string, templateName: string) {
  async function admin(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }
  function urlFor(database: string): string {
    const u = new URL(url);
    u.pathname = `/${database}`;
    return u.toString();
  }
  return { admin, templateName, urlFor };
}

/** A private, migrated database for one test file; `close` also drops it on PostgreSQL. */
export async function openTestDatabase(template: string): Promise<Database> {
  const target = testTarget();
  if (target.kind === 'pglite') {
    const dump = new Blob([await fs.readFile(template)]);
    return openDatabase({ kind: 'pglite', dataDir: undefined, migrationsDir, loadDataDir: dump });
  }
  const { admin, urlFor } = postgresTarget(target.url, template);
  const name = `deckhand_t_${uuidv7().replaceAll('-', '')}`;
  await admin(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const database = await openDatabase({
    kind: 'postgres',
    url: urlFor(name),
    migrationsDir,
    poolSize: 5,
    // Dropping the database at the end terminates connections that are still closing.
    onWarning: () => {},
  });
  return {
    ...database,
    async close() {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
