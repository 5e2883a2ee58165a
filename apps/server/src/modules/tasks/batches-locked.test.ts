import type { Task } from '@deckhand/contract/tasks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callOk } from '../../../test/support/api-call';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { testTarget } from '../../../test/support/test-database';
import { uuidv7 } from '../../platform/ids';
import { createTaskTogether } from './service/create-batches';
import { moveToEndTogether } from './service/move-batches';
import { writeSlots } from './service/write-batches';

// Runs on the PostgreSQL pass only (vitest.config.ts): it holds a task's or a card's row in an open transaction
// while moves and creations are made, which the embedded database's one connection cannot do.
if (testTarget().kind !== 'postgres') throw new Error('batches-locked.test.ts needs DECKHAND_TEST_DB=postgres');

let t: TestApp;
let team: Team;
let cardId: string;
let doneId: string;
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Locked moves');
  const statuses = await callOk<{ id: string; name: string }[]>(
    t,
    team.owner,
    'GET',
    `/api/projects/${team.projectId}/statuses`,
  );
  doneId = statuses.find((status) => status.name === 'Done')?.id ?? '';
  cardId = (await callOk(t, team.owner, 'POST', `/api/projects/${team.projectId}/cards`, { title: 'Card' })).id;
});
afterAll(() => t.close());

async function newTask(title: string): Promise<Task> {
  return callOk<Task>(t, team.member, 'POST', `/api/cards/${cardId}/tasks`, { title });
}

describe('a batch of moves and a task another transaction holds', () => {
  it('leaves that task out instead of waiting for it, and moves the others', async () => {
    const alone: Task[] = [];
    for (let i = 0; i < writeSlots; i += 1) alone.push(await newTask(`Alone ${i}`));
    const [held, free] = [await newTask('Held'), await newTask('Free')];
    const db = t.database.db;
    let results: unknown[] = [];
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from tasks where id = ${held.id} for update`);
      // Made in one turn: the first calls take the free slots alone; the last two wait and go together.
      results = await Promise.all(
        [...alone, held, free].map((task) =>
          moveToEndTogether(db, { userId: team.member.id, taskId: task.id, statusId: doneId }),
        ),
      );
    });
    const ids = results.map((row) => (row as { id: string } | undefined)?.id);
    expect(ids).toEqual([...alone.map((task) => task.id), undefined, free.id]);
  });

  it('moves a held task once its transaction ends, through the path that waits', async () => {
    const held = await newTask('Held over HTTP');
    let moved: Promise<{ status: number; body: Task }> | undefined;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from tasks where id = ${held.id} for update`);
      moved = t.request<Task>('POST', `/api/tasks/${held.id}/move`, {
        token: team.member.token,
        body: { status_id: doneId },
      });
      // The move is asked for while the row is held; it cannot finish before the transaction does.
      await tx.execute(sql`select pg_sleep(0.2)`);
    });
    const answer = await moved;
    expect(answer?.status).toBe(200);
    expect(answer?.body.status_id).toBe(doneId);
  });
});

describe('a move waiting for a task another transaction holds', () => {
  it('does not hold up a move of another task until that transaction ends', async () => {
    const [held, other] = [await newTask('Held a while'), await newTask('Moved meanwhile')];
    const db = t.database.db;
    const move = (task: Task) => moveToEndTogether(db, { userId: team.member.id, taskId: task.id, statusId: doneId });
    let stuck: ReturnType<typeof move> | undefined;
    let meanwhile: Awaited<ReturnType<typeof move>>;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from tasks where id = ${held.id} for update`);
      stuck = move(held);
      // Alone, the move waits for the row: its batch's slot stays busy until this transaction ends.
      await expect
        .poll(async () => {
          const result = await tx.execute(
            sql`select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return z.object({ rows: z.array(z.object({ waiting: z.number() })) }).parse(result).rows[0]?.waiting;
        })
        .toBe(1);
      // Made while the transaction still holds the row: the other slot takes it; waiting for the stuck one would
      // never end.
      meanwhile = await move(other);
    });
    expect(meanwhile?.id).toBe(other.id);
    expect((await stuck)?.id).toBe(held.id);
  });
});

describe('a batch of creations and a card another transaction holds', () => {
  it('leaves out the tasks of that card instead of waiting for it, and makes the others', async () => {
    const heldCard = (await callOk(t, team.owner, 'POST', `/api/projects/${team.projectId}/cards`, { title: 'Held' }))
      .id;
    const db = t.database.db;
    const make = (card: string, title: string) =>
      createTaskTogether(db, {
        id: uuidv7(),
        userId: team.member.id,
        cardId: card,
        statusId: null,
        title,
        assigneeIds: [],
        dueAt: null,
        priority: 'none',
        labels: [],
      });
    let results: unknown[] = [];
    await db.transaction(async (tx) => {
      // What deleting the card takes; a creation's own lock on it (for its foreign key) would wait for this.
      await tx.execute(sql`select id from cards where id = ${heldCard} for update`);
      results = await Promise.all([
        ...Array.from({ length: writeSlots }, (_, i) => make(cardId, `Alone ${i}`)),
        make(heldCard, 'On the held card'),
        make(cardId, 'Beside it'),
      ]);
    });
    const titles = results.map((row) => (row as { id: string } | undefined) && 'made');
    expect(titles).toEqual([...Array.from({ length: writeSlots }, () => 'made'), undefined, 'made']);
  });

  it('makes a task on a held card once its transaction ends, through the path that waits', async () => {
    const heldCard = (await callOk(t, team.owner, 'POST', `/api/projects/${team.projectId}/cards`, { title: 'Held 2' }))
      .id;
    let made: Promise<{ status: number; body: Task }> | undefined;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from cards where id = ${heldCard} for update`);
      made = t.request<Task>('POST', `/api/cards/${heldCard}/tasks`, {
        token: team.member.token,
        body: { title: 'Waited' },
      });
      await tx.execute(sql`select pg_sleep(0.2)`);
    });
    const answer = await made;
    expect(answer?.status).toBe(201);
    expect(answer?.body.card_id).toBe(heldCard);
  });
});
