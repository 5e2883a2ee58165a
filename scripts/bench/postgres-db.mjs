// A throwaway PostgreSQL database for one bench run, so the figures never depend on (or touch) data
// that already lives on the server BENCH_DATABASE_URL or TEST_DATABASE_URL points at.
import pg from 'pg';
import { onCleanup } from './cleanup.mjs';

async function runAdminQuery(adminUrl, sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Creates `deckhand_bench_<timestamp>` next to the database in adminUrl. Resolves to { name, url, drop };
 * drop also runs on an interrupted bench, through cleanup.mjs.
 */
export async function createBenchDatabase(adminUrl) {
  const name = `deckhand_bench_${Date.now()}`;
  await runAdminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dropDatabase = () => runAdminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}"`);
  const unregister = onCleanup(dropDatabase);
  return {
    name,
    url: url.toString(),
    drop: async () => {
      unregister();
      await dropDatabase();
    },
  };
}

/** Runs `work(database)` on a new bench database and drops it afterwards, saying both in the log. */
export async function withBenchDatabase(adminUrl, work) {
  const database = await createBenchDatabase(adminUrl);
  console.log(`  created database ${database.name} on ${new URL(adminUrl).host}`);
  try {
    return await work(database);
  } finally {
    await database.drop();
    console.log(`  dropped database ${database.name}`);
  }
}
