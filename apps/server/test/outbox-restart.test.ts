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
  const name = `deckhand_outbox_${uuidv7().replaceAll('-', '')}`;
  await admin(`CREATE DATABASE ${name}`);
  cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return { DATABASE_URL: urlFor(name), REDIS_URL: target.redisUrl, REDIS_KEY_PREFIX: `deckhand-test:${uuidv7()}:` };
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

// The real entry point, told to kill itself (SIGKILL: nothing runs after it) right after the commit of a task
// creation that calls for a notification and a reminder. Both were written to the outbox in that transaction, so
// the next start delivers them.
describe('an effect that must not be lost', () => {
  it('is delivered after the process was killed right after the commit', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-outbox-'));
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
    const register = (name: string) =>
      call('POST', '/api/auth/register', { email: uniqueEmail('outbox'), password: strongPassword, name }).then((res) =>
        json<{ id_token: string; user: { id: string; email: string } }>(res),
      );

    const first = spawnServer({ ...env, TEST_KILL_AFTER_OUTBOX_COMMIT: 'task.created' });
    await waitUntilReady(first);
    const owner = await register('Olive Owner');
    const member = await register('Mia Member');
    const project = await json<{ id: string }>(
      await call('POST', '/api/projects', { name: 'Crashes' }, owner.id_token),
    );
    await json(
      await call(
        'POST',
        `/api/projects/${project.id}/members`,
        { email: member.user.email, role: 'member' },
        owner.id_token,
      ),
    );
    const card = await json<{ id: string }>(
      await call('POST', `/api/projects/${project.id}/cards`, { title: 'Crash site' }, owner.id_token),
    );
    // Due within a day: its "due" reminder goes out as soon as it is scheduled.
    const dueAt = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const creation = call(
      'POST',
      `/api/cards/${card.id}/tasks`,
      { title: 'Survives a crash', due_at: dueAt, assignee_ids: [member.user.id] },
      owner.id_token,
    );
    await expect(creation).rejects.toThrow();
    expect(await first.exited).toBeNull();
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = spawnServer(env);
    await waitUntilReady(second);
    try {
      const tasks = await json<{ id: string; title: string }[]>(
        await call('GET', `/api/cards/${card.id}/tasks`, undefined, owner.id_token),
      );
      expect(tasks.map((task) => task.title)).toEqual(['Survives a crash']);
      const taskId = tasks[0]?.id;
      const types = async () => {
        const list = await json<{ type: string; task_id: string | null }[]>(
          await call('GET', '/api/notifications', undefined, member.id_token),
        );
        return list
          .filter((note) => note.task_id === taskId)
          .map((note) => note.type)
          .sort();
      };
      // The outbox rows wait out the dead instance's lease (10 s), then the new one's poller runs them.
      await expect.poll(types, { timeout: 40_000, interval: 500 }).toEqual(['task_assigned', 'task_due']);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
