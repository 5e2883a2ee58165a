import type { ProjectRole } from '@deckhand/contract/projects';
import { callOk } from './api-call';
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

/**
 * The project's statuses, read through the API as `user`: a function from a status's name (a new project's are
 * To do, In progress and Done) to its id, which throws for a name the project does not have.
 */
export async function statusIdsOf(t: TestApp, user: TestUser, projectId: string): Promise<(name: string) => string> {
  const statuses = await callOk<{ id: string; name: string }[]>(t, user, 'GET', `/api/projects/${projectId}/statuses`);
  return (name) => {
    const found = statuses.find((status) => status.name === name);
    if (!found) throw new Error(`no status ${name}`);
    return found.id;
  };
}
