import type { Board } from '@deckhand/contract/tasks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { readBoard } from './queries/board';

// The board's answer is made from what changed since this instance last read it (service/board-model.ts). Here
// it must equal the board read whole from the database after every step of a long, random mix of changes.

let t: TestApp;
let team: Team;
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Busy board');
});
afterAll(() => t.close());

/** The same sequence on every run (and so on both databases). */
function seededRandom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 48271) % 2147483647;
    return state;
  };
  return {
    below: (n: number) => next() % n,
    chance: (p: number) => next() / 2147483647 < p,
    pick<T>(items: readonly T[]): T {
      const item = items[next() % items.length];
      if (item === undefined) throw new Error('pick from nothing');
      return item;
    },
  };
}

async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await t.request<T>(method, path, { token: team.owner.token, body });
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${res.text}`);
  return res.body;
}

async function expectFreshBoard(projectId: string): Promise<Board> {
  const res = await t.request<Board>('GET', `/api/projects/${projectId}/board`, { token: team.owner.token });
  expect(res.status).toBe(200);
  const fresh = await readBoard(t.database.db, projectId);
  expect(res.body).toEqual(fresh);
  return fresh;
}

describe('the board after changes', () => {
  it('equals a fresh read after each of 160 random creations, moves, edits, deletions and status and card changes', async () => {
    const random = seededRandom(20261126);
    const { projectId } = team;
    const cardIds: string[] = [];
    for (const title of ['Alpha', 'Beta', 'Gamma']) {
      cardIds.push((await call<{ id: string }>('POST', `/api/projects/${projectId}/cards`, { title })).id);
    }
    const archived = new Set<string>();
    let board = await expectFreshBoard(projectId);
    const people = [team.owner.id, team.admin.id, team.member.id];
    const someTask = () => random.pick(board.tasks).id;
    const someStatus = () => random.pick(board.statuses).id;

    const steps: { weight: number; run: () => Promise<unknown> }[] = [
      {
        weight: 6,
        run: () =>
          call('POST', `/api/cards/${random.pick(cardIds)}/tasks`, {
            title: `Task ${random.below(1000)} “quoted” \\ ünï`,
            status_id: someStatus(),
            ...(random.chance(0.3) && { assignee_ids: [random.pick(people)] }),
            ...(random.chance(0.3) && { labels: ['backend', 'ux'].slice(random.below(2)) }),
            ...(random.chance(0.2) && { due_at: new Date(Date.UTC(2027, 0, 1 + random.below(60))).toISOString() }),
          }),
      },
      {
        weight: 8,
        run: async () => {
          if (board.tasks.length === 0) return;
          const statusId = someStatus();
          const inStatus = board.tasks.filter((task) => task.status_id === statusId);
          const neighbour = inStatus.length > 0 && random.chance(0.6) ? random.pick(inStatus).id : undefined;
          const task = someTask();
          if (neighbour === task) return;
          await call('POST', `/api/tasks/${task}/move`, {
            status_id: statusId,
            ...(neighbour && (random.chance(0.5) ? { after_id: neighbour } : { before_id: neighbour })),
          });
        },
      },
      {
        weight: 4,
        run: async () => {
          if (board.tasks.length === 0) return;
          const edits = [
            { title: `Renamed ${random.below(1000)}` },
            { priority: random.pick(['none', 'low', 'high', 'urgent']) },
            { labels: random.chance(0.5) ? [] : ['design'] },
            { due_at: random.chance(0.5) ? null : '2027-03-04T05:06:07.000Z' },
            { assignee_ids: people.filter(() => random.chance(0.5)) },
            { done: random.chance(0.5) },
          ];
          await call('PATCH', `/api/tasks/${someTask()}`, random.pick(edits));
        },
      },
      {
        weight: 2,
        run: async () => {
          if (board.tasks.length > 0) await call('DELETE', `/api/tasks/${someTask()}`);
        },
      },
      {
        weight: 1,
        run: () =>
          call('POST', `/api/projects/${projectId}/statuses`, {
            name: `Stage ${random.below(100_000)}`,
            after_id: random.chance(0.5) ? someStatus() : null,
          }),
      },
      {
        weight: 2,
        run: async () => {
          const statusId = someStatus();
          const others = board.statuses.filter((status) => status.id !== statusId);
          const change = random.pick([
            { name: `Column ${random.below(100_000)}` },
            { color: '#aa3355' },
            { wip_limit: random.chance(0.5) ? null : 3 },
            { after_id: others.length > 0 && random.chance(0.7) ? random.pick(others).id : null },
          ]);
          await call('PATCH', `/api/statuses/${statusId}`, change);
        },
      },
      {
        weight: 1,
        run: async () => {
          const status = random.pick(board.statuses);
          // Marking a task done or not needs a status of each category: keep one.
          if (board.statuses.filter((other) => other.category === status.category).length < 2) return;
          const statusId = status.id;
          const moveTo = random.pick(board.statuses.filter((status) => status.id !== statusId)).id;
          await call('DELETE', `/api/statuses/${statusId}?move_to=${moveTo}`);
        },
      },
      {
        weight: 1,
        run: async () => {
          const cardId = random.pick(cardIds);
          if (random.chance(0.5)) {
            await call('PATCH', `/api/cards/${cardId}`, { title: `Card ${random.below(1000)}` });
          } else {
            const archive = !archived.has(cardId);
            await call('PATCH', `/api/cards/${cardId}`, { archived: archive });
            if (archive) archived.add(cardId);
            else archived.delete(cardId);
          }
        },
      },
    ];
    const total = steps.reduce((sum, step) => sum + step.weight, 0);
    const ran = steps.map(() => 0);
    for (let i = 0; i < 160; i += 1) {
      let roll = random.below(total);
      const step = steps.find((candidate) => {
        roll -= candidate.weight;
        return roll < 0;
      });
      if (!step) throw new Error('no step rolled');
      await step.run();
      const index = steps.indexOf(step);
      ran[index] = (ran[index] ?? 0) + 1;
      // Now and then several changes land between two of the API's reads (the test's own view is read directly).
      board =
        random.chance(0.7) || i === 159 ? await expectFreshBoard(projectId) : await readBoard(t.database.db, projectId);
    }
    // Every kind of change was made, several times.
    expect(Math.min(...ran)).toBeGreaterThan(3);
    expect(board.tasks.length).toBeGreaterThan(5);
  });

  it('stays in order when a column’s keys are all rewritten (the keys between two tasks grew too long)', async () => {
    const projectId = (await call<{ id: string }>('POST', '/api/projects', { name: 'Crowded gap' })).id;
    const cardId = (await call<{ id: string }>('POST', `/api/projects/${projectId}/cards`, { title: 'Gap' })).id;
    const made: { id: string; status_id: string }[] = [];
    for (const title of ['Zero', 'First', 'Second', 'Third', 'Fourth']) {
      made.push(await call<{ id: string; status_id: string }>('POST', `/api/cards/${cardId}/tasks`, { title }));
    }
    const [zero, first, second, third, fourth] = made;
    if (!zero || !first || !second || !third || !fourth) throw new Error('tasks not made');
    // Its key then follows Fourth's, so that the rewrite gives First, Fourth and it other keys than they had.
    await call('POST', `/api/tasks/${zero.id}/move`, { status_id: zero.status_id });
    const longestKey = async () => {
      const rows = await t.database.db.execute(
        sql`select max(length(position))::int as longest from tasks where status_id = ${first.status_id}`,
      );
      return z.object({ rows: z.array(z.object({ longest: z.number() })) }).parse(rows).rows[0]?.longest ?? 0;
    };
    let longest = 0;
    let rewritten = false;
    // About five moves a character: the 48-character limit is reached after some 250.
    for (let i = 0; i < 500 && !rewritten; i += 1) {
      // Each lands in the shrinking gap right after First, so each key is longer than the last.
      const moving = i % 2 === 0 ? second : third;
      await call('POST', `/api/tasks/${moving.id}/move`, { status_id: first.status_id, after_id: first.id });
      if (i % 25 === 0) await expectFreshBoard(projectId);
      const now = await longestKey();
      rewritten = now < longest;
      longest = now;
    }
    expect(rewritten).toBe(true);
    await expectFreshBoard(projectId);
    // Placed among the rewritten keys of First, Fourth and Zero, which did not move since: only right if the board
    // knows their new keys.
    for (const [moving, place] of [
      [second, { before_id: first.id }],
      [third, { after_id: fourth.id }],
      [second, { before_id: fourth.id }],
      [third, { before_id: first.id }],
    ] as const) {
      await call('POST', `/api/tasks/${moving.id}/move`, { status_id: first.status_id, ...place });
      await expectFreshBoard(projectId);
    }
  });

  it('sends a board read whole compressed whole, then pieced together after a change, the same decompressed', async () => {
    const projectId = (await call<{ id: string }>('POST', '/api/projects', { name: 'Compressed board' })).id;
    const cardId = (await call<{ id: string }>('POST', `/api/projects/${projectId}/cards`, { title: 'Many' })).id;
    const tasks: { id: string }[] = [];
    for (let i = 0; i < 40; i += 1) {
      tasks.push(await call<{ id: string }>('POST', `/api/cards/${cardId}/tasks`, { title: `Task number ${i}` }));
    }
    const expectSent = async (acceptEncoding: string, encoding: string | null) => {
      const res = await t.request<Board>('GET', `/api/projects/${projectId}/board`, {
        token: team.owner.token,
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.body).toEqual(await readBoard(t.database.db, projectId));
    };
    // No model yet: the board is read whole, and its first answer compressed whole, Brotli included.
    await expectSent('gzip, deflate, br, zstd', 'br');
    await expectSent('gzip', 'gzip');
    await expectSent('identity', null);
    const { statuses } = await readBoard(t.database.db, projectId);
    await call('POST', `/api/tasks/${tasks[0]?.id}/move`, { status_id: statuses[1]?.id });
    for (const acceptEncoding of ['gzip', 'br, gzip', 'gzip, deflate, br, zstd'])
      await expectSent(acceptEncoding, 'gzip');
    await expectSent('identity', null);
  });

  it('drops deleted tasks and a deleted card’s from what it holds, without reading the board whole again', async () => {
    const projectId = (await call<{ id: string }>('POST', '/api/projects', { name: 'Deletions' })).id;
    const cardIds: string[] = [];
    const tasks: { id: string }[] = [];
    for (const title of ['Kept', 'Deleted']) {
      const cardId = (await call<{ id: string }>('POST', `/api/projects/${projectId}/cards`, { title })).id;
      cardIds.push(cardId);
      for (let i = 0; i < 20; i += 1) {
        tasks.push(await call<{ id: string }>('POST', `/api/cards/${cardId}/tasks`, { title: `${title} ${i}` }));
      }
    }
    const get = () =>
      t.request<Board>('GET', `/api/projects/${projectId}/board`, {
        token: team.owner.token,
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
    // A board read whole is compressed whole (Brotli); one made from what changed is pieced together (gzip).
    expect((await get()).headers.get('content-encoding')).toBe('br');
    for (const deletion of [`/api/tasks/${tasks[3]?.id}`, `/api/tasks/${tasks[0]?.id}`, `/api/cards/${cardIds[1]}`]) {
      await call('DELETE', deletion);
      const res = await get();
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.body).toEqual(await readBoard(t.database.db, projectId));
    }
    expect((await get()).body.tasks).toHaveLength(18);
  });

  it('sends a board that stands unchanged compressed whole once it was sent twice, and pieced again after a change', async () => {
    const projectId = (await call<{ id: string }>('POST', '/api/projects', { name: 'Resting board' })).id;
    const cardId = (await call<{ id: string }>('POST', `/api/projects/${projectId}/cards`, { title: 'Many' })).id;
    const tasks: { id: string }[] = [];
    for (let i = 0; i < 40; i += 1) {
      tasks.push(await call<{ id: string }>('POST', `/api/cards/${cardId}/tasks`, { title: `Task number ${i}` }));
    }
    const get = (acceptEncoding: string) =>
      t.request<Board>('GET', `/api/projects/${projectId}/board`, {
        token: team.owner.token,
        headers: { 'accept-encoding': acceptEncoding },
      });
    const browser = 'gzip, deflate, br, zstd';
    // Read whole, so compressed whole at once; a change then makes an answer pieced together.
    const whole = await get(browser);
    expect(whole.headers.get('content-encoding')).toBe('br');
    const [, doing] = whole.body.statuses;
    await call('POST', `/api/tasks/${tasks[1]?.id}/move`, { status_id: doing?.id });
    // Made, then sent twice as it stands: the second sending asks for its Brotli form.
    const made = await get(browser);
    expect(made.headers.get('content-encoding')).toBe('gzip');
    for (let i = 0; i < 2; i += 1) expect((await get(browser)).headers.get('content-encoding')).toBe('gzip');

    const resting = await vi.waitFor(
      async () => {
        const res = await get(browser);
        expect(res.headers.get('content-encoding')).toBe('br');
        return res;
      },
      { timeout: 5000, interval: 20 },
    );
    expect(resting.body).toEqual(await readBoard(t.database.db, projectId));
    expect(resting.headers.get('etag')).toBe(made.headers.get('etag'));
    // Browsers over plain HTTP take no Brotli: they get one gzip stream, smaller than the pieces were.
    const gzipOnly = await get('gzip, deflate');
    expect(gzipOnly.headers.get('content-encoding')).toBe('gzip');
    expect(gzipOnly.body).toEqual(resting.body);
    expect(Number(gzipOnly.headers.get('content-length'))).toBeLessThan(Number(made.headers.get('content-length')));

    await call('POST', `/api/tasks/${tasks[0]?.id}/move`, { status_id: doing?.id });
    const changed = await get(browser);
    expect(changed.headers.get('content-encoding')).toBe('gzip');
    expect(changed.body).toEqual(await readBoard(t.database.db, projectId));
  });
});
