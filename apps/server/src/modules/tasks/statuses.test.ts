import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLive } from '../../../test/support/live-client';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';
import { usageEvents } from '../../db/schema/usage-events';

interface StatusBody {
  id: string;
  project_id: string;
  name: string;
  color: string;
  category: string;
  wip_limit: number | null;
  task_count: number;
}

let t: TestApp;
let team: Team;
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Statuses project');
});
afterAll(() => t.close());

async function list(user: TestUser, projectId = team.projectId) {
  return t.request<StatusBody[]>('GET', `/api/projects/${projectId}/statuses`, { token: user.token });
}

async function names(projectId: string): Promise<string[]> {
  return (await list(team.owner, projectId)).body.map((status) => status.name);
}

async function newProject(name: string): Promise<string> {
  const res = await t.request<{ id: string }>('POST', '/api/projects', { token: team.owner.token, body: { name } });
  return res.body.id;
}

async function createStatus(user: TestUser, body: object, projectId = team.projectId) {
  return t.request<StatusBody>('POST', `/api/projects/${projectId}/statuses`, { token: user.token, body });
}

async function newCardWithTask(projectId: string, statusId: string): Promise<string> {
  const card = await t.request<{ id: string }>('POST', `/api/projects/${projectId}/cards`, {
    token: team.owner.token,
    body: { title: 'Card with a task' },
  });
  const task = await t.request<{ id: string }>('POST', `/api/cards/${card.body.id}/tasks`, {
    token: team.owner.token,
    body: { title: 'A task', status_id: statusId },
  });
  expect(task.status).toBe(201);
  return task.body.id;
}

describe('GET /api/projects/:projectId/statuses', () => {
  it('gives a new project To do, In progress and Done, in board order, to every member', async () => {
    for (const user of [team.owner, team.member, team.viewer]) {
      const res = await list(user);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        expect.objectContaining({ name: 'To do', category: 'todo', wip_limit: null, task_count: 0 }),
        expect.objectContaining({ name: 'In progress', category: 'in_progress' }),
        expect.objectContaining({ name: 'Done', category: 'done' }),
      ]);
    }
  });

  it('answers 404 to a stranger and for a project that does not exist', async () => {
    expect((await list(team.stranger)).status).toBe(404);
    expect((await list(team.owner, crypto.randomUUID())).status).toBe(404);
  });
});

describe('POST /api/projects/:projectId/statuses', () => {
  it('adds a status at the end, or after the one named, and tells the members', async () => {
    const projectId = await newProject('Columns');
    const live = await connectLive(t.url, team.owner.token);
    try {
      const review = await createStatus(team.owner, { name: 'Review', color: '#aa00ff', wip_limit: 3 }, projectId);
      expect(review.status).toBe(201);
      expect(review.body).toMatchObject({
        name: 'Review',
        color: '#aa00ff',
        category: 'in_progress',
        wip_limit: 3,
        task_count: 0,
      });
      await live.waitFor((m) => m.type === 'status_created' && m.status_id === review.body.id);
      const statuses = (await list(team.owner, projectId)).body;
      const first = statuses[0]?.id;
      await createStatus(team.owner, { name: 'Backlog', category: 'todo', after_id: null }, projectId);
      await createStatus(team.owner, { name: 'Ready', category: 'todo', after_id: first }, projectId);
      expect(await names(projectId)).toEqual(['Backlog', 'To do', 'Ready', 'In progress', 'Done', 'Review']);
    } finally {
      live.close();
    }
  });

  it('refuses a name already used in the project, whatever its case: 409', async () => {
    const res = await createStatus(team.owner, { name: 'done' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { code: 'statuses/name-taken' } });
  });

  it('is for admins and the owner: 403 for members and viewers, 404 for strangers', async () => {
    expect((await createStatus(team.admin, { name: 'By admin' })).status).toBe(201);
    for (const user of [team.member, team.viewer]) {
      const res = await createStatus(user, { name: 'Not allowed' });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: { code: 'statuses/forbidden' } });
    }
    expect((await createStatus(team.stranger, { name: 'Stranger' })).status).toBe(404);
  });

  it('answers 400 for a bad name, colour, category, WIP limit or after_id', async () => {
    for (const body of [
      { name: '' },
      { name: 'x'.repeat(51) },
      { name: 'Ok', color: 'red' },
      { name: 'Ok', category: 'later' },
      { name: 'Ok', wip_limit: 0 },
      { name: 'Ok', wip_limit: 1.5 },
      { name: 'Ok', after_id: crypto.randomUUID() },
      { name: 'Ok', extra: true },
    ]) {
      const res = await createStatus(team.owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await names(team.projectId)).not.toContain('Ok');
  });
});

