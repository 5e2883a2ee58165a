import { defineConfig } from 'vitest/config';

// DECKHAND_TEST_DB=postgres runs the same files against TEST_DATABASE_URL and TEST_REDIS_URL.
const onPostgres = process.env.DECKHAND_TEST_DB === 'postgres';

export default defineConfig({
  test: {
    name: onPostgres ? 'server (PostgreSQL + Redis)' : 'server (PGlite)',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
