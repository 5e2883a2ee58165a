import { projectLimits } from '@deckhand/contract/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
let team: Team;
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t);
});
afterAll(() => t.close());

const missingId = '01900000-0000-7000-8000-000000000000';

describe('POST /api/projects', () => {
  it('creates a project owned by the caller', async () => {
    const user = await t.signUp({ name: 'Creator' });
    const res = await t.request('POST', '/api/projects', {
      token: user.token,
      body: { name: '  Q3 roadmap ', description: 'Plans' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Q3 roadmap',
      description: 'Plans',
      role: 'owner',
      abilities: {
        edit: true,
        delete: true,
        manage_members: true,
        transfer: true,
        write: true,
        leave: false,
        manage_statuses: true,
        delete_any_file: true,
        export: true,
        manage_webhooks: true,
      },
      member_count: 1,
      members: [{ user_id: user.id, name: 'Creator', avatar_url: '', color: expect.stringMatching(/^#/) }],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it.each([
    ['an empty name', { name: '   ' }],
    ['a name over 80 characters', { name: 'x'.repeat(81) }],
    ['no name', { description: 'x' }],
    ['an unknown field', { name: 'A', color: 'red' }],
    ['a description over 2000 characters', { name: 'A', description: 'd'.repeat(2001) }],
  ])('refuses %s with 400 naming the field', async (_label, body) => {
    const user = await t.signUp();
    const res = await t.request<{ error: { code: string; message: string } }>('POST', '/api/projects', {
      token: user.token,
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('request/invalid');
    expect(res.body.error.message).toMatch(/name|description|color/);
    expect((await t.request<unknown[]>('GET', '/api/projects', { token: user.token })).body).toEqual([]);
  });

  it('requires a signed-in caller', async () => {
    expect((await t.request('POST', '/api/projects', { body: { name: 'X' } })).status).toBe(401);
  });
});

describe('GET /api/projects', () => {
  it('lists only the caller’s projects, with their role, most recently active first', async () => {
    const user = await t.signUp();
    const a = await t.request<{ id: string }>('POST', '/api/projects', { token: user.token, body: { name: 'A' } });
    const b = await t.request<{ id: string }>('POST', '/api/projects', { token: user.token, body: { name: 'B' } });
    await t.request('POST', `/api/projects/${team.projectId}/members`, {
      token: team.owner.token,
      body: { email: user.email, role: 'viewer' },
    });
    await t.request('PATCH', `/api/projects/${a.body.id}`, { token: user.token, body: { description: 'touched' } });
    const res = await t.request<{ id: string; role: string; member_count: number }[]>('GET', '/api/projects', {
      token: user.token,
    });
    expect(res.body.map((p) => [p.id, p.role])).toEqual([
      [a.body.id, 'owner'],
      [team.projectId, 'viewer'],
      [b.body.id, 'owner'],
    ]);
    expect(res.body[1]?.member_count).toBe(5);
    const other = await t.request<{ id: string }[]>('GET', '/api/projects', { token: team.stranger.token });
    expect(other.body.map((p) => p.id)).not.toContain(team.projectId);
  });
});

type ListedProject = {
  id: string;
  member_count: number;
  members: { user_id: string; name: string }[];
  created_at: string;
  updated_at: string;
};

describe('GET /api/projects, members shown', () => {
  it('shows the first members by joining order and the full count, the same in the list as on its own', async () => {
    const started = Date.now();
    const owner = await t.signUp({ name: 'First' });
    const created = await t.request<{ id: string }>('POST', '/api/projects', {
      token: owner.token,
      body: { name: 'Crowd' },
    });
    const joiners = [];
    for (let i = 0; i < projectLimits.avatarsInList + 1; i++) {
      const joiner = await t.signUp({ name: `Joiner ${i}` });
      await t.request('POST', `/api/projects/${created.body.id}/members`, {
        token: owner.token,
        body: { email: joiner.email, role: 'member' },
      });
      joiners.push(joiner);
    }

    const list = await t.request<ListedProject[]>('GET', '/api/projects', { token: owner.token });
    const single = await t.request<ListedProject>('GET', `/api/projects/${created.body.id}`, { token: owner.token });
    expect(list.body).toEqual([single.body]);
    expect(single.body.member_count).toBe(projectLimits.avatarsInList + 2);
    expect(single.body.members.map((member) => member.user_id)).toEqual(
      [owner, ...joiners].slice(0, projectLimits.avatarsInList).map((person) => person.id),
    );
    for (const time of [single.body.created_at, single.body.updated_at]) {
      expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(time)).toBeGreaterThanOrEqual(started - 1000);
      expect(Date.parse(time)).toBeLessThanOrEqual(Date.now());
    }
  });
});

describe('GET /api/projects/:id', () => {
  it.each(['owner', 'admin', 'member', 'viewer'] as const)('shows the project to its %s', async (role) => {
    const res = await t.request<{ role: string }>('GET', `/api/projects/${team.projectId}`, {
      token: team.byRole[role].token,
    });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe(role);
  });

  it('answers 404 to a stranger, exactly as for a project that does not exist', async () => {
    const hidden = await t.request('GET', `/api/projects/${team.projectId}`, { token: team.stranger.token });
    const missing = await t.request('GET', `/api/projects/${missingId}`, { token: team.stranger.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    expect(hidden.body).toEqual({ error: { code: 'projects/not-found', message: expect.any(String) } });
  });

  it('answers 400 for an id that is not a UUID', async () => {
    expect((await t.request('GET', '/api/projects/abc', { token: team.owner.token })).status).toBe(400);
  });
});

describe('PATCH /api/projects/:id', () => {
  it.each([
    ['owner', 200],
    ['admin', 200],
    ['member', 403],
    ['viewer', 403],
    ['stranger', 404],
  ] as const)('answers the %s with %i', async (role, status) => {
    const res = await t.request('PATCH', `/api/projects/${team.projectId}`, {
      token: team.byRole[role].token,
      body: { name: `Renamed by ${role}` },
    });
    expect(res.status).toBe(status);
    const current = await t.request<{ name: string }>('GET', `/api/projects/${team.projectId}`, {
      token: team.owner.token,
    });
    if (status === 200) expect(current.body.name).toBe(`Renamed by ${role}`);
    else expect(current.body.name).not.toBe(`Renamed by ${role}`);
  });

  it('changes only the fields sent', async () => {
    const user = await t.signUp();
    const p = await t.request<{ id: string }>('POST', '/api/projects', {
      token: user.token,
      body: { name: 'Keep', description: 'Old' },
    });
    const res = await t.request('PATCH', `/api/projects/${p.body.id}`, {
      token: user.token,
      body: { description: 'New' },
    });
    expect(res.body).toMatchObject({ name: 'Keep', description: 'New' });
  });
});

describe('DELETE /api/projects/:id', () => {
  it.each([
    ['admin', 403],
    ['member', 403],
    ['viewer', 403],
    ['stranger', 404],
  ] as const)('refuses the %s with %i', async (role, status) => {
    const res = await t.request('DELETE', `/api/projects/${team.projectId}`, { token: team.byRole[role].token });
    expect(res.status).toBe(status);
    expect((await t.request('GET', `/api/projects/${team.projectId}`, { token: team.owner.token })).status).toBe(200);
  });

  it('lets the owner delete it, after which it is gone for every member', async () => {
    const doomed = await createTeam(t, 'Doomed');
    const res = await t.request('DELETE', `/api/projects/${doomed.projectId}`, { token: doomed.owner.token });
    expect(res.status).toBe(204);
    for (const role of ['owner', 'admin', 'member', 'viewer'] as const) {
      const get = await t.request('GET', `/api/projects/${doomed.projectId}`, { token: doomed.byRole[role].token });
      expect(get.status).toBe(404);
    }
  });
});
