import type { Board } from '@deckhand/contract/tasks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';
import { testTarget } from '../../../test/support/test-database';

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
});