describe('PATCH /api/statuses/:statusId', () => {
  it('renames, recolours, limits and moves a status; after_id null puts it first', async () => {
    const projectId = await newProject('Rearranged');
    const [todo, doing, done] = (await list(team.owner, projectId)).body;
    // The team's admin is no member of this new project: to them it does not exist.
    const outsider = await t.request('PATCH', `/api/statuses/${doing?.id}`, {
      token: team.admin.token,
      body: { name: 'Doing' },
    });
    expect(outsider.status).toBe(404);
    const own = await t.request<StatusBody>('PATCH', `/api/statuses/${doing?.id}`, {
      token: team.owner.token,
      body: { name: 'Doing', color: '#123456', wip_limit: 2, after_id: null },
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ name: 'Doing', color: '#123456', wip_limit: 2 });
    expect(await names(projectId)).toEqual(['Doing', 'To do', 'Done']);
    await t.request('PATCH', `/api/statuses/${todo?.id}`, { token: team.owner.token, body: { after_id: done?.id } });
    expect(await names(projectId)).toEqual(['Doing', 'Done', 'To do']);
    const cleared = await t.request<StatusBody>('PATCH', `/api/statuses/${doing?.id}`, {
      token: team.owner.token,
      body: { wip_limit: null },
    });
    expect(cleared.body.wip_limit).toBeNull();
  });

  it('makes the tasks of a status done, or not, with its category', async () => {
    const projectId = await newProject('Recategorised');
    const [todo] = (await list(team.owner, projectId)).body;
    const taskId = await newCardWithTask(projectId, todo?.id ?? '');
    await t.request('PATCH', `/api/statuses/${todo?.id}`, { token: team.owner.token, body: { category: 'done' } });
    const board = await t.request<{ tasks: { id: string; done_at: string | null }[] }>(
      'GET',
      `/api/projects/${projectId}/board`,
      { token: team.owner.token },
    );
    expect(board.body.tasks.find((task) => task.id === taskId)?.done_at).not.toBeNull();
    await t.request('PATCH', `/api/statuses/${todo?.id}`, { token: team.owner.token, body: { category: 'todo' } });
    const after = await t.request<{ tasks: { id: string; done_at: string | null }[] }>(
      'GET',
      `/api/projects/${projectId}/board`,
      { token: team.owner.token },
    );
    expect(after.body.tasks.find((task) => task.id === taskId)?.done_at).toBeNull();
  });

  it('answers 409 for a taken name, 400 for nothing to change, 403 below admin, 404 for strangers', async () => {
    const [todo] = (await list(team.owner)).body;
    const path = `/api/statuses/${todo?.id}`;
    expect((await t.request('PATCH', path, { token: team.owner.token, body: { name: 'DONE' } })).status).toBe(409);
    expect((await t.request('PATCH', path, { token: team.owner.token, body: {} })).status).toBe(400);
    expect((await t.request('PATCH', path, { token: team.member.token, body: { name: 'x' } })).status).toBe(403);
    expect((await t.request('PATCH', path, { token: team.stranger.token, body: { name: 'x' } })).status).toBe(404);
    const missing = `/api/statuses/${crypto.randomUUID()}`;
    expect((await t.request('PATCH', missing, { token: team.owner.token, body: { name: 'x' } })).status).toBe(404);
  });
});

