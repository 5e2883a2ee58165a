import type { Activity, ActivityPage } from '@deckhand/contract/activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from '../../../test/support/api-call';
import { connectLive } from '../../../test/support/live-client';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';

let t: TestApp;
let team: Team;
let statuses: { id: string; name: string; category: string }[];
let cardId: string;

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Activity project');
  statuses = (
    await t.request<typeof statuses>('GET', `/api/projects/${team.projectId}/statuses`, { token: team.owner.token })
  ).body;
  cardId = (await call(team.owner, 'POST', `/api/projects/${team.projectId}/cards`, { title: 'Landing page' })).id;
});
afterAll(() => t.close());

function call<T = { id: string }>(user: TestUser, method: string, path: string, body?: unknown): Promise<T> {
  return callOk<T>(t, user, method, path, body);
}

function statusNamed(name: string) {
  const found = statuses.find((s) => s.name === name);
  if (!found) throw new Error(`no status ${name}`);
  return found;
}

function firstOf(category: string) {
  const found = statuses.find((s) => s.category === category);
  if (!found) throw new Error(`no ${category} status`);
  return found;
}

async function page(query: string, user = team.owner): Promise<ActivityPage> {
  return call<ActivityPage>(user, 'GET', `/api/projects/${team.projectId}/activity?${query}`);
}

