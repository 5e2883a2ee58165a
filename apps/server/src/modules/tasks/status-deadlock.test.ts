import type { Task } from '@deckhand/contract/tasks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callOk } from '../../../test/support/api-call';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { testTarget } from '../../../test/support/test-database';
import { selectRows } from '../../db/rows';

// Runs on the PostgreSQL pass only (vitest.config.ts): it makes a real deadlock between the API's transaction and
// one of its own, which the embedded database's one connection cannot hold.
if (testTarget().kind !== 'postgres') throw new Error('status-deadlock.test.ts needs DECKHAND_TEST_DB=postgres');

let t: TestApp;
let team: Team;
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Deadlock');
});
afterAll(() => t.close());

/** Whether some session of this database waits for a row lock while updating tasks. */
async function aTaskUpdateWaits(): Promise<boolean> {
  const rows = await selectRows(
    t.database.db,
    z.object({ waiting: z.number() }),
    sql`select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query ilike 'update "tasks"%'`,
  );
  return (rows[0]?.waiting ?? 0) > 0;
}

describe('a request whose transaction the database rolls back to end a deadlock', () => {
  it('answers 503 with Retry-After, writes nothing, and goes through when tried again', async () => {
    const statuses = await callOk<{ id: string; name: string }[]>(
      t,
      team.owner,
      'GET',
      `/api/projects/${team.projectId}/statuses`,
    );
    const toDo = statuses.find((status) => status.name === 'To do')?.id;
    const doomed = await callOk(t, team.owner, 'POST', `/api/projects/${team.projectId}/statuses`, { name: 'Doomed' });
    const cardId = (await callOk(t, team.owner, 'POST', `/api/projects/${team.projectId}/cards`, { title: 'Card' })).id;
    const first = await callOk<Task>(t, team.owner, 'POST', `/api/cards/${cardId}/tasks`, {
      title: 'First',
      status_id: doomed.id,
    });
    const second = await callOk<Task>(t, team.owner, 'POST', `/api/cards/${cardId}/tasks`, {
      title: 'Second',
      status_id: doomed.id,
    });
    const remove = () => t.request('DELETE', `/api/statuses/${doomed.id}?move_to=${toDo}`, { token: team.owner.token });

    let answer: Awaited<ReturnType<typeof remove>> | undefined;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from tasks where id = ${second.id} for update`);
      // The deletion moves the status's tasks in order: it takes the first, then waits here for the second.
      const deleting = remove();
      await expect.poll(aTaskUpdateWaits, { timeout: 10_000 }).toBe(true);
      // Taking the first now closes the circle. The deletion has waited longest, so PostgreSQL rolls it back.
      await tx.execute(sql`select id from tasks where id = ${first.id} for update`);
      answer = await deleting;
    });

    expect(answer?.status).toBe(503);
    expect(answer?.headers.get('retry-after')).toBe('1');
    expect(answer?.body).toEqual({ error: { code: 'service/unavailable', message: expect.any(String) } });
    const tasks = await callOk<Task[]>(t, team.owner, 'GET', `/api/cards/${cardId}/tasks`);
    expect(tasks.map((task) => task.status_id)).toEqual([doomed.id, doomed.id]);

    expect((await remove()).status).toBe(204);
  });
});
