import fs from 'node:fs/promises';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';

/** A database handle or a transaction: services accept either, so callers can compose them in one unit of work. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** PGlite only: the whole data dir as a gzipped tarball (tests load it instead of running initdb). */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      migrationsDir: string;
      poolSize?: number;
      /** An idle pooled connection failed (server restart, network); the pool replaces it. */
      onIdleError?: (err: Error) => void;
    }
  | { kind: 'pglite'; dataDir: string | undefined; migrationsDir: string; loadDataDir?: Blob };

/**
 * Opens PostgreSQL (a pool) or embedded PGlite (a folder, or in memory when dataDir is undefined).
 * Each driver is imported only when chosen, which keeps the other one out of start-up time.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // Without a listener an idle connection's error would crash the process.
    pool.on('error', options.onIdleError ?? ((err) => console.warn(`idle database connection failed: ${err.message}`)));
    const db = drizzlePg(pool, { casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: options.migrationsDir }),
      close: () => pool.end(),
    };
  }
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (options.dataDir) await fs.mkdir(path.dirname(options.dataDir), { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: options.migrationsDir }),
    dump: async () => {
      const dump = await client.dumpDataDir('gzip');
      return new Blob([await dump.arrayBuffer()]);
    },
    close: () => client.close(),
  };
}
