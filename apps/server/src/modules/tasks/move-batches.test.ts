import type { Task } from '@deckhand/contract/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from '../../../test/support/api-call';
import { createTeam, statusIdsOf, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { runsOneStatementAtATime } from '../../db/client';
import { moveToEndTogether } from './service/move-batches';
import { batchedWrite, writeSlots } from './service/write-batches';

// Moves to a status's end made at the same moment go to the database together (service/move-batches.ts). These
// make many at once, so that most share a batch, and check that each still gets its own answer.

let t: TestApp;
let team: Team;
let statusNamed: (name: string) => string;
let cardId: string;
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Batched moves');
  statusNamed = await statusIdsOf(t, team.owner, team.projectId);
  cardId = (await callOk(t, team.owner, 'POST', `/api/projects/${team.projectId}/cards`, { title: 'Card' })).id;
});
afterAll(() => t.close());

async function newTasks(count: number, label: string): Promise<Task[]> {
  const made: Task[] = [];
  for (let i = 0; i < count; i += 1) {
    made.push(await callOk<Task>(t, team.member, 'POST', `/api/cards/${cardId}/tasks`, { title: `${label} ${i}` }));
  }
  return made;
}

async function boardTasks(): Promise<Task[]> {
  return (await callOk<{ tasks: Task[] }>(t, team.owner, 'GET', `/api/projects/${team.projectId}/board`)).tasks;
}

/** The board's tasks of one status, in board order. */
function column(tasks: Task[], statusId: string): Task[] {
  return tasks.filter((task) => task.status_id === statusId);
}

describe('moves to a status end made at the same moment', () => {
  it('each answer is its own task at the end of the status asked for, and the board agrees', async () => {
    const tasks = await newTasks(24, 'Moved');
    const staying = await newTasks(2, 'Staying');
    const targets = [statusNamed('In progress'), statusNamed('Done'), statusNamed('To do')];
    const moves = tasks.map((task, i) => ({ task, statusId: targets[i % targets.length] as string }));
    const answers = await Promise.all(
      moves.map(({ task, statusId }) =>
        t.request<Task>('POST', `/api/tasks/${task.id}/move`, {
          token: team.member.token,
          body: { status_id: statusId },
        }),
      ),
    );
    const board = await boardTasks();
    answers.forEach((answer, i) => {
      const move = moves[i];
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.id).toBe(move?.task.id);
      expect(answer.body.title).toBe(move?.task.title);
      expect(answer.body.status_id).toBe(move?.statusId);
      expect(answer.body.card_title).toBe('Card');
      expect(answer.body.done_at !== null).toBe(move?.statusId === statusNamed('Done'));
      // The board's form of a task is a part of the answer's.
      const onBoard = board.find((task) => task.id === move?.task.id);
      expect(onBoard).toBeDefined();
      expect(answer.body).toMatchObject(onBoard ?? {});
    });
    // The tasks that stayed in To do come before every task moved to its end.
    const toDo = column(board, statusNamed('To do')).map((task) => task.title);
    expect(toDo.slice(0, 2)).toEqual(staying.map((task) => task.title));
    // Each answer's key is the one the task holds, and moves to one status took different keys.
    const cardTasks = await callOk<Task[]>(t, team.owner, 'GET', `/api/cards/${cardId}/tasks`);
    for (const answer of answers) {
      expect(cardTasks.find((task) => task.id === answer.body.id)?.position).toBe(answer.body.position);
    }
    expect(new Set(cardTasks.map((task) => `${task.status_id} ${task.position}`)).size).toBe(cardTasks.length);
  });

  it('refuses a viewer and a stranger among members moving at the same moment, and moves the rest', async () => {
    const tasks = await newTasks(12, 'Mixed');
    const done = statusNamed('Done');
    const movers = [team.member, team.viewer, team.admin, team.stranger];
    const answers = await Promise.all(
      tasks.map((task, i) =>
        t.request<Task>('POST', `/api/tasks/${task.id}/move`, {
          token: movers[i % movers.length]?.token,
          body: { status_id: done },
        }),
      ),
    );
    const expected = tasks.map((_, i) => ({ 0: 200, 1: 403, 2: 200, 3: 404 })[i % 4]);
    expect(answers.map((answer) => answer.status)).toEqual(expected);
    const board = await boardTasks();
    tasks.forEach((task, i) => {
      const onBoard = board.find((candidate) => candidate.id === task.id);
      expect(onBoard?.status_id).toBe(expected[i] === 200 ? done : task.status_id);
    });
  });
});

describe('moveToEndTogether', () => {
  it('answers each move of a batch with its own task, and nothing for one it may not make', async () => {
    const tasks = await newTasks(8, 'Direct');
    const inProgress = statusNamed('In progress');
    const other = await createTeam(t, 'Another project');
    const otherToDo = (await statusIdsOf(t, other.owner, other.projectId))('To do');
    const db = t.database.db;
    const [first, second, third, fourth, fifth, sixth] = tasks;
    if (!first || !second || !third || !fourth || !fifth || !sixth) throw new Error('tasks not made');
    // Made in one turn: the first calls take the free slots alone, the rest wait for one and go together.
    const results = await Promise.all([
      moveToEndTogether(db, { userId: team.member.id, taskId: first.id, statusId: inProgress }),
      moveToEndTogether(db, { userId: team.member.id, taskId: second.id, statusId: inProgress }),
      moveToEndTogether(db, { userId: team.member.id, taskId: third.id, statusId: inProgress }),
      moveToEndTogether(db, { userId: team.viewer.id, taskId: fourth.id, statusId: inProgress }),
      moveToEndTogether(db, { userId: team.member.id, taskId: fifth.id, statusId: otherToDo }),
      moveToEndTogether(db, { userId: team.member.id, taskId: sixth.id, statusId: inProgress }),
      // The same task again: it waits for its first move and starts from where that left it.
      moveToEndTogether(db, { userId: team.member.id, taskId: sixth.id, statusId: statusNamed('Done') }),
    ]);
    const ids = results.map((row) => row?.id);
    expect(ids).toEqual([first.id, second.id, third.id, undefined, undefined, sixth.id, sixth.id]);
    expect(results.slice(0, 3).map((row) => row?.statusId)).toEqual([inProgress, inProgress, inProgress]);
    expect(results[5]?.previousStatusId).toBe(sixth.status_id);
    expect(results[6]?.previousStatusId).toBe(inProgress);
    expect(results[6]?.statusId).toBe(statusNamed('Done'));
    expect(results[6]?.doneAt).not.toBeNull();
  });
});

describe('batchedWrite on the database the tests run on', () => {
  it('runs as many writes alone as the database runs statements side by side, then the rest together', async () => {
    const alone: number[] = [];
    const together: number[][] = [];
    const write = batchedWrite<number, number>({
      keyOf: (n) => String(n),
      async alone(_db, n) {
        alone.push(n);
        return n;
      },
      async together(_db, items) {
        together.push(items);
        return items;
      },
    });
    const db = t.database.db;
    // PGlite runs one statement at a time: a second slot there would only put a lone write beside each batch.
    const slots = t.database.kind === 'pglite' ? 1 : writeSlots;
    expect(runsOneStatementAtATime(db)).toBe(t.database.kind === 'pglite');
    const items = [1, 2, 3, 4, 5, 6];
    expect(await Promise.all(items.map((n) => write(db, n)))).toEqual(items);
    expect(alone).toEqual(items.slice(0, slots));
    expect(together).toEqual([items.slice(slots)]);
  });
});
