import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLive } from '../../../test/support/live-client';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';
import { notifications } from '../../db/schema/notifications';
import { usageEvents } from '../../db/schema/usage-events';

interface TaskBody {
  id: string;
  project_id: string;
  card_id: string;
  card_title: string;
  title: string;
  status_id: string;
  position: string;
  assignee_ids: string[];
  due_at: string | null;
  priority: string;
  labels: string[];
  done_at: string | null;
  created_by: { user_id: string | null; name: string };
  created_at: string;
  updated_at: string;
}

interface StatusBody {
  id: string;
  name: string;
  category: string;
}

let t: TestApp;
let team: Team;
let statuses: StatusBody[];
let cardId: string;
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Tasks project');
  statuses = (
    await t.request<StatusBody[]>('GET', `/api/projects/${team.projectId}/statuses`, { token: team.owner.token })
  ).body;
  cardId = await newCard('Launch');
});
afterAll(() => t.close());

function status(name: string): string {
  const found = statuses.find((s) => s.name === name);
  if (!found) throw new Error(`no status ${name}`);
  return found.id;
}

async function newCard(title: string, projectId = team.projectId, user = team.owner): Promise<string> {
  const res = await t.request<{ id: string }>('POST', `/api/projects/${projectId}/cards`, {
    token: user.token,
    body: { title },
  });
  return res.body.id;
}

async function create(user: TestUser, body: object, card = cardId) {
  return t.request<TaskBody>('POST', `/api/cards/${card}/tasks`, { token: user.token, body });
}

async function createOk(body: object, card = cardId): Promise<TaskBody> {
  const res = await create(team.member, body, card);
  if (res.status !== 201) throw new Error(`task not created: ${res.status} ${res.text}`);
  return res.body;
}

async function move(user: TestUser, taskId: string, body: object) {
  return t.request<TaskBody>('POST', `/api/tasks/${taskId}/move`, { token: user.token, body });
}

async function order(statusId: string, card = cardId): Promise<string[]> {
  const res = await t.request<TaskBody[]>('GET', `/api/cards/${card}/tasks`, { token: team.owner.token });
  return res.body.filter((task) => task.status_id === statusId).map((task) => task.title);
}

