import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { freePort } from './test-app';
import { postgresTarget, testTarget } from './test-database';

/** What a test that stops and starts the real server needs: its env, its address, and calls to it. */
export interface RestartSetup {
  /** DATA_DIR and PORT, and on the PostgreSQL pass a fresh database and Redis. */
  env: Record<string, string>;
  call(method: string, path: string, body?: unknown, token?: string): Promise<Response>;
  /** Removes the data dir and drops the database. */
  cleanup(): Promise<void>;
}

/** Parses a JSON answer, failing with the answer's text when it is not a success. */
export async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A data dir and a port for servers spawned one after the other on the same data. The PostgreSQL pass gives them
 * a fresh database and Redis; the PGlite pass leaves them on the embedded one.
 */
export async function createRestartSetup(label: string): Promise<RestartSetup> {
  const target = testTarget();
  const cleanups: (() => Promise<void>)[] = [];
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `deckhand-${label}-`));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  let database: Record<string, string> = {};
  if (target.kind === 'postgres') {
    const { admin, urlFor } = postgresTarget(target.url, '');
    const name = `deckhand_${label}_${uuidv7().replaceAll('-', '')}`;
    await admin(`CREATE DATABASE ${name}`);
    cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    database = {
      DATABASE_URL: urlFor(name),
      REDIS_URL: target.redisUrl,
      REDIS_KEY_PREFIX: `deckhand-test:${uuidv7()}:`,
    };
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    env: { ...database, PORT: String(port), DATA_DIR: dataDir },
    call: (method, p, body, token) =>
      fetch(url + p, {
        method,
        headers: {
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(token && { authorization: `Bearer ${token}` }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    async cleanup() {
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}
