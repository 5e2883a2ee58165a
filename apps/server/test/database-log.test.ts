import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawnServer, waitUntilReady } from './support/server-process';
import { freePort } from './support/test-app';
import { postgresTarget, testTarget } from './support/test-database';

// What the database's own troubles print: an operator's JSON log must hold them, not the console (issue 28).
// PostgreSQL only (vitest.config.ts): PGlite has no pool whose connections a restart ends.
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-db-log-'));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

describe('database warnings', () => {
  it('logs a pooled connection that failed while idle as one JSON line of the logger', async () => {
    const target = testTarget();
    if (target.kind !== 'postgres') throw new Error('this file runs on the PostgreSQL pass only');
    const { admin, urlFor } = postgresTarget(target.url, '');
    const name = `deckhand_logs_${uuidv7().replaceAll('-', '')}`;
    await admin(`CREATE DATABASE ${name} TEMPLATE ${inject('databaseTemplate')}`);
    const port = await freePort();
    const server = spawnServer({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: urlFor(name) });
    try {
      await waitUntilReady(server);
      // The readiness check leaves a connection idle in the pool; ending it from PostgreSQL's side is what a
      // restart of the database does to every such connection.
      expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
      await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
      await server.waitForLog(/idle database connection failed/);
      const lines = server.lines.filter((line) => line.includes('idle database connection failed'));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(JSON.parse(line)).toMatchObject({ level: 40, component: 'database' });
    } finally {
      await server.stop();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }, 60_000);
});
