import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, waitUntilReady } from './support/server-process';
import { freePort, strongPassword, uniqueEmail } from './support/test-app';
import { postgresTarget, testTarget } from './support/test-database';

const target = testTarget();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** The PostgreSQL pass gives the server a fresh database and Redis; the PGlite pass leaves it on the embedded one. */
async function databaseEnv(): Promise<Record<string, string>> {
  if (target.kind !== 'postgres') return {};
  const { admin, urlFor } = postgresTarget(target.url, '');
  const name = `deckhand_restart_${uuidv7().replaceAll('-', '')}`;
  await admin(`CREATE DATABASE ${name}`);
  cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return { DATABASE_URL: urlFor(name), REDIS_URL: target.redisUrl, REDIS_KEY_PREFIX: `deckhand-test:${uuidv7()}:` };
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

// The real entry point on the pass's database: the reminder is queued, the server stops before its moment and
// starts again after it; the queue is in the database, so the reminder still comes.
describe('a due-date reminder', () => {
  it('arrives after a restart that spanned its moment', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-reminder-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const env = { ...(await databaseEnv()), PORT: String(port), DATA_DIR: dataDir };
    const url = `http://127.0.0.1:${port}`;
    const call = (method: string, p: string, body?: unknown, token?: string) =>
      fetch(url + p, {
        method,
        headers: {
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(token && { authorization: `Bearer ${token}` }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const first = spawnServer(env);
    await waitUntilReady(first);
    const email = uniqueEmail('reminded');
    const session = await json<{ id_token: string; user: { id: string } }>(
      await call('POST', '/api/auth/register', { email, password: strongPassword, name: 'Remy Reminded' }),
    );
    const token = session.id_token;
    const project = await json<{ id: string }>(await call('POST', '/api/projects', { name: 'Restarts' }, token));
    const card = await json<{ id: string }>(
      await call('POST', `/api/projects/${project.id}/cards`, { title: 'Due work' }, token),
    );
    const dueAt = new Date(Date.now() + 4000);
    const task = await json<{ id: string }>(
      await call(
        'POST',
        `/api/cards/${card.id}/tasks`,
        { title: 'Survives restarts', due_at: dueAt.toISOString(), assignee_ids: [session.user.id] },
        token,
      ),
    );
    expect(await first.stop()).toBe(0);
    // Down over the due moment.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt.getTime() - Date.now()) + 1000));

    const second = spawnServer(env);
    await waitUntilReady(second);
    try {
      const overdue = async () => {
        const list = await json<{ type: string; task_id: string | null }[]>(
          await call('GET', '/api/notifications', undefined, token),
        );
        return list.filter((note) => note.type === 'task_overdue' && note.task_id === task.id).length;
      };
      await expect.poll(overdue, { timeout: 15_000 }).toBe(1);
    } finally {
      await second.stop();
    }
  }, 90_000);
});