describe('POST /api/cards/:cardId/tasks', () => {
  it('creates a task at the end of the first status with every field, and records task_updated', async () => {
    const due = '2031-05-01T09:30:00.000Z';
    const res = await create(team.member, {
      title: '  Write the plan  ',
      assignee_ids: [team.member.id, team.admin.id, team.member.id],
      due_at: due,
      priority: 'high',
      labels: ['docs', 'q2', 'docs'],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      project_id: team.projectId,
      card_id: cardId,
      card_title: 'Launch',
      title: 'Write the plan',
      status_id: status('To do'),
      assignee_ids: [team.member.id, team.admin.id],
      due_at: due,
      priority: 'high',
      labels: ['docs', 'q2'],
      done_at: null,
      created_by: { user_id: team.member.id, name: 'Mia Member' },
    });
    expect(typeof res.body.position).toBe('string');
    // Usage events are written in batches a few milliseconds later.
    await expect
      .poll(async () => {
        const events = await t.database.db
          .select()
          .from(usageEvents)
          .where(and(eq(usageEvents.name, 'task_updated'), eq(usageEvents.userId, team.member.id)));
        return events.map((event) => event.properties.task_id);
      })
      .toContain(res.body.id);
  });

  it('puts a task in the status given, done at once in a done status', async () => {
    const task = await createOk({ title: 'Already shipped', status_id: status('Done') });
    expect(task.status_id).toBe(status('Done'));
    expect(task.done_at).not.toBeNull();
  });

  it('answers 400 for bad fields, a status of another project and assignees who are not members', async () => {
    const other = await t.request<{ id: string }>('POST', '/api/projects', {
      token: team.stranger.token,
      body: { name: 'Elsewhere' },
    });
    const foreign = (
      await t.request<StatusBody[]>('GET', `/api/projects/${other.body.id}/statuses`, { token: team.stranger.token })
    ).body[0]?.id;
    for (const body of [
      { title: '' },
      { title: 'x'.repeat(301) },
      { title: 'ok', priority: 'critical' },
      { title: 'ok', labels: Array.from({ length: 11 }, (_, i) => `l${i}`) },
      { title: 'ok', labels: ['x'.repeat(31)] },
      { title: 'ok', due_at: 'tomorrow' },
      { title: 'ok', due_at: '0000-01-01T00:00:00Z' },
      { title: 'ok', due_at: '1969-12-31T23:00:00Z' },
      { title: 'ok', due_at: '9999-12-31T23:00:00-05:00' },
      { title: 'ok', status_id: foreign },
      { title: 'ok', assignee_ids: [team.stranger.id] },
      { title: 'ok', assignee_ids: ['not-a-uuid'] },
    ]) {
      const res = await create(team.owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('counts labels once repeats are dropped', async () => {
    const labels = [...Array.from({ length: 10 }, (_, i) => `l${i}`), 'l0'];
    const res = await create(team.owner, { title: 'Eleven with a repeat', labels });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ labels: labels.slice(0, 10) });
  });

  it('is for members and up: 403 for a viewer, 404 for a stranger and an unknown card', async () => {
    expect((await create(team.viewer, { title: 'Viewer' })).status).toBe(403);
    expect((await create(team.stranger, { title: 'Stranger' })).status).toBe(404);
    expect((await create(team.owner, { title: 'Nowhere' }, crypto.randomUUID())).status).toBe(404);
  });
});

describe('GET /api/cards/:cardId/tasks', () => {
  it('lists the card’s tasks for every member, 404 for strangers', async () => {
    const card = await newCard('Listing');
    await createOk({ title: 'First' }, card);
    await createOk({ title: 'Second' }, card);
    const res = await t.request<TaskBody[]>('GET', `/api/cards/${card}/tasks`, { token: team.viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.map((task) => task.title)).toEqual(['First', 'Second']);
    expect((await t.request('GET', `/api/cards/${card}/tasks`, { token: team.stranger.token })).status).toBe(404);
  });
});

describe('PATCH /api/tasks/:taskId', () => {
  it('changes fields, and done moves it to the end of the first done or to-do status', async () => {
    const card = await newCard('Patching');
    const task = await createOk({ title: 'Patch me' }, card);
    await createOk({ title: 'Done before', status_id: status('Done') }, card);
    const patched = await t.request<TaskBody>('PATCH', `/api/tasks/${task.id}`, {
      token: team.member.token,
      body: { title: 'Patched', priority: 'urgent', labels: ['x'], due_at: null, done: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      title: 'Patched',
      priority: 'urgent',
      labels: ['x'],
      status_id: status('Done'),
    });
    expect(patched.body.done_at).not.toBeNull();
    expect(await order(status('Done'), card)).toEqual(['Done before', 'Patched']);
    const reopened = await t.request<TaskBody>('PATCH', `/api/tasks/${task.id}`, {
      token: team.member.token,
      body: { done: false },
    });
    expect(reopened.body).toMatchObject({ status_id: status('To do'), done_at: null });
  });

  it('answers 400 for nothing to change or bad fields, 403 for viewers, 404 for strangers and unknown tasks', async () => {
    const task = await createOk({ title: 'Guarded' });
    const path = `/api/tasks/${task.id}`;
    expect((await t.request('PATCH', path, { token: team.owner.token, body: {} })).status).toBe(400);
    expect((await t.request('PATCH', path, { token: team.owner.token, body: { title: ' ' } })).status).toBe(400);
    expect((await t.request('PATCH', path, { token: team.viewer.token, body: { title: 'v' } })).status).toBe(403);
    expect((await t.request('PATCH', path, { token: team.stranger.token, body: { title: 's' } })).status).toBe(404);
    const missing = `/api/tasks/${crypto.randomUUID()}`;
    expect((await t.request('PATCH', missing, { token: team.owner.token, body: { title: 'm' } })).status).toBe(404);
  });

  it('notifies people newly assigned by someone else with task_assigned, never the one assigning', async () => {
    const task = await createOk({ title: 'Assign me' });
    await t.request('PATCH', `/api/tasks/${task.id}`, {
      token: team.member.token,
      body: { assignee_ids: [team.member.id, team.admin.id] },
    });
    const notified = async (userId: string) =>
      t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.taskId, task.id)));
    await expect.poll(async () => (await notified(team.admin.id)).length).toBe(1);
    expect((await notified(team.admin.id))[0]).toMatchObject({
      type: 'task_assigned',
      projectId: team.projectId,
      cardId,
      authorId: team.member.id,
      authorName: 'Mia Member',
    });
    expect(await notified(team.member.id)).toEqual([]);
    // Assigned again with the same people: nothing new.
    await t.request('PATCH', `/api/tasks/${task.id}`, {
      token: team.owner.token,
      body: { assignee_ids: [team.admin.id, team.member.id] },
    });
    expect((await notified(team.admin.id)).length).toBe(1);
  });
});

describe('POST /api/tasks/:taskId/move', () => {
  it('places a task after or before a neighbour, or at the end, within and between statuses', async () => {
    const card = await newCard('Moving');
    const [a, b, c] = [
      await createOk({ title: 'A' }, card),
      await createOk({ title: 'B' }, card),
      await createOk({ title: 'C' }, card),
    ];
    expect((await move(team.member, c?.id ?? '', { status_id: status('To do'), before_id: a?.id })).status).toBe(200);
    expect(await order(status('To do'), card)).toEqual(['C', 'A', 'B']);
    await move(team.member, c?.id ?? '', { status_id: status('To do'), after_id: a?.id });
    expect(await order(status('To do'), card)).toEqual(['A', 'C', 'B']);
    await move(team.member, b?.id ?? '', { status_id: status('To do'), before_id: c?.id });
    expect(await order(status('To do'), card)).toEqual(['A', 'B', 'C']);
    const moved = await move(team.member, a?.id ?? '', { status_id: status('Done') });
    expect(moved.body).toMatchObject({ status_id: status('Done') });
    expect(moved.body.done_at).not.toBeNull();
    await move(team.member, b?.id ?? '', { status_id: status('Done'), before_id: a?.id });
    expect(await order(status('Done'), card)).toEqual(['B', 'A']);
    const back = await move(team.member, a?.id ?? '', { status_id: status('In progress') });
    expect(back.body.done_at).toBeNull();
  });

  it('moves a task to the end of the status it is in, and keeps done_at while it stays done', async () => {
    const card = await newCard('To the end');
    const a = await createOk({ title: 'A', status_id: status('Done') }, card);
    await createOk({ title: 'B', status_id: status('Done') }, card);
    const res = await move(team.member, a.id, { status_id: status('Done') });
    expect(res.status).toBe(200);
    expect(await order(status('Done'), card)).toEqual(['B', 'A']);
    expect(res.body.done_at).toBe(a.done_at);
    expect(res.body).toMatchObject({ id: a.id, card_title: 'To the end', title: 'A', created_by: a.created_by });
    expect(res.body.updated_at >= a.updated_at).toBe(true);
  });

  it('answers 400 for a neighbour in another status, both neighbours, or the task itself', async () => {
    const card = await newCard('Bad moves');
    const a = await createOk({ title: 'A' }, card);
    const b = await createOk({ title: 'B' }, card);
    for (const body of [
      { status_id: status('Done'), after_id: b.id },
      { status_id: status('To do'), after_id: b.id, before_id: b.id },
      { status_id: status('To do'), after_id: a.id },
      { status_id: crypto.randomUUID() },
      { status_id: 'x' },
    ]) {
      const res = await move(team.member, a.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await order(status('To do'), card)).toEqual(['A', 'B']);
  });

  it('is for members and up: 403 for a viewer, 404 for a stranger', async () => {
    const a = await createOk({ title: 'Stay' });
    expect((await move(team.viewer, a.id, { status_id: status('Done') })).status).toBe(403);
    expect((await move(team.stranger, a.id, { status_id: status('Done') })).status).toBe(404);
  });

  it('tells the project’s members task_moved, and nobody else', async () => {
    const a = await createOk({ title: 'Watched' });
    const viewer = await connectLive(t.url, team.viewer.token);
    const stranger = await connectLive(t.url, team.stranger.token);
    try {
      await move(team.member, a.id, { status_id: status('In progress') });
      await viewer.waitFor((m) => m.type === 'task_moved' && m.task_id === a.id && m.card_id === cardId);
      expect(stranger.messages.filter((m) => m.task_id === a.id)).toEqual([]);
    } finally {
      viewer.close();
      stranger.close();
    }
  });

  it('never loses, duplicates or ties a task when 20 clients move the same tasks at once', async () => {
    const card = await newCard('Scramble');
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) ids.push((await createOk({ title: `T${i}` }, card)).id);
    const columns = [status('To do'), status('In progress'), status('Done')];
    let seed = 11;
    const random = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    const movers = Array.from({ length: 20 }, async () => {
      for (let round = 0; round < 10; round += 1) {
        const taskId = ids[random(ids.length)] ?? '';
        const statusId = columns[random(columns.length)] ?? '';
        const neighbour = ids[random(ids.length)];
        const body = random(2) === 0 ? { status_id: statusId } : { status_id: statusId, after_id: neighbour };
        const res = await move(team.member, taskId, body);
        // A neighbour that has just left that status is a fair 400; anything else is a bug.
        expect([200, 400]).toContain(res.status);
      }
    });
    await Promise.all(movers);
    const res = await t.request<TaskBody[]>('GET', `/api/cards/${card}/tasks`, { token: team.owner.token });
    expect(res.body.map((task) => task.id).sort()).toEqual([...ids].sort());
    for (const statusId of columns) {
      const positions = res.body.filter((task) => task.status_id === statusId).map((task) => task.position);
      expect(new Set(positions).size).toBe(positions.length);
      expect([...positions].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))).toEqual(positions);
    }
  });
});

describe('DELETE /api/tasks/:taskId', () => {
  it('deletes for members and up, 403 for viewers, 404 for strangers and unknown tasks', async () => {
    const task = await createOk({ title: 'Delete me' });
    expect((await t.request('DELETE', `/api/tasks/${task.id}`, { token: team.viewer.token })).status).toBe(403);
    expect((await t.request('DELETE', `/api/tasks/${task.id}`, { token: team.stranger.token })).status).toBe(404);
    expect((await t.request('DELETE', `/api/tasks/${task.id}`, { token: team.member.token })).status).toBe(204);
    expect((await t.request('DELETE', `/api/tasks/${task.id}`, { token: team.member.token })).status).toBe(404);
  });

  it('goes with its card', async () => {
    const card = await newCard('Doomed');
    const task = await createOk({ title: 'Goes too' }, card);
    expect((await t.request('DELETE', `/api/cards/${card}`, { token: team.owner.token })).status).toBe(204);
    expect(
      (await t.request('PATCH', `/api/tasks/${task.id}`, { token: team.owner.token, body: { title: 'x' } })).status,
    ).toBe(404);
  });
});
