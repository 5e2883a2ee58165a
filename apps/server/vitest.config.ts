import { configDefaults, defineConfig } from 'vitest/config';

// DECKHAND_TEST_DB=postgres runs the same files against TEST_DATABASE_URL and TEST_REDIS_URL.
const onPostgres = process.env.DECKHAND_TEST_DB === 'postgres';
const embeddedOnly = [
  'src/db/statement-caching-pglite.test.ts',
  'src/db/pglite-thread.test.ts',
  'src/db/pglite-upkeep.test.ts',
  'src/db/pglite-template.test.ts',
  'src/db/pglite-lock.test.ts',
  'test/start-script.test.ts',
  'test/shutdown.test.ts',
  'test/log-format.test.ts',
  'test/collab-restart.test.ts',
];
// These start their own PostgreSQL, Redis, bucket and nginx whatever the pass: the PGlite pass runs them, once.
const ownServicesOnly = ['test/proxy/**'];
// A real PostgreSQL's own behaviour (its pool, concurrent transactions): nothing to run on the PGlite pass.
const postgresOnly = [
  'src/db/connection-keeping-pool.test.ts',
  'src/modules/tasks/board-late-commit.test.ts',
  'src/modules/tasks/batches-locked.test.ts',
  'src/modules/tasks/status-deadlock.test.ts',
  'test/database-log.test.ts',
];

export default defineConfig({
  test: {
    name: onPostgres ? 'server (PostgreSQL + Redis)' : 'server (PGlite)',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // These run the embedded database whatever the pass (a spawned server on its own data dir, or PGlite itself):
    // the PGlite pass runs them, and a second run here would test nothing new.
    exclude: [...configDefaults.exclude, ...(onPostgres ? [...embeddedOnly, ...ownServicesOnly] : postgresOnly)],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // A worker keeps its modules from one file to the next: every file builds its own app, database, servers and
    // accounts, so nothing else is shared, and importing the app afresh for each file cost 80 s of CPU a pass.
    isolate: false,
    testTimeout: 20_000,
    // expect.poll waits for what the server does after it answered (deliveries, live events, jobs): on a loaded CI
    // machine that can take longer than vitest's 1 s. A longer bound only delays a failure; it never passes one.
    expect: { poll: { timeout: 5000 } },
    hookTimeout: 30_000,
  },
});
