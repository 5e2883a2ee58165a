import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from '../../../test/support/api-call';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';
import { createApiToken, viaToken } from '../../../test/support/tokens';

let t: TestApp;
let team: Team;
/** A second project of the same member, outside the token's limit. */
let otherProjectId: string;
let script: TestUser;
let token: string;
const inside: Record<string, string> = {};
const outside: Record<string, string> = {};

async function seed(projectId: string, into: Record<string, string>, user: TestUser) {
  const card = await callOk(t, user, 'POST', `/api/projects/${projectId}/cards`, { title: `Walrus card ${projectId}` });
  const [chat] = await callOk<{ id: string }[]>(t, user, 'GET', `/api/cards/${card.id}/chats`);
  const message = await callOk(t, user, 'POST', `/api/chats/${chat?.id}/messages`, { text: 'walrus message' });
  const [status] = await callOk<{ id: string }[]>(t, user, 'GET', `/api/projects/${projectId}/statuses`);
  const task = await callOk(t, user, 'POST', `/api/cards/${card.id}/tasks`, {
    title: 'Walrus task',
    assignee_ids: [team.member.id],
  });
  Object.assign(into, {
    projectId,
    cardId: card.id,
    chatId: chat?.id ?? '',
    messageId: message.id,
    statusId: status?.id ?? '',
    taskId: task.id,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Limited project');
  const other = await callOk(t, team.member, 'POST', '/api/projects', { name: 'Other project' });
  otherProjectId = other.id;
  await seed(team.projectId, inside, team.member);
  await seed(otherProjectId, outside, team.member);
  token = (await createApiToken(t, team.member, { scope: 'write', project_ids: [team.projectId] })).token;
  script = viaToken(team.member, token);
});
afterAll(() => t?.close());

describe('a token limited to projects', () => {
  it('keeps the limit in the answer and the list', async () => {
    const created = await createApiToken(t, team.member, { scope: 'read', project_ids: [team.projectId] });
    expect(created.project_ids).toEqual([team.projectId]);
  });

  it('reaches everything in its projects', async () => {
    await callOk(t, script, 'GET', `/api/projects/${team.projectId}`);
    await callOk(t, script, 'GET', `/api/cards/${inside.cardId}`);
    await callOk(t, script, 'GET', `/api/chats/${inside.chatId}/messages`);
    await callOk(t, script, 'PATCH', `/api/tasks/${inside.taskId}`, { title: 'Walrus task, renamed' });
    await callOk(t, script, 'GET', `/api/projects/${team.projectId}/board`);
  });

  it('answers 404 as for a stranger for anything of another project', async () => {
    for (const [method, path, body, code] of [
      ['GET', `/api/projects/${otherProjectId}`, undefined, 'projects/not-found'],
      ['GET', `/api/projects/${otherProjectId}/board`, undefined, 'projects/not-found'],
      ['GET', `/api/cards/${outside.cardId}`, undefined, 'cards/not-found'],
      ['PATCH', `/api/cards/${outside.cardId}`, { title: 'No' }, 'cards/not-found'],
      ['GET', `/api/chats/${outside.chatId}/messages`, undefined, 'chats/not-found'],
      ['PATCH', `/api/messages/${outside.messageId}`, { text: 'No' }, 'messages/not-found'],
      ['PATCH', `/api/tasks/${outside.taskId}`, { title: 'No' }, 'tasks/not-found'],
      ['POST', `/api/tasks/${outside.taskId}/move`, { status_id: outside.statusId }, 'tasks/not-found'],
      ['PATCH', `/api/statuses/${outside.statusId}`, { name: 'No' }, 'statuses/not-found'],
    ] as const) {
      const res = await t.request(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body, `${method} ${path}`).toMatchObject({ error: { code } });
    }
    const card = await callOk<{ title: string }>(t, team.member, 'GET', `/api/cards/${outside.cardId}`);
    expect(card.title).toContain('Walrus card');
  });

  it('lists only its projects: projects, my work, search and its suggestions', async () => {
    const projects = await callOk<{ id: string }[]>(t, script, 'GET', '/api/projects');
    expect(projects.map((project) => project.id)).toEqual([team.projectId]);
    const work = await callOk<{ project_id: string }[]>(t, script, 'GET', '/api/my-work');
    expect(work.length).toBeGreaterThan(0);
    expect(new Set(work.map((task) => task.project_id))).toEqual(new Set([team.projectId]));
    const ownWork = await callOk<{ project_id: string }[]>(t, team.member, 'GET', '/api/my-work');
    expect(new Set(ownWork.map((task) => task.project_id))).toEqual(new Set([team.projectId, otherProjectId]));
    expect((await t.request('GET', `/api/my-work?project_id=${otherProjectId}`, { token })).status).toBe(404);

    await expect
      .poll(async () => {
        const page = await callOk<{ items: { project_id: string }[] }>(t, script, 'GET', '/api/search?q=walrus');
        return [...new Set(page.items.map((item) => item.project_id))];
      })
      .toEqual([team.projectId]);
    expect((await t.request('GET', `/api/search?q=walrus&project_id=${otherProjectId}`, { token })).status).toBe(404);
    const suggested = await callOk<{ projects: { id: string }[] }>(t, script, 'GET', '/api/search/suggest?q=project');
    expect(suggested.projects.map((project) => project.id)).toEqual([team.projectId]);
  });

  it('sees only the notifications of its projects', async () => {
    // The owner adds the member to a third project: a notification outside the limit.
    const third = await callOk(t, team.owner, 'POST', '/api/projects', { name: 'Third project' });
    await callOk(t, team.owner, 'POST', `/api/projects/${third.id}/members`, {
      email: team.member.email,
      role: 'member',
    });
    const mine = await callOk<{ project_id: string | null }[]>(t, team.member, 'GET', '/api/notifications');
    expect(mine.some((notification) => notification.project_id === third.id)).toBe(true);
    const seen = await callOk<{ project_id: string | null }[]>(t, script, 'GET', '/api/notifications');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((notification) => notification.project_id === team.projectId)).toBe(true);
    const count = await callOk<{ count: number }>(t, script, 'GET', '/api/notifications/unread-count');
    expect(count.count).toBe(seen.length);
  });

  it('cannot make or join a project, import, or reach site administration (403)', async () => {
    for (const [method, path, body] of [
      ['POST', '/api/projects', { name: 'From a limited token' }],
      ['GET', '/api/imports', undefined],
      ['GET', '/api/admin/access', undefined],
      ['POST', '/api/invitations/whatever/accept', undefined],
      // The same routes spelled otherwise: the check follows the route, not the URL's text.
      ['POST', '/api//projects', { name: 'From a limited token' }],
      ['GET', '/api/%69mports', undefined],
      ['GET', '/api//admin/access', undefined],
    ] as const) {
      const res = await t.request(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toMatchObject({ error: { code: 'tokens/insufficient-scope' } });
    }
  });
});
