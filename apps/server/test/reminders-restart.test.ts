import { afterAll, describe, expect, it } from 'vitest';
import { createRestartSetup, json, type RestartSetup } from './support/restart-setup';
import { spawnServer, waitUntilReady } from './support/server-process';
import { strongPassword, uniqueEmail } from './support/test-app';

let setup: RestartSetup | undefined;
afterAll(() => setup?.cleanup());

// The real entry point on the pass's database: the reminder is queued, the server stops before its moment and
// starts again after it; the queue is in the database, so the reminder still comes.
describe('a due-date reminder', () => {
  it('arrives after a restart that spanned its moment', async () => {
    setup = await createRestartSetup('restart');
    const { env, call } = setup;

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
