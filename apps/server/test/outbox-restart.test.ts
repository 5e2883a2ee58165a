import { afterAll, describe, expect, it } from 'vitest';
import { createRestartSetup, json, type RestartSetup } from './support/restart-setup';
import { spawnServer, waitUntilReady } from './support/server-process';
import { strongPassword, uniqueEmail } from './support/test-app';

let setup: RestartSetup | undefined;
afterAll(() => setup?.cleanup());

// The real entry point, told to kill itself (SIGKILL: nothing runs after it) right after the commit of a task
// creation that calls for a notification and a reminder. Both were written to the outbox in that transaction, so
// the next start delivers them.
describe('an effect that must not be lost', () => {
  it('is delivered after the process was killed right after the commit', async () => {
    setup = await createRestartSetup('outbox');
    const { env, call } = setup;
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
