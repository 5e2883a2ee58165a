import type { Task } from '@deckhand/contract/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from '../../../test/support/api-call';
import { createTeam, statusIdsOf, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { uuidv7 } from '../../platform/ids';
import { createTaskTogether } from './service/create-batches';

// Creations made at the same moment go to the database together (service/create-batches.ts). These make many at
// once, so that most share a batch, and check that each still gets its own answer.

let t: TestApp;
let team: Team;
let statusNamed: (name: string) => string;
let cardIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Batched creations');
  statusNamed = await statusIdsOf(t, team.owner, team.projectId);
  cardIds = [];
  for (const title of ['First card', 'Second card']) {
    cardIds.push((await callOk(t, team.owner, 'POST', `/api/projects/${team.projectId}/cards`, { title })).id);
  }
});
afterAll(() => t.close());

describe('creations made at the same moment', () => {
  it('each answer is its own new task at the end of its status, and the board agrees', async () => {
    const before = await callOk<Task>(t, team.member, 'POST', `/api/cards/${cardIds[0]}/tasks`, { title: 'Before' });
    const choices = [undefined, statusNamed('In progress'), statusNamed('Done'), statusNamed('To do')];
    const bodies = Array.from({ length: 24 }, (_, i) => ({
      title: `Made together ${i}`,
      ...(choices[i % 4] && { status_id: choices[i % 4] }),
      ...(i % 3 === 0 && { assignee_ids: [team.member.id] }),
      ...(i % 5 === 0 && { labels: ['backend', `label ${i}`] }),
      ...(i % 2 === 0 && { priority: 'high' }),
    }));
    const answers = await Promise.all(
      bodies.map((body, i) =>
        t.request<Task>('POST', `/api/cards/${cardIds[i % 2]}/tasks`, { token: team.member.token, body }),
      ),
    );
    answers.forEach((answer, i) => {
      const body = bodies[i];
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body).toMatchObject({
        title: body?.title,
        card_id: cardIds[i % 2],
        card_title: i % 2 === 0 ? 'First card' : 'Second card',
        project_id: team.projectId,
        status_id: body?.status_id ?? statusNamed('To do'),
        assignee_ids: body?.assignee_ids ?? [],
        labels: body?.labels ?? [],
        priority: body?.priority ?? 'none',
        due_at: null,
        created_by: { user_id: team.member.id, name: 'Mia Member' },
      });
      expect(answer.body.done_at !== null).toBe(body?.status_id === statusNamed('Done'));
    });
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(answers.length);

    const made = await callOk<Task[]>(t, team.owner, 'GET', `/api/cards/${cardIds[0]}/tasks`);
    const second = await callOk<Task[]>(t, team.owner, 'GET', `/api/cards/${cardIds[1]}/tasks`);
    const all = [...made, ...second];
    for (const answer of answers) expect(all.find((task) => task.id === answer.body.id)).toEqual(answer.body);
    // The task made before them stays first in To do; keys differ within each status.
    const toDo = all.filter((task) => task.status_id === statusNamed('To do'));
    expect(toDo.sort((a, b) => (a.position < b.position ? -1 : 1))[0]?.id).toBe(before.id);
    expect(new Set(all.map((task) => `${task.status_id} ${task.position}`)).size).toBe(all.length);
  });

  it('refuses a viewer, a stranger and a status of another project among them, and makes the rest', async () => {
    const other = await createTeam(t, 'Another project');
    const otherToDo = (await statusIdsOf(t, other.owner, other.projectId))('To do');
    const cases = [
      { user: team.member, body: { title: 'Member one' }, status: 201 },
      { user: team.viewer, body: { title: 'Viewer' }, status: 403 },
      { user: team.admin, body: { title: 'Admin' }, status: 201 },
      { user: team.stranger, body: { title: 'Stranger' }, status: 404 },
      { user: team.member, body: { title: 'Elsewhere', status_id: otherToDo }, status: 400 },
      { user: team.owner, body: { title: 'Owner' }, status: 201 },
    ];
    const answers = await Promise.all(
      [...cases, ...cases].map(({ user, body }) =>
        t.request<Task>('POST', `/api/cards/${cardIds[0]}/tasks`, { token: user.token, body }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([...cases, ...cases].map((c) => c.status));
    const titles = (await callOk<Task[]>(t, team.owner, 'GET', `/api/cards/${cardIds[0]}/tasks`)).map(
      (task) => task.title,
    );
    for (const title of ['Member one', 'Admin', 'Owner']) expect(titles.filter((x) => x === title)).toHaveLength(2);
    for (const title of ['Viewer', 'Stranger', 'Elsewhere']) expect(titles).not.toContain(title);
  });
});

describe('createTaskTogether', () => {
  it('answers each creation of a batch for its own task, and nothing for one it may not make', async () => {
    const db = t.database.db;
    const make = (userId: string, title: string, statusId?: string) =>
      createTaskTogether(db, {
        id: uuidv7(),
        userId,
        cardId: cardIds[1] as string,
        statusId: statusId ?? null,
        title,
        assigneeIds: [],
        dueAt: null,
        priority: 'none',
        labels: [],
      });
    // Made in one turn: the first calls take the free slots alone, the rest wait for one and go together.
    const results = await Promise.all([
      make(team.member.id, 'Direct 1'),
      make(team.member.id, 'Direct 2'),
      make(team.member.id, 'Direct 3', statusNamed('Done')),
      make(team.viewer.id, 'Direct viewer'),
      make(team.member.id, 'Direct 4'),
      make(team.stranger.id, 'Direct stranger'),
      make(team.member.id, 'Direct 5', statusNamed('In progress')),
    ]);
    expect(results.map((row) => row?.statusId)).toEqual([
      statusNamed('To do'),
      statusNamed('To do'),
      statusNamed('Done'),
      undefined,
      statusNamed('To do'),
      undefined,
      statusNamed('In progress'),
    ]);
    expect(results[2]?.doneAt).not.toBeNull();
    expect(results[4]?.cardTitle).toBe('Second card');
    expect(results[4]?.createdByName).toBe('Mia Member');
  });
});