/** Waits for the entry with `verb` of this task (entries are written in batches right after the change). */
async function entryOf(taskId: string, verb: Activity['verb']): Promise<Activity> {
  let found: Activity | undefined;
  await expect
    .poll(async () => {
      found = (await page(`task_id=${taskId}`)).items.find((item) => item.verb === verb);
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

async function newTask(title: string, body: Record<string, unknown> = {}) {
  return call<{ id: string; status_id: string }>(team.owner, 'POST', `/api/cards/${cardId}/tasks`, { title, ...body });
}

describe('activity of tasks', () => {
  it('records task.created with the actor, the subject and the ids', async () => {
    const task = await newTask('Write hero headline');
    const entry = await entryOf(task.id, 'task.created');
    expect(entry).toMatchObject({
      project_id: team.projectId,
      card_id: cardId,
      task_id: task.id,
      chat_id: null,
      file_id: null,
      actor: { user_id: team.owner.id, name: 'Olive Owner' },
      subject: 'Write hero headline',
      changes: {},
    });
  });

  it('records task.moved with the statuses by id and name, and nothing for a reorder within a status', async () => {
    const todo = firstOf('todo');
    const doing = firstOf('in_progress');
    const task = await newTask('Move me', { status_id: todo.id });
    await newTask('Neighbour', { status_id: todo.id });
    await call(team.member, 'POST', `/api/tasks/${task.id}/move`, { status_id: todo.id });
    await call(team.member, 'POST', `/api/tasks/${task.id}/move`, { status_id: doing.id });
    const entry = await entryOf(task.id, 'task.moved');
    expect(entry.actor).toEqual({ user_id: team.member.id, name: 'Mia Member' });
    expect(entry.changes).toEqual({
      status: { from: { id: todo.id, name: todo.name }, to: { id: doing.id, name: doing.name } },
    });
    const moves = (await page(`task_id=${task.id}`)).items.filter((item) => item.verb === 'task.moved');
    expect(moves).toHaveLength(1);
  });

  it('records renames, assignments, due dates, priorities and labels with their changes', async () => {
    const task = await newTask('Draft copy');
    const path = `/api/tasks/${task.id}`;
    await call(team.owner, 'PATCH', path, { title: 'Draft the copy' });
    expect((await entryOf(task.id, 'task.renamed')).changes).toEqual({
      title: { from: 'Draft copy', to: 'Draft the copy' },
    });
    await call(team.admin, 'PATCH', path, { assignee_ids: [team.member.id] });
    const assigned = await entryOf(task.id, 'task.assigned');
    expect(assigned.actor?.name).toBe('Adam Admin');
    expect(assigned.subject).toBe('Draft the copy');
    expect(assigned.changes).toEqual({
      assignees: { from: [], to: [{ user_id: team.member.id, name: 'Mia Member' }] },
    });
    await call(team.admin, 'PATCH', path, { assignee_ids: [] });
    expect((await entryOf(task.id, 'task.unassigned')).changes).toEqual({
      assignees: { from: [{ user_id: team.member.id, name: 'Mia Member' }], to: [] },
    });
    await call(team.owner, 'PATCH', path, { due_at: '2030-01-02T03:04:05.000Z' });
    expect((await entryOf(task.id, 'task.due_changed')).changes).toEqual({
      due_at: { from: null, to: '2030-01-02T03:04:05.000Z' },
    });
    await call(team.owner, 'PATCH', path, { priority: 'high' });
    expect((await entryOf(task.id, 'task.priority_changed')).changes).toEqual({
      priority: { from: 'none', to: 'high' },
    });
    await call(team.owner, 'PATCH', path, { labels: ['copy', 'web'] });
    expect((await entryOf(task.id, 'task.labels_changed')).changes).toEqual({
      labels: { from: [], to: ['copy', 'web'] },
    });
  });

  it('records task.completed and task.reopened, by done and by a move into and out of a done status', async () => {
    const done = firstOf('done');
    const todo = firstOf('todo');
    const byDone = await newTask('Complete by done');
    await call(team.owner, 'PATCH', `/api/tasks/${byDone.id}`, { done: true });
    expect((await entryOf(byDone.id, 'task.completed')).changes.status?.to).toEqual({ id: done.id, name: done.name });
    await call(team.owner, 'PATCH', `/api/tasks/${byDone.id}`, { done: false });
    expect((await entryOf(byDone.id, 'task.reopened')).changes.status?.to).toEqual({ id: todo.id, name: todo.name });

    const byMove = await newTask('Complete by move', { status_id: todo.id });
    await call(team.owner, 'POST', `/api/tasks/${byMove.id}/move`, { status_id: done.id });
    await entryOf(byMove.id, 'task.completed');
    await call(team.owner, 'POST', `/api/tasks/${byMove.id}/move`, { status_id: todo.id });
    await entryOf(byMove.id, 'task.reopened');
    const verbs = (await page(`task_id=${byMove.id}`)).items.map((item) => item.verb);
    expect(verbs).toEqual(['task.reopened', 'task.completed', 'task.created']);
  });

  it('records task.deleted, and the entries outlive the task', async () => {
    const task = await newTask('Short-lived');
    await call(team.owner, 'DELETE', `/api/tasks/${task.id}`);
    const entry = await entryOf(task.id, 'task.deleted');
    expect(entry.subject).toBe('Short-lived');
    expect((await page(`task_id=${task.id}`)).items.map((item) => item.verb)).toEqual(['task.deleted', 'task.created']);
  });
});

describe('activity of statuses', () => {
  it('records status.created, status.renamed and status.deleted, and the moves of its tasks by the system', async () => {
    const created = await call<{ id: string; name: string }>(
      team.owner,
      'POST',
      `/api/projects/${team.projectId}/statuses`,
      {
        name: 'Review',
      },
    );
    await call(team.admin, 'PATCH', `/api/statuses/${created.id}`, { name: 'In review' });
    const task = await newTask('Check spelling', { status_id: created.id });
    const target = statusNamed(statuses[0]?.name ?? '');
    await call(team.owner, 'DELETE', `/api/statuses/${created.id}?move_to=${target.id}`);
    await expect
      .poll(async () => (await page('limit=200')).items.filter((i) => i.subject.includes('eview')).map((i) => i.verb))
      .toEqual(['status.deleted', 'status.renamed', 'status.created']);
    const renamed = (await page('limit=200')).items.find((i) => i.verb === 'status.renamed');
    expect(renamed).toMatchObject({
      actor: { name: 'Adam Admin' },
      changes: { name: { from: 'Review', to: 'In review' } },
    });
    const moved = await entryOf(task.id, 'task.moved');
    expect(moved.actor).toBeNull();
    expect(moved.changes.status).toEqual({
      from: { id: created.id, name: 'In review' },
      to: { id: target.id, name: target.name },
    });
  });
});

describe('GET /api/projects/:projectId/activity', () => {
  it('lets viewers read it, answers 404 to strangers and for an unknown project, 401 without a token', async () => {
    expect((await page('limit=1', team.viewer)).items).toHaveLength(1);
    const url = `/api/projects/${team.projectId}/activity`;
    const stranger = await t.request(`GET`, url, { token: team.stranger.token });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ error: { code: 'projects/not-found', message: expect.any(String) } });
    const unknown = await t.request('GET', '/api/projects/01900000-0000-7000-8000-000000000000/activity', {
      token: team.owner.token,
    });
    expect(unknown.status).toBe(404);
    expect((await t.request('GET', url)).status).toBe(401);
  });

  it('refuses a bad limit, cursor or filter with 400', async () => {
    const url = `/api/projects/${team.projectId}/activity`;
    for (const query of ['limit=0', 'limit=201', 'limit=ten', 'cursor=nope', 'card_id=1', 'task_id=x']) {
      const res = await t.request('GET', `${url}?${query}`, { token: team.owner.token });
      expect(res.status, query).toBe(400);
      expect((res.body as { error: { code: string } }).error.code).toBe('request/invalid');
    }
  });

  it('pages newest first with next_cursor until the last page', async () => {
    const task = await newTask('Paged');
    for (const priority of ['low', 'medium', 'high', 'urgent']) {
      await call(team.owner, 'PATCH', `/api/tasks/${task.id}`, { priority });
    }
    await expect.poll(async () => (await page(`task_id=${task.id}`)).items.length).toBe(5);
    const all = (await page(`task_id=${task.id}`)).items;
    const seen: Activity[] = [];
    let cursor: string | null = null;
    do {
      const next: ActivityPage = await page(`task_id=${task.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...next.items);
      cursor = next.next_cursor;
    } while (cursor);
    expect(seen.map((item) => item.id)).toEqual(all.map((item) => item.id));
    expect([...seen].sort((a, b) => b.created_at.localeCompare(a.created_at)).map((i) => i.id)).toEqual(
      seen.map((i) => i.id),
    );
  });

  it('includes a card’s tasks in the card’s history, and sends activity_created to members', async () => {
    const live = await connectLive(t.url, team.viewer.token);
    try {
      const task = await newTask('Live entry');
      await live.waitFor((m) => m.type === 'activity_created' && m.task_id === task.id && m.card_id === cardId);
      const cardPage = await page(`card_id=${cardId}&limit=200`);
      expect(cardPage.items.some((item) => item.task_id === task.id && item.verb === 'task.created')).toBe(true);
    } finally {
      live.close();
    }
  });
});
