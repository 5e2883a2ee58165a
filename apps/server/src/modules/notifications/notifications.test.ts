import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLive } from '../../../test/support/live-client';
import { createTeam } from '../../../test/support/projects';
import { createTestApp, type TestApp, type TestUser, uniqueEmail } from '../../../test/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Note {
  id: string;
  type: string;
  title: string;
  is_read: boolean;
  project_id: string | null;
  author_name: string | null;
}

async function unread(user: TestUser): Promise<number> {
  const res = await t.request<{ count: number }>('GET', '/api/notifications/unread-count', { token: user.token });
  return res.body.count;
}

async function list(user: TestUser, query = ''): Promise<Note[]> {
  return (await t.request<Note[]>('GET', `/api/notifications${query}`, { token: user.token })).body;
}

/** Gives `user` n notifications by adding them to n projects of someone else. */
async function notificationsFor(user: TestUser, n: number): Promise<TestUser> {
  const owner = await t.signUp({ name: 'Nora Notifier' });
  for (let i = 0; i < n; i += 1) {
    const p = await t.request<{ id: string }>('POST', '/api/projects', { token: owner.token, body: { name: `P${i}` } });
    await t.request('POST', `/api/projects/${p.body.id}/members`, {
      token: owner.token,
      body: { email: user.email, role: 'member' },
    });
  }
  return owner;
}

describe('notifications of membership changes', () => {
  it('tells a person they were added, with every spec field, and pushes notification_update live', async () => {
    const owner = await t.signUp({ name: 'Olga Owner' });
    const invitee = await t.signUp();
    const live = await connectLive(t.url, invitee.token);
    const p = await t.request<{ id: string }>('POST', '/api/projects', { token: owner.token, body: { name: 'Atlas' } });
    await t.request('POST', `/api/projects/${p.body.id}/members`, {
      token: owner.token,
      body: { email: invitee.email, role: 'viewer' },
    });
    await live.waitFor((m) => m.type === 'notification_update');
    live.close();
    const [note] = await list(invitee);
    expect(note).toEqual({
      id: expect.any(String),
      user_id: invitee.id,
      type: 'project_member_added',
      title: 'Added to Atlas',
      message: 'Olga Owner added you to Atlas as viewer.',
      project_id: p.body.id,
      card_id: null,
      chat_id: null,
      task_id: null,
      file_id: null,
      author_id: owner.id,
      author_name: 'Olga Owner',
      is_read: false,
      created_at: expect.any(String),
    });
    expect(await unread(invitee)).toBe(1);
    expect(await list(owner)).toEqual([]);
  });

  it('tells of role changes and removals, and the inviter of an accepted invitation; not a person leaving', async () => {
    const team = await createTeam(t, 'Harbour');
    await t.request('PATCH', `/api/projects/${team.projectId}/members/${team.viewer.id}`, {
      token: team.admin.token,
      body: { role: 'member' },
    });
    await t.request('DELETE', `/api/projects/${team.projectId}/members/${team.member.id}`, { token: team.owner.token });
    await t.request('DELETE', `/api/projects/${team.projectId}/members/${team.admin.id}`, { token: team.admin.token });
    expect((await list(team.viewer)).map((n) => n.type)).toEqual(['member_role_changed', 'project_member_added']);
    const removal = (await list(team.member))[0];
    expect(removal).toMatchObject({ type: 'member_removed', title: 'Removed from Harbour', project_id: null });
    expect((await list(team.admin)).map((n) => n.type)).toEqual(['project_member_added']);

    const email = uniqueEmail('accepting');
    await t.request('POST', `/api/projects/${team.projectId}/members`, {
      token: team.owner.token,
      body: { email, role: 'member' },
    });
    const mail = await t.smtp.waitForMail(email);
    const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
    const newcomer = await t.signUp({ email, name: 'Nico New' });
    await t.request('POST', `/api/invitations/${token}/accept`, { token: newcomer.token });
    expect((await list(team.owner))[0]).toMatchObject({
      type: 'invitation_accepted',
      title: 'Nico New joined Harbour',
    });
  });
});

describe('reading, paging and deleting', () => {
  it('pages newest first with limit and before', async () => {
    const user = await t.signUp();
    await notificationsFor(user, 5);
    const all = await list(user);
    expect(all.map((n) => n.title)).toEqual([
      'Added to P4',
      'Added to P3',
      'Added to P2',
      'Added to P1',
      'Added to P0',
    ]);
    const first = await list(user, '?limit=2');
    expect(first.map((n) => n.title)).toEqual(['Added to P4', 'Added to P3']);
    const second = await list(user, `?limit=2&before=${first[1]?.id}`);
    expect(second.map((n) => n.title)).toEqual(['Added to P2', 'Added to P1']);
  });

  it.each([['?limit=0'], ['?limit=101'], ['?limit=abc'], ['?before=nope'], ['?other=1']])(
    'refuses %s with 400',
    async (query) => {
      const user = await t.signUp();
      expect((await t.request('GET', `/api/notifications${query}`, { token: user.token })).status).toBe(400);
    },
  );

  it('marks one read, then all, and the count never goes below 0', async () => {
    const user = await t.signUp();
    await notificationsFor(user, 3);
    const [newest] = await list(user);
    const live = await connectLive(t.url, user.token);
    const read = await t.request<Note>('PUT', `/api/notifications/${newest?.id}/read`, { token: user.token });
    expect(read.status).toBe(200);
    expect(read.body.is_read).toBe(true);
    await live.waitFor((m) => m.type === 'notification_update');
    live.close();
    expect(await unread(user)).toBe(2);
    await t.request('PUT', `/api/notifications/${newest?.id}/read`, { token: user.token });
    expect(await unread(user)).toBe(2);
    expect((await t.request('PUT', '/api/notifications/mark-all-read', { token: user.token })).status).toBe(200);
    expect(await unread(user)).toBe(0);
    await t.request('PUT', '/api/notifications/mark-all-read', { token: user.token });
    await t.request('DELETE', `/api/notifications/${newest?.id}`, { token: user.token });
    expect(await unread(user)).toBe(0);
  });

  it('deletes one', async () => {
    const user = await t.signUp();
    await notificationsFor(user, 2);
    const [newest, older] = await list(user);
    expect((await t.request('DELETE', `/api/notifications/${newest?.id}`, { token: user.token })).status).toBe(204);
    expect((await list(user)).map((n) => n.id)).toEqual([older?.id]);
    expect(await unread(user)).toBe(1);
    expect((await t.request('DELETE', `/api/notifications/${newest?.id}`, { token: user.token })).status).toBe(404);
  });

  it('answers 404 for another person’s notification on every route, changing nothing', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    await notificationsFor(user, 1);
    const [note] = await list(user);
    for (const [method, path] of [
      ['PUT', `/api/notifications/${note?.id}/read`],
      ['DELETE', `/api/notifications/${note?.id}`],
    ] as const) {
      const res = await t.request(method, path, { token: other.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: { code: 'notifications/not-found' } });
    }
    expect(await list(other)).toEqual([]);
    expect(await list(user)).toEqual([expect.objectContaining({ id: note?.id, is_read: false })]);
  });

  it('requires a signed-in caller on every route', async () => {
    const id = '01900000-0000-7000-8000-000000000000';
    for (const [method, path] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['PUT', `/api/notifications/${id}/read`],
      ['PUT', '/api/notifications/mark-all-read'],
      ['DELETE', `/api/notifications/${id}`],
    ] as const) {
      expect((await t.request(method, path)).status).toBe(401);
    }
  });
});
