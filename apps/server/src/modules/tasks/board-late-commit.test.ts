import type { Board } from '@deckhand/contract/tasks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';
import { testTarget } from '../../../test/support/test-database';
import { selectRows } from '../../db/rows';

// Runs on the PostgreSQL pass only (vitest.config.ts): it holds a transaction open while the API reads the board,
// which the embedded database's one connection cannot do.
if (testTarget().kind !== 'postgres') throw new Error('board-late-commit.test.ts needs DECKHAND_TEST_DB=postgres');

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp({ name: 'Olive Owner' });
});
afterAll(() => t.close());

async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await t.request<T>(method, path, { token: owner.token, body });
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${res.text}`);
  return res.body;
}

/** A project with one card and tasks of these titles, and a way to read its board. */
async function projectWith(name: string, titles: string[]) {
  const projectId = (await call<{ id: string }>('POST', '/api/projects', { name })).id;
  const cardId = (await call<{ id: string }>('POST', `/api/projects/${projectId}/cards`, { title: 'Card' })).id;
  const tasks: { id: string; status_id: string }[] = [];
  for (const title of titles) {
    tasks.push(await call<{ id: string; status_id: string }>('POST', `/api/cards/${cardId}/tasks`, { title }));
  }
  const board = () => call<Board>('GET', `/api/projects/${projectId}/board`);
  const titles_ = async () => (await board()).tasks.map((task) => task.title).sort();
  return { projectId, cardId, tasks, board, titles: titles_ };
}

describe('the board after a change committed late', () => {
  it('shows a change whose transaction started before a board read and committed after it', async () => {
    const projectId = (await call<{ id: string }>('POST', '/api/projects', { name: 'Late commit' })).id;
    const cardId = (await call<{ id: string }>('POST', `/api/projects/${projectId}/cards`, { title: 'Card' })).id;
    const [early, moved, later] = await Promise.all(
      ['Early', 'Moved', 'Later'].map((title) =>
        call<{ id: string; status_id: string }>('POST', `/api/cards/${cardId}/tasks`, { title }),
      ),
    );
    if (!early || !moved || !later) throw new Error('tasks not made');
    const board = () => call<Board>('GET', `/api/projects/${projectId}/board`);
    const titleOf = async (id: string) => (await board()).tasks.find((task) => task.id === id)?.title;
    expect(await titleOf(early.id)).toBe('Early');

    await t.database.db.transaction(async (tx) => {
      // Written (and stamped) before the move below, committed after the board read that follows it.
      await tx.execute(sql`update tasks set title = 'Committed late', updated_at = clock_timestamp()
        where id = ${early.id}`);
      await call('POST', `/api/tasks/${moved.id}/move`, { status_id: moved.status_id });
      expect(await titleOf(early.id)).toBe('Early');
    });
    await call('POST', `/api/tasks/${later.id}/move`, { status_id: later.status_id });
    expect(await titleOf(early.id)).toBe('Committed late');
  });

  it('shows an update committed after a board read at the next read, with nothing else changed', async () => {
    const { tasks, titles } = await projectWith('Late update', ['One', 'Two']);
    expect(await titles()).toEqual(['One', 'Two']);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update tasks set title = 'One, late', updated_at = clock_timestamp()
        where id = ${tasks[0]?.id}`);
      // A change after it, committed first: the board's newest change is newer than the late one.
      await call('PATCH', `/api/tasks/${tasks[1]?.id}`, { title: 'Two, early' });
      expect(await titles()).toEqual(['One', 'Two, early']);
    });
    expect(await titles()).toEqual(['One, late', 'Two, early']);
  });

  it('shows a task inserted by a transaction committed after a board read', async () => {
    const { projectId, cardId, tasks, titles } = await projectWith('Late insert', ['One']);
    expect(await titles()).toEqual(['One']);
    await t.database.db.transaction(async (tx) => {
      // Its updated_at is the column's default, like every insert that leaves it out.
      await tx.execute(sql`insert into tasks (id, project_id, card_id, status_id, title, position, created_by_name)
        select gen_random_uuid(), ${projectId}, ${cardId}, status_id, 'Inserted late', position || '0', 'Olive'
        from tasks where id = ${tasks[0]?.id}`);
      await call('PATCH', `/api/tasks/${tasks[0]?.id}`, { title: 'One, early' });
      expect(await titles()).toEqual(['One, early']);
    });
    expect(await titles()).toEqual(['Inserted late', 'One, early']);
  });

  it('drops a task deleted by a transaction committed after a board read, also inside a savepoint', async () => {
    const { tasks, titles } = await projectWith('Late delete', ['One', 'Two', 'Three']);
    expect(await titles()).toEqual(['One', 'Three', 'Two']);
    await t.database.db.transaction(async (tx) => {
      await tx.transaction(async (inner) => {
        await inner.execute(sql`delete from tasks where id = ${tasks[0]?.id}`);
      });
      expect(await titles()).toEqual(['One', 'Three', 'Two']);
    });
    expect(await titles()).toEqual(['Three', 'Two']);
    await call('DELETE', `/api/tasks/${tasks[1]?.id}`);
    expect(await titles()).toEqual(['Three']);
  });

  it('drops the tasks of a deleted card, and keeps no record of deletions older than a board model lives', async () => {
    const { projectId, titles } = await projectWith('Card deleted', ['One']);
    const otherCard = (await call<{ id: string }>('POST', `/api/projects/${projectId}/cards`, { title: 'Other' })).id;
    await call('POST', `/api/cards/${otherCard}/tasks`, { title: 'Of the other card' });
    expect(await titles()).toEqual(['Of the other card', 'One']);
    await t.database.db.execute(sql`insert into task_deletions (project_id, deleted_at)
      values (${projectId}, now() - interval '3 hours'), (${projectId}, now() - interval '1 hour')`);
    await call('DELETE', `/api/cards/${otherCard}`);
    expect(await titles()).toEqual(['One']);
    const kept = await selectRows(
      t.database.db,
      z.object({ age: z.string() }),
      sql`select (now() - deleted_at)::text as age from task_deletions where project_id = ${projectId}
        order by deleted_at`,
    );
    // Rows naming no tasks (as before migration 0023) made the next read whole, and the 3-hour-old one went with
    // it; the card's deletion is recorded.
    expect(kept.map((row) => row.age.startsWith('01:'))).toEqual([true, false]);
  });
});
