import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServer, waitUntilReady } from './support/server-process';
import { freePort, strongPassword, uniqueEmail } from './support/test-app';
import { postgresTarget, testTarget } from './support/test-database';

// Several instances starting at the same moment, as on every first deployment and upgrade of a replicated
// setup. On the PostgreSQL pass they share an empty database and must all come up; on the PGlite pass they
// share one data folder, which only one process may open.
const target = testTarget();
const servers: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const cleanup of cleanups) await cleanup();
});

async function startThree(env: Record<string, string>): Promise<{ server: ServerProcess; url: string }[]> {
  const started = await Promise.all(
    [0, 1, 2].map(async () => {
      const port = await freePort();
      const server = spawnServer({ ...env, PORT: String(port), PUBLIC_URL: 'http://deckhand.example.test' });
      servers.push(server);
      return { server, url: `http://127.0.0.1:${port}` };
    }),
  );
  return started;
}

async function countRows(url: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`SELECT (${sql})::int AS n`);
    return rows[0]?.n ?? -1;
  } finally {
    await client.end();
  }
}

describe('three instances started at once', () => {
  if (target.kind === 'postgres') {
    it('on one empty PostgreSQL database all become healthy, migrate once and accept each other’s tokens', async () => {
      const { admin, urlFor } = postgresTarget(target.url, '');
      const name = `deckhand_start_${uuidv7().replaceAll('-', '')}`;
      await admin(`CREATE DATABASE ${name}`);
      cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-start-'));
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      const instances = await startThree({
        DATABASE_URL: urlFor(name),
        REDIS_URL: target.redisUrl,
        REDIS_KEY_PREFIX: `deckhand-test:${uuidv7()}:`,
        DATA_DIR: dataDir,
      });
      await Promise.all(instances.map(({ server }) => waitUntilReady(server)));
      for (const { url } of instances) expect((await fetch(`${url}/api/health`)).status).toBe(200);

      const migrations = await fs.readdir(path.resolve(import.meta.dirname, '../src/db/migrations'));
      const migrationCount = migrations.filter((file) => file.endsWith('.sql')).length;
      expect(await countRows(urlFor(name), 'SELECT count(*) FROM drizzle.__drizzle_migrations')).toBe(migrationCount);
      expect(await countRows(urlFor(name), 'SELECT count(DISTINCT hash) FROM drizzle.__drizzle_migrations')).toBe(
        migrationCount,
      );
      const migrated = instances.filter(({ server }) => server.lines.some((l) => l.includes('"database migrated"')));
      expect(migrated).toHaveLength(1);
      // One ID-token key, one VAPID key pair, one error-report DSN key: not one per instance.
      expect(await countRows(urlFor(name), 'SELECT count(*) - count(DISTINCT name) FROM instance_secrets')).toBe(0);

      const [first, second, third] = instances;
      if (!first || !second || !third) throw new Error('three instances expected');
      const registered = await fetch(`${first.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail('concurrent'), password: strongPassword, name: 'Concurrent' }),
      });
      expect(registered.status).toBe(201);
      const { id_token: token } = (await registered.json()) as { id_token: string };
      for (const { url } of [second, third]) {
        const profile = await fetch(`${url}/api/profile`, { headers: { authorization: `Bearer ${token}` } });
        expect(profile.status).toBe(200);
      }
    }, 90_000);
  } else {
    it('on one embedded database folder: one serves, the others refuse with a clear message', async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-start-'));
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      const instances = await startThree({ DATA_DIR: dataDir });
      const outcomes = await Promise.all(
        instances.map(({ server }) =>
          Promise.race([server.waitForLog(/Deckhand is ready/).then(() => 'ready'), server.exited.then(() => 'exit')]),
        ),
      );
      expect(outcomes.sort()).toEqual(['exit', 'exit', 'ready']);
      const refused = instances.filter((_instance, i) => outcomes[i] === 'exit');
      for (const { server } of instances.filter(({ server }) => server.child.exitCode !== null)) {
        expect(await server.exited).toBe(1);
        expect(server.lines.join('\n')).toMatch(/is in use by another Deckhand process \(pid \d+\)/);
      }
      expect(refused).toHaveLength(2);
      const ready = instances.find(({ server }) => server.child.exitCode === null);
      expect((await fetch(`${ready?.url}/api/health`)).status).toBe(200);
    }, 90_000);
  }
});