describe('DELETE /api/statuses/:statusId', () => {
  it('deletes an empty status, and one with tasks only with move_to, which gets them at its end', async () => {
    const projectId = await newProject('Pruned');
    const [todo, doing, done] = (await list(team.owner, projectId)).body;
    const nowhere = await t.request('DELETE', `/api/statuses/${doing?.id}?move_to=${crypto.randomUUID()}`, {
      token: team.owner.token,
    });
    expect(nowhere.status).toBe(400);
    const empty = await t.request('DELETE', `/api/statuses/${doing?.id}`, { token: team.owner.token });
    expect(empty.status).toBe(204);
    const taskId = await newCardWithTask(projectId, todo?.id ?? '');
    const refused = await t.request('DELETE', `/api/statuses/${todo?.id}`, { token: team.owner.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'statuses/not-empty' } });
    const elsewhere = await t.request('DELETE', `/api/statuses/${todo?.id}?move_to=${crypto.randomUUID()}`, {
      token: team.owner.token,
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({ error: { message: expect.stringMatching(/^move_to:/) } });
    const moved = await t.request('DELETE', `/api/statuses/${todo?.id}?move_to=${done?.id}`, {
      token: team.owner.token,
    });
    expect(moved.status).toBe(204);
    const board = await t.request<{
      statuses: StatusBody[];
      tasks: { id: string; status_id: string; done_at: string | null }[];
    }>('GET', `/api/projects/${projectId}/board`, { token: team.owner.token });
    expect(board.body.statuses.map((s) => s.name)).toEqual(['Done']);
    expect(board.body.statuses[0]?.task_count).toBe(1);
    expect(board.body.tasks).toEqual([expect.objectContaining({ id: taskId, status_id: done?.id })]);
    expect(board.body.tasks[0]?.done_at).not.toBeNull();
    const last = await t.request('DELETE', `/api/statuses/${done?.id}`, { token: team.owner.token });
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ error: { code: 'statuses/last-status' } });
  });

  it('is for admins and the owner: 403 below, 404 for strangers and unknown statuses', async () => {
    const [todo] = (await list(team.owner)).body;
    expect((await t.request('DELETE', `/api/statuses/${todo?.id}`, { token: team.member.token })).status).toBe(403);
    expect((await t.request('DELETE', `/api/statuses/${todo?.id}`, { token: team.stranger.token })).status).toBe(404);
    expect(
      (await t.request('DELETE', `/api/statuses/${crypto.randomUUID()}`, { token: team.owner.token })).status,
    ).toBe(404);
    expect((await t.request('DELETE', '/api/statuses/not-a-uuid', { token: team.owner.token })).status).toBe(400);
  });
});

describe('admins changing columns at the same moment', () => {
  it('adds and reorders every column asked for, each in a place of its own, with no 5xx', async () => {
    const projectId = await newProject('Busy admins');
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createStatus(team.owner, { name: `Race ${i}` }, projectId)),
    );
    expect(created.map((res) => res.status)).toEqual(Array(10).fill(201));
    const firsts = await Promise.all(
      created
        .slice(0, 6)
        .map((res) =>
          t.request('PATCH', `/api/statuses/${res.body.id}`, { token: team.owner.token, body: { after_id: null } }),
        ),
    );
    expect(firsts.map((res) => res.status)).toEqual(Array(6).fill(200));
    const after = (await list(team.owner, projectId)).body;
    expect(after).toHaveLength(13);
    expect(new Set(after.map((status) => status.id)).size).toBe(13);
    // The six moved first are the first six, in some order; the rest keep theirs.
    expect(new Set(after.slice(0, 6).map((status) => status.name))).toEqual(
      new Set(Array.from({ length: 6 }, (_, i) => `Race ${i}`)),
    );
  });
});

describe('usage events of tasks a status change touches', () => {
  async function changesRecorded(taskId: string): Promise<string[]> {
    const events = await t.database.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.name, 'task_updated'), eq(usageEvents.userId, team.owner.id)))
      .orderBy(usageEvents.id);
    return events
      .filter((event) => event.properties.task_id === taskId)
      .map((event) => String(event.properties.change));
  }

  it('records task_updated for each task a change of category completes, and each a deletion moves', async () => {
    const projectId = await newProject('Counted changes');
    const [toDo, doing] = (await list(team.owner, projectId)).body;
    const taskId = await newCardWithTask(projectId, toDo?.id ?? '');
    await t.request('PATCH', `/api/statuses/${toDo?.id}`, { token: team.owner.token, body: { category: 'done' } });
    await expect.poll(() => changesRecorded(taskId)).toEqual(['task_created', 'task_updated']);
    await t.request('DELETE', `/api/statuses/${toDo?.id}?move_to=${doing?.id}`, { token: team.owner.token });
    await expect.poll(() => changesRecorded(taskId)).toEqual(['task_created', 'task_updated', 'task_moved']);
  });
});
