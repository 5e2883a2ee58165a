import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CollabClient, connectCollab, textOf } from './support/collab-client';
import { spawnServer, waitUntilReady } from './support/server-process';
import { freePort, strongPassword, uniqueEmail } from './support/test-app';

const dirs: string[] = [];
const clients: CollabClient[] = [];
afterAll(async () => {
  for (const client of clients) client.close();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

// The real entry point on its embedded database, stopped with SIGTERM before the debounced write would run.
describe('a card body', () => {
  it('survives a restart that comes right after the last keystroke', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-collab-'));
    dirs.push(dataDir);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const first = spawnServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitUntilReady(first);

    const post = (p: string, body: unknown, token?: string) =>
      fetch(url + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: JSON.stringify(body),
      });
    const email = uniqueEmail('restart');
    const session = await json<{ id_token: string }>(
      await post('/api/auth/register', { email, password: strongPassword, name: 'Rita Restart' }),
    );
    const project = await json<{ id: string }>(await post('/api/projects', { name: 'Restart' }, session.id_token));
    const card = await json<{ id: string }>(
      await post(`/api/projects/${project.id}/cards`, { title: 'Durable' }, session.id_token),
    );

    const writer = await connectCollab(url, card.id, session.id_token);
    clients.push(writer);
    writer.type('Written just before the restart.');
    await expect.poll(() => writer.provider.hasUnsyncedChanges).toBe(false);
    expect(await first.stop()).toBe(0);
    writer.close();

    const second = spawnServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitUntilReady(second);
    try {
      const login = await json<{ id_token: string }>(
        await post('/api/auth/login', { email, password: strongPassword }),
      );
      const reader = await connectCollab(url, card.id, login.id_token);
      clients.push(reader);
      expect(textOf(reader)).toBe('Written just before the restart.');
    } finally {
      await second.stop();
    }
  }, 90_000);
});
