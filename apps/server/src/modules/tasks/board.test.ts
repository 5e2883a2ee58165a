import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';

interface TaskBody {
  id: string;
  title: string;
  status_id: string;
  card_title?: string;
  card_id: string;
  due_at: string | null;
  project_name?: string;
}

interface BoardBody {
  statuses: { id: string; name: string; task_count: number }[];
  tasks: TaskBody[];
}

let t: TestApp;
let team: Team;
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Board project');
});
afterAll(() => t.close());

async function newCard(title: string, projectId = team.projectId, user: TestUser = team.owner): Promise<string> {
  const res = await t.request<{ id: string }>('POST', `/api/projects/${projectId}/cards`, {
    token: user.token,
    body: { title },
  });
  return res.body.id;
}

async function newTask(cardId: string, body: object, user: TestUser = team.owner): Promise<TaskBody> {
  const res = await t.request<TaskBody>('POST', `/api/cards/${cardId}/tasks`, { token: user.token, body });
  if (res.status !== 201) throw new Error(`task not created: ${res.text}`);
  return res.body;
}

async function board(user: TestUser, projectId = team.projectId) {
  return t.request<BoardBody>('GET', `/api/projects/${projectId}/board`, { token: user.token });
}

describe('GET /api/projects/:projectId/board', () => {
  it('holds every task of the cards that are not archived, by status in board order', async () => {
    const projectId = (
      await t.request<{ id: string }>('POST', '/api/projects', { token: team.owner.token, body: { name: 'Board' } })
    ).body.id;
    const first = (await board(team.owner, projectId)).body.statuses;
    const [todo, doing, done] = first;
    const card = await newCard('Visible', projectId);
    const archived = await newCard('Archived', projectId);
    await newTask(card, { title: 'Done one', status_id: done?.id });
    await newTask(card, { title: 'Doing one', status_id: doing?.id });
    await newTask(card, { title: 'Todo one' });
    await newTask(card, { title: 'Todo two' });
    await newTask(archived, { title: 'Hidden' });
    await t.request('PATCH', `/api/cards/${archived}`, { token: team.owner.token, body: { archived: true } });

    const res = await board(team.owner, projectId);
    expect(res.status).toBe(200);
    expect(res.body.tasks.map((task) => task.title)).toEqual(['Todo one', 'Todo two', 'Doing one', 'Done one']);
    expect(res.body.statuses.map((s) => [s.name, s.task_count])).toEqual([
      ['To do', 2],
      ['In progress', 1],
      ['Done', 1],
    ]);
    expect(res.body.tasks[0]?.status_id).toBe(todo?.id);
  });

  it('is cached: unchanged it answers 304 to its ETag; any change (even within a millisecond) gives a new one', async () => {
    const projectId = (
      await t.request<{ id: string }>('POST', '/api/projects', { token: team.owner.token, body: { name: 'Cached' } })
    ).body.id;
    const card = await newCard('Cached card', projectId);
    const first = await newTask(card, { title: 'One' });
    const before = await board(team.owner, projectId);
    const etag = before.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\//);
    const again = await t.request('GET', `/api/projects/${projectId}/board`, {
      token: team.owner.token,
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const [, doing] = before.body.statuses;
    // Two changes back to back, then the board: each one shows.
    await t.request('POST', `/api/tasks/${first.id}/move`, { token: team.owner.token, body: { status_id: doing?.id } });
    await t.request('PATCH', `/api/tasks/${first.id}`, { token: team.owner.token, body: { title: 'Renamed' } });
    const after = await t.request<BoardBody>('GET', `/api/projects/${projectId}/board`, {
      token: team.owner.token,
      headers: { 'if-none-match': etag },
    });
    expect(after.status).toBe(200);
    expect(after.body.tasks).toEqual([
      expect.objectContaining({ id: first.id, title: 'Renamed', status_id: doing?.id }),
    ]);
    await t.request('PATCH', `/api/cards/${card}`, { token: team.owner.token, body: { title: 'Card renamed' } });
    expect((await board(team.owner, projectId)).body.tasks[0]?.card_title).toBe('Card renamed');
    await t.request('DELETE', `/api/tasks/${first.id}`, { token: team.owner.token });
    expect((await board(team.owner, projectId)).body.tasks).toEqual([]);
  });

  it('is read by viewers and refused to strangers with 404', async () => {
    expect((await board(team.viewer)).status).toBe(200);
    expect((await board(team.stranger)).status).toBe(404);
    expect((await board(team.owner, crypto.randomUUID())).status).toBe(404);
  });

  // A third of them assigned, a fifth with a due date, a seventh labelled, titles of some 28 characters.
  it('stays under 1.5 MB of JSON for 5,000 tasks', async () => {
    const projectId = (
      await t.request<{ id: string }>('POST', '/api/projects', { token: team.owner.token, body: { name: 'Big board' } })
    ).body.id;
    const card = await newCard('Launch plan for Q3', projectId);
    const [{ id: statusId } = { id: '' }] = (await board(team.owner, projectId)).body.statuses;
    // Written straight into the table: 5,000 requests would make this test about setup time.
    await t.database.db.execute(
      `insert into tasks (id, project_id, card_id, status_id, title, position, assignee_ids, labels, due_at, created_by, created_by_name)
       select gen_random_uuid(), '${projectId}', '${card}', '${statusId}', 'Write the release notes ' || i,
              'a' || lpad(i::text, 5, '0'),
              case when i % 3 = 0 then array['${team.owner.id}']::uuid[] else '{}' end,
              case when i % 7 = 0 then array['backend'] else '{}' end,
              case when i % 5 = 0 then now() + interval '3 days' end,
              '${team.owner.id}', 'Olive Owner'
       from generate_series(1, 5000) i`,
    );
    const res = await board(team.owner, projectId);
    expect(res.body.tasks).toHaveLength(5000);
    expect(Buffer.byteLength(res.text)).toBeLessThan(1.5 * 1024 * 1024);
  });
});

describe('GET /api/my-work', () => {
  it('lists the caller’s open assigned tasks, soonest due first and undated last, with the project name', async () => {
    const card = await newCard('Mine');
    const later = await newTask(card, {
      title: 'Later',
      assignee_ids: [team.member.id],
      due_at: '2040-01-02T00:00:00.000Z',
    });
    const undated = await newTask(card, { title: 'Undated', assignee_ids: [team.member.id] });
    const sooner = await newTask(card, {
      title: 'Sooner',
      assignee_ids: [team.member.id],
      due_at: '2040-01-01T00:00:00.000Z',
    });
    await newTask(card, { title: 'Someone else’s', assignee_ids: [team.admin.id] });
    const finished = await newTask(card, { title: 'Finished', assignee_ids: [team.member.id] });
    await t.request('PATCH', `/api/tasks/${finished.id}`, { token: team.member.token, body: { done: true } });

    const elsewhere = (
      await t.request<{ id: string }>('POST', '/api/projects', {
        token: team.member.token,
        body: { name: 'Side project' },
      })
    ).body.id;
    const sideCard = await newCard('Side', elsewhere, team.member);
    await newTask(
      sideCard,
      { title: 'Side task', assignee_ids: [team.member.id], due_at: '2039-01-01T00:00:00.000Z' },
      team.member,
    );

    const all = await t.request<TaskBody[]>('GET', '/api/my-work', { token: team.member.token });
    expect(all.status).toBe(200);
    expect(all.body.map((task) => task.title)).toEqual(['Side task', 'Sooner', 'Later', 'Undated']);
    expect(all.body[1]).toMatchObject({ id: sooner.id, project_name: 'Board project' });
    const one = await t.request<TaskBody[]>('GET', `/api/my-work?project_id=${team.projectId}`, {
      token: team.member.token,
    });
    expect(one.body.map((task) => task.id)).toEqual([sooner.id, later.id, undated.id]);
    const empty = await t.request<TaskBody[]>('GET', '/api/my-work?project_id=', { token: team.member.token });
    expect(empty.status).toBe(200);
    expect(empty.body.map((task) => task.id)).toEqual(all.body.map((task) => task.id));
  });

  it('answers 404 for a project the caller is not in, 400 for a bad id', async () => {
    const res = await t.request('GET', `/api/my-work?project_id=${team.projectId}`, { token: team.stranger.token });
    expect(res.status).toBe(404);
    expect((await t.request('GET', '/api/my-work?project_id=nope', { token: team.member.token })).status).toBe(400);
    expect((await t.request<TaskBody[]>('GET', '/api/my-work', { token: team.stranger.token })).body).toEqual([]);
  });
});
