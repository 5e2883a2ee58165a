import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/support/test-app';

let t: TestApp;
let team: Team;
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t);
});
afterAll(() => t.close());

type Members = { members: { user_id: string; role: string; email: string }[]; invitations: { email: string }[] };

async function rolesOf(projectId: string, token: string): Promise<Record<string, string>> {
  const res = await t.request<Members>('GET', `/api/projects/${projectId}/members`, { token });
  return Object.fromEntries(res.body.members.map((m) => [m.user_id, m.role]));
}

describe('GET /api/projects/:id/members', () => {
  it('lists members with their profile fields, in joining order', async () => {
    const res = await t.request<Members>('GET', `/api/projects/${team.projectId}/members`, {
      token: team.viewer.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.members.map((m) => m.role)).toEqual(['owner', 'admin', 'member', 'viewer']);
    expect(res.body.members[0]).toEqual({
      id: expect.any(String),
      user_id: team.owner.id,
      name: 'Olive Owner',
      email: team.owner.email,
      avatar_url: '',
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      role: 'owner',
      joined_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      abilities: { change_role: false, remove: false },
    });
  });

  it('says what the caller may do to each member', async () => {
    type WithAbilities = { members: { role: string; user_id: string; abilities: Record<string, boolean> }[] };
    const asAdmin = await t.request<WithAbilities>('GET', `/api/projects/${team.projectId}/members`, {
      token: team.admin.token,
    });
    expect(Object.fromEntries(asAdmin.body.members.map((m) => [m.role, m.abilities]))).toEqual({
      owner: { change_role: false, remove: false },
      admin: { change_role: true, remove: true },
      member: { change_role: true, remove: true },
      viewer: { change_role: true, remove: true },
    });
    const asViewer = await t.request<WithAbilities>('GET', `/api/projects/${team.projectId}/members`, {
      token: team.viewer.token,
    });
    expect(Object.fromEntries(asViewer.body.members.map((m) => [m.role, m.abilities]))).toEqual({
      owner: { change_role: false, remove: false },
      admin: { change_role: false, remove: false },
      member: { change_role: false, remove: false },
      viewer: { change_role: false, remove: true },
    });
  });

  it('shows pending invitations to admins only', async () => {
    const email = uniqueEmail('pending');
    await t.request('POST', `/api/projects/${team.projectId}/members`, {
      token: team.admin.token,
      body: { email, role: 'member' },
    });
    const asAdmin = await t.request<Members>('GET', `/api/projects/${team.projectId}/members`, {
      token: team.admin.token,
    });
    // Exactly the contract's fields: the list is not parsed again on its way out, so nothing else may be in it.
    expect(asAdmin.body.invitations.find((i) => i.email === email)).toEqual({
      id: expect.any(String),
      email,
      role: 'member',
      invited_by: { user_id: team.admin.id, name: expect.any(String) },
      created_at: expect.stringMatching(/Z$/),
      expires_at: expect.stringMatching(/Z$/),
    });
    const asMember = await t.request<Members>('GET', `/api/projects/${team.projectId}/members`, {
      token: team.member.token,
    });
    expect(asMember.body.invitations).toEqual([]);
  });

  it('answers 404 to a stranger', async () => {
    const res = await t.request('GET', `/api/projects/${team.projectId}/members`, { token: team.stranger.token });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/projects/:id/members', () => {
  it('adds an existing account at once with 201', async () => {
    const newcomer = await t.signUp({ name: 'New Comer' });
    const res = await t.request('POST', `/api/projects/${team.projectId}/members`, {
      token: team.admin.token,
      body: { email: newcomer.email.toUpperCase(), role: 'member' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ user_id: newcomer.id, role: 'member', name: 'New Comer' });
    expect((await t.request('GET', `/api/projects/${team.projectId}`, { token: newcomer.token })).status).toBe(200);
  });

  it('invites an unknown address with 202 and a mail linking to /invitations/{token}', async () => {
    const email = uniqueEmail('invitee');
    const res = await t.request('POST', `/api/projects/${team.projectId}/members`, {
      token: team.owner.token,
      body: { email, role: 'viewer' },
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      email,
      role: 'viewer',
      invited_by: { user_id: team.owner.id, name: 'Olive Owner' },
    });
    const mail = await t.smtp.waitForMail(email);
    expect(mail.subject).toContain('Olive Owner invited you');
    expect(mail.body).toMatch(new RegExp(`${t.url}/invitations/[A-Za-z0-9_-]+`));
  });

  it.each([
    ['member', 403],
    ['viewer', 403],
    ['stranger', 404],
  ] as const)('refuses the %s with %i', async (role, status) => {
    const res = await t.request('POST', `/api/projects/${team.projectId}/members`, {
      token: team.byRole[role].token,
      body: { email: uniqueEmail(), role: 'member' },
    });
    expect(res.status).toBe(status);
  });

  it.each([
    ['an owner role (ownership moves by transfer)', { email: 'x@example.test', role: 'owner' }, 400],
    ['an unknown role', { email: 'x@example.test', role: 'god' }, 400],
    ['a malformed address', { email: 'nope', role: 'member' }, 400],
  ])('refuses %s', async (_label, body, status) => {
    const res = await t.request('POST', `/api/projects/${team.projectId}/members`, { token: team.owner.token, body });
    expect(res.status).toBe(status);
  });

  it('answers 409 for someone who is already a member', async () => {
    const res = await t.request('POST', `/api/projects/${team.projectId}/members`, {
      token: team.owner.token,
      body: { email: team.member.email, role: 'viewer' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { code: 'projects/already-member' } });
    expect((await rolesOf(team.projectId, team.owner.token))[team.member.id]).toBe('member');
  });
});

describe('PATCH /api/projects/:id/members/:userId', () => {
  it.each([
    ['owner', 200],
    ['admin', 200],
    ['member', 403],
    ['viewer', 403],
    ['stranger', 404],
  ] as const)('lets the %s change a role: %i', async (role, status) => {
    const local = await createTeam(t);
    const res = await t.request('PATCH', `/api/projects/${local.projectId}/members/${local.viewer.id}`, {
      token: local.byRole[role].token,
      body: { role: 'member' },
    });
    expect(res.status).toBe(status);
    const roles = await rolesOf(local.projectId, local.owner.token);
    expect(roles[local.viewer.id]).toBe(status === 200 ? 'member' : 'viewer');
  });

  it('never demotes the owner, not even by the owner', async () => {
    for (const actor of [team.owner, team.admin]) {
      const res = await t.request('PATCH', `/api/projects/${team.projectId}/members/${team.owner.id}`, {
        token: actor.token,
        body: { role: 'admin' },
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: { code: 'projects/owner-required' } });
    }
    expect((await rolesOf(team.projectId, team.owner.token))[team.owner.id]).toBe('owner');
  });

  it('answers 404 for someone who is not a member', async () => {
    const res = await t.request('PATCH', `/api/projects/${team.projectId}/members/${team.stranger.id}`, {
      token: team.owner.token,
      body: { role: 'member' },
    });
    expect(res.status).toBe(404);
  });
});

describe('DELETE /api/projects/:id/members/:userId', () => {
  it.each([
    ['owner', 204],
    ['admin', 204],
    ['member', 403],
    ['viewer', 403],
    ['stranger', 404],
  ] as const)('lets the %s remove someone else: %i', async (role, status) => {
    const local = await createTeam(t);
    const target = role === 'member' ? local.viewer : local.member;
    const res = await t.request('DELETE', `/api/projects/${local.projectId}/members/${target.id}`, {
      token: local.byRole[role].token,
    });
    expect(res.status).toBe(status);
    const stillThere = (await rolesOf(local.projectId, local.owner.token))[target.id] !== undefined;
    expect(stillThere).toBe(status !== 204);
  });

  it.each(['admin', 'member', 'viewer'] as const)('lets a %s leave', async (role) => {
    const local = await createTeam(t);
    const leaver = local.byRole[role];
    const res = await t.request('DELETE', `/api/projects/${local.projectId}/members/${leaver.id}`, {
      token: leaver.token,
    });
    expect(res.status).toBe(204);
    expect((await t.request('GET', `/api/projects/${local.projectId}`, { token: leaver.token })).status).toBe(404);
  });

  it('keeps the owner: they cannot leave or be removed', async () => {
    for (const actor of [team.owner, team.admin]) {
      const res = await t.request('DELETE', `/api/projects/${team.projectId}/members/${team.owner.id}`, {
        token: actor.token,
      });
      expect(res.status).toBe(409);
    }
  });
});

describe('POST /api/projects/:id/transfer', () => {
  it('makes another member the owner and the old owner an admin', async () => {
    const local = await createTeam(t);
    const res = await t.request<{ role: string }>('POST', `/api/projects/${local.projectId}/transfer`, {
      token: local.owner.token,
      body: { user_id: local.member.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('admin');
    const roles = await rolesOf(local.projectId, local.member.token);
    expect(roles[local.member.id]).toBe('owner');
    expect(roles[local.owner.id]).toBe('admin');
    expect(Object.values(roles).filter((r) => r === 'owner')).toHaveLength(1);
  });

  it.each([
    ['admin', 403],
    ['member', 403],
    ['stranger', 404],
  ] as const)('refuses the %s with %i', async (role, status) => {
    const res = await t.request('POST', `/api/projects/${team.projectId}/transfer`, {
      token: team.byRole[role].token,
      body: { user_id: team.viewer.id },
    });
    expect(res.status).toBe(status);
  });

  it('refuses a target who is not a member, and the owner themself', async () => {
    const toStranger = await t.request('POST', `/api/projects/${team.projectId}/transfer`, {
      token: team.owner.token,
      body: { user_id: team.stranger.id },
    });
    expect(toStranger.status).toBe(404);
    const toSelf = await t.request('POST', `/api/projects/${team.projectId}/transfer`, {
      token: team.owner.token,
      body: { user_id: team.owner.id },
    });
    expect(toSelf.status).toBe(400);
    expect((await rolesOf(team.projectId, team.owner.token))[team.owner.id]).toBe('owner');
  });
});
