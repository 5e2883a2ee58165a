import type { ProjectRole } from '@deckhand/contract/projects';
import type { TestApp, TestUser } from './test-app';

export interface Team {
  projectId: string;
  owner: TestUser;
  admin: TestUser;
  member: TestUser;
  viewer: TestUser;
  stranger: TestUser;
  byRole: Record<ProjectRole | 'stranger', TestUser>;
}

/** A project with one person in each role, plus a stranger, all made through the real API. */
export async function createTeam(t: TestApp, name = 'Team project'): Promise<Team> {
  const [owner, admin, member, viewer, stranger] = await Promise.all([
    t.signUp({ name: 'Olive Owner' }),
    t.signUp({ name: 'Adam Admin' }),
    t.signUp({ name: 'Mia Member' }),
    t.signUp({ name: 'Vic Viewer' }),
    t.signUp({ name: 'Stan Stranger' }),
  ]);
  const created = await t.request<{ id: string }>('POST', '/api/projects', { token: owner.token, body: { name } });
  if (created.status !== 201) throw new Error(`project not created: ${created.text}`);
  const projectId = created.body.id;
  for (const [user, role] of [
    [admin, 'admin'],
    [member, 'member'],
    [viewer, 'viewer'],
  ] as const) {
    const res = await t.request('POST', `/api/projects/${projectId}/members`, {
      token: owner.token,
      body: { email: user.email, role },
    });
    if (res.status !== 201) throw new Error(`member not added: ${res.text}`);
  }
  return { projectId, owner, admin, member, viewer, stranger, byRole: { owner, admin, member, viewer, stranger } };
}
