import fs from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { lockDataDir } from './pglite-lock';
import { scheduleUpkeep } from './pglite-upkeep';

/** A database handle or a transaction: services accept either, so callers can compose them in one unit of work. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations not yet applied. @returns how many it applied (0: the schema was current) */
  migrate(): Promise<number>;
  /** How the job queue (pg-boss) reaches this database: its own small pool, or PGlite's one connection. */
  jobConnection: JobConnection;
  /** PostgreSQL only: the pool's connections now, for the metrics. */
  poolUse?: () => { total: number; idle: number; waiting: number };
  /** PGlite only: the whole data dir as a gzipped tarball (tests load it instead of running initdb). */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

export type JobConnection =
  | { connectionString: string }
  | { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * Something went wrong that the database recovers from by itself: an idle pooled connection failed (a server
 * restart, the network; the pool replaces it), or PGlite's upkeep failed (it runs again). The server passes its
 * logger's; without one the warning is printed.
 */
type OnWarning = (message: string, err: unknown) => void;

const printWarning: OnWarning = (message, err) => console.warn(message, err);

export type DatabaseOptions = { onWarning?: OnWarning } & (
  | {
      kind: 'postgres';
      url: string;
      migrationsDir: string;
      poolSize?: number;
    }
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      migrationsDir: string;
      /** A dump (Database.dump) to start from, for an in-memory database: tests start from a migrated one. */
      loadDataDir?: Blob;
      /** Called if the database's thread stops while open: from then on every query fails. */
      onLost?: (err: Error) => void;
    }
);

/**
 * PostgreSQL's default shared_buffers (128 MB) lives inside PGlite's WebAssembly memory and is touched at start,
 * so it made up over a third of an idle instance's memory. The embedded database serves one small team; its
 * data files are read through the operating system's page cache as well, so 16 MB of buffers is enough.
 * ANALYZE reads a sample of 300 × default_statistics_target rows into that same memory, which never shrinks: at
 * 100, the upkeep's analyses of tables an import fills left the server 35 MiB larger. 25 (7,500 rows) describes
 * a small team's tables well enough.
 */
const pgliteSettings = ['-c', 'shared_buffers=16MB', '-c', 'default_statistics_target=25'];

/** How often PGlite's tables get a quick and a full upkeep round (see pglite-upkeep.ts). */
const pgliteUpkeep = { quickMs: 2_000, fullMs: 60_000 };

/** The advisory lock migrations run under (any fixed bigint; this one spells "deckhand" in ASCII). */
const migrationLockKey = '7234297689404436068';

interface Queryable {
  query(text: string): Promise<{ rows: unknown[] }>;
}

/** Rows in drizzle's migrations table, 0 before the first migration created it. */
async function countAppliedMigrations(client: Queryable): Promise<number> {
  // Two statements: a query naming a table that does not exist fails to plan, whichever branch would run.
  const exists = await client.query("SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found");
  if (!z.object({ found: z.boolean() }).parse(exists.rows[0]).found) return 0;
  const { rows } = await client.query('SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations');
  return z.object({ applied: z.number() }).parse(rows[0]).applied;
}

/** The embedded databases opened here: PostgreSQL single-user, in one thread, one statement at a time. */
const oneStatementAtATime = new WeakSet<object>();

/**
 * Whether `db` runs one statement at a time (PGlite): work that runs statements side by side to use a server's
 * connections only queues them there.
 */
export function runsOneStatementAtATime(db: object): boolean {
  return oneStatementAtATime.has(db);
}

/**
 * Opens PostgreSQL (a pool) or embedded PGlite (a folder, or in memory when dataDir is undefined).
 * Each driver is imported only when chosen, which keeps the other one out of start-up time.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const [{ createConnectionKeepingPool }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('./connection-keeping-pool'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = createConnectionKeepingPool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // Without a listener an idle connection's error would crash the process.
    pool.on('error', (err) => (options.onWarning ?? printWarning)('idle database connection failed', err));
    const db = drizzlePg(pool, { casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // Instances starting together on one database would all create the same tables, and all but one
        // would die on a duplicate key. One at a time, on one connection holding a session-level advisory
        // lock: the others wait, then find nothing to do. A crashed holder's lock ends with its connection.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1::bigint)', [migrationLockKey]);
          try {
            const before = await countAppliedMigrations(client);
            await migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder: options.migrationsDir });
            return (await countAppliedMigrations(client)) - before;
          } finally {
            await client.query('SELECT pg_advisory_unlock($1::bigint)', [migrationLockKey]);
          }
        } finally {
          client.release();
        }
      },
      jobConnection: { connectionString: options.url },
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const [{ PGliteThread }, { unpackPgliteTemplate }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import('./pglite-thread'),
      import('./pglite-template'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
  let unlock = () => {};
  if (options.dataDir) {
    await fs.mkdir(path.dirname(options.dataDir), { recursive: true });
    unlock = await lockDataDir(options.dataDir);
  }
  const client = await (async () => {
    if (options.dataDir && !options.loadDataDir) await unpackPgliteTemplate(options.dataDir);
    return PGliteThread.open(
      { dataDir: options.dataDir, loadDataDir: options.loadDataDir, settings: pgliteSettings },
      { onLost: options.onLost },
    );
  })().catch((err: unknown) => {
    unlock();
    throw err;
  });
  // drizzle's PGlite session calls only query and transaction, which the thread's client has with PGlite's
  // signatures; its type names the PGlite class, whose private fields no other class can match.
  const db = drizzlePglite({ client: client as unknown as PGlite, casing: 'snake_case' });
  oneStatementAtATime.add(db);
  // PGlite runs PostgreSQL single-user, without autovacuum: statistics are gathered for every table at start
  // (after a crash PostgreSQL forgets which tables changed), then for each table as it changes.
  const warn = options.onWarning ?? printWarning;
  const analyze = () => client.exec('ANALYZE').catch((err: unknown) => warn('ANALYZE failed', err));
  const upkeep = scheduleUpkeep(client, {
    ...pgliteUpkeep,
    onError: (err) => warn('table upkeep (VACUUM, ANALYZE) failed', err),
  });
  return {
    db,
    kind: 'pglite',
    async migrate() {
      const before = await countAppliedMigrations(client);
      await migratePglite(db, { migrationsFolder: options.migrationsDir });
      await analyze();
      return (await countAppliedMigrations(client)) - before;
    },
    // pg-boss sends several statements in one text without values, which a prepared statement refuses: exec.
    jobConnection: {
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    dump: () => client.dumpDataDir(),
    async close() {
      await upkeep.stop();
      await client.close();
      unlock();
    },
  };
}
