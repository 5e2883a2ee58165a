import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';
import { projects } from '../../db/schema/projects';

// The project and member lists are served from a cache checked against versions that database triggers keep.
// Each test reads a list first (so an answer is cached), changes something the list shows in one particular way,
// and reads again: a change the versions missed would show up here as the old answer.

interface ListedProject {
  id: string;
  name: string;
  role: string;
  member_count: number;
  members: { user_id: string; name: string; avatar_url: string; color: string }[];
}
interface MemberList {
  members: { user_id: string; name: string; email: string; role: string }[];
  invitations: { id: string; email: string; invited_by: { name: string } }[];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

async function projectsOf(user: TestUser, app = t): Promise<ListedProject[]> {
  const res = await app.request<ListedProject[]>('GET', '/api/projects', { token: user.token });
  expect(res.status).toBe(200);
  return res.body;
}

async function membersOf(team: Team, user: TestUser, app = t): Promise<MemberList> {
  const res = await app.request<MemberList>('GET', `/api/projects/${team.projectId}/members`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body;
}

function listed(list: ListedProject[], projectId: string): ListedProject {
  const project = list.find((p) => p.id === projectId);
  if (!project) throw new Error(`project ${projectId} is not in the list`);
  return project;
}

describe('the project list after a change', () => {
  it('shows a rename by someone else', async () => {
    const team = await createTeam(t);
    expect(listed(await projectsOf(team.viewer), team.projectId).name).toBe('Team project');
    await t.request('PATCH', `/api/projects/${team.projectId}`, { token: team.admin.token, body: { name: 'Renamed' } });
    expect(listed(await projectsOf(team.viewer), team.projectId).name).toBe('Renamed');
  });

  it('moves a project up when there is activity in it', async () => {
    const team = await createTeam(t);
    const other = await t.request<{ id: string }>('POST', '/api/projects', {
      token: team.member.token,
      body: { name: 'Newer' },
    });
    expect((await projectsOf(team.member)).map((p) => p.id)).toEqual([other.body.id, team.projectId]);
    const newcomer = await t.signUp();
    await t.request('POST', `/api/projects/${team.projectId}/members`, {
      token: team.owner.token,
      body: { email: newcomer.email, role: 'viewer' },
    });
    expect((await projectsOf(team.member)).map((p) => p.id)).toEqual([team.projectId, other.body.id]);
  });

  it('shows a new member in the count, and a project the caller just joined', async () => {
    const team = await createTeam(t);
    const newcomer = await t.signUp();
    expect(await projectsOf(newcomer)).toEqual([]);
    expect(listed(await projectsOf(team.viewer), team.projectId).member_count).toBe(4);
    await t.request('POST', `/api/projects/${team.projectId}/members`, {
      token: team.owner.token,
      body: { email: newcomer.email, role: 'member' },
    });
    expect(listed(await projectsOf(team.viewer), team.projectId).member_count).toBe(5);
    expect((await projectsOf(newcomer)).map((p) => [p.id, p.role])).toEqual([[team.projectId, 'member']]);
  });

  it('shows a changed role, and ownership passed on', async () => {
    const team = await createTeam(t);
    expect(listed(await projectsOf(team.viewer), team.projectId).role).toBe('viewer');
    expect(listed(await projectsOf(team.admin), team.projectId).role).toBe('admin');
    await t.request('PATCH', `/api/projects/${team.projectId}/members/${team.viewer.id}`, {
      token: team.admin.token,
      body: { role: 'member' },
    });
    expect(listed(await projectsOf(team.viewer), team.projectId).role).toBe('member');
    await t.request('POST', `/api/projects/${team.projectId}/transfer`, {
      token: team.owner.token,
      body: { user_id: team.admin.id },
    });
    expect(listed(await projectsOf(team.admin), team.projectId).role).toBe('owner');
    expect(listed(await projectsOf(team.owner), team.projectId).role).toBe('admin');
  });

  it('drops a project the caller left, was removed from, or that was deleted', async () => {
    const team = await createTeam(t);
    for (const user of [team.member, team.viewer, team.admin]) {
      expect((await projectsOf(user)).map((p) => p.id)).toEqual([team.projectId]);
    }
    await t.request('DELETE', `/api/projects/${team.projectId}/members/${team.member.id}`, {
      token: team.member.token,
    });
    await t.request('DELETE', `/api/projects/${team.projectId}/members/${team.viewer.id}`, {
      token: team.admin.token,
    });
    expect(await projectsOf(team.member)).toEqual([]);
    expect(await projectsOf(team.viewer)).toEqual([]);
    await t.request('DELETE', `/api/projects/${team.projectId}`, { token: team.owner.token });
    expect(await projectsOf(team.admin)).toEqual([]);
  });

  it('shows a member’s new name, picture and colour in the avatars', async () => {
    const team = await createTeam(t);
    const before = listed(await projectsOf(team.viewer), team.projectId).members;
    expect(before.find((m) => m.user_id === team.member.id)?.name).toBe('Mia Member');
    const change = { name: 'Mia Renamed', avatar_url: 'https://example.com/mia.png', color: '#123abc' };
    const res = await t.request('PATCH', '/api/profile', { token: team.member.token, body: change });
    expect(res.status).toBe(200);
    const after = listed(await projectsOf(team.viewer), team.projectId).members;
    expect(after.find((m) => m.user_id === team.member.id)).toEqual({ user_id: team.member.id, ...change });
  });

  it('keeps the version when someone only opens a project (last_project_id), so no list is built again', async () => {
    const team = await createTeam(t);
    const versionOf = async () => {
      const [row] = await t.database.db
        .select({ version: projects.version })
        .from(projects)
        .where(eq(projects.id, team.projectId));
      return row?.version;
    };
    const before = await versionOf();
    await t.request('PATCH', '/api/profile', { token: team.member.token, body: { last_project_id: team.projectId } });
    expect(await versionOf()).toBe(before);
    await t.request('PATCH', '/api/profile', { token: team.member.token, body: { color: '#abcdef' } });
    expect(await versionOf()).not.toBe(before);
  });
});

describe('the member list after a change', () => {
  it('shows a member’s new name, and a new email', async () => {
    const team = await createTeam(t);
    const before = await membersOf(team, team.viewer);
    expect(before.members.find((m) => m.user_id === team.member.id)?.name).toBe('Mia Member');
    await t.request('PATCH', '/api/profile', { token: team.member.token, body: { name: 'Mia Renamed' } });
    // No route changes an email yet; the trigger on users is there for the one that will.
    const email = `renamed-${team.member.id}@example.test`;
    await t.database.db.execute(sql`update users set email = ${email} where id = ${team.member.id}`);
    const after = await membersOf(team, team.viewer);
    expect(after.members.find((m) => m.user_id === team.member.id)).toMatchObject({ name: 'Mia Renamed', email });
  });

  it('shows invitations sent, revoked, and the inviter’s new name', async () => {
    const team = await createTeam(t);
    expect((await membersOf(team, team.owner)).invitations).toEqual([]);
    const invited = await t.request<{ id: string }>('POST', `/api/projects/${team.projectId}/members`, {
      token: team.admin.token,
      body: { email: `invitee-${team.projectId}@example.test`, role: 'member' },
    });
    expect(invited.status).toBe(202);
    expect((await membersOf(team, team.owner)).invitations.map((i) => i.id)).toEqual([invited.body.id]);
    await t.request('PATCH', '/api/profile', { token: team.admin.token, body: { name: 'Ada Renamed' } });
    expect((await membersOf(team, team.owner)).invitations[0]?.invited_by.name).toBe('Ada Renamed');
    await t.request('DELETE', `/api/projects/${team.projectId}/invitations/${invited.body.id}`, {
      token: team.owner.token,
    });
    expect((await membersOf(team, team.owner)).invitations).toEqual([]);
  });

  it('names the inviter after they left, and “A former member” once their account is gone', async () => {
    const team = await createTeam(t);
    await t.request('POST', `/api/projects/${team.projectId}/members`, {
      token: team.admin.token,
      body: { email: `from-leaver-${team.projectId}@example.test`, role: 'member' },
    });
    await t.request('DELETE', `/api/projects/${team.projectId}/members/${team.admin.id}`, { token: team.admin.token });
    expect((await membersOf(team, team.owner)).invitations[0]?.invited_by.name).toBe('Adam Admin');
    // No route deletes an account yet; the foreign key clears invited_by when one is deleted.
    await t.database.db.execute(sql`delete from users where id = ${team.admin.id}`);
    expect((await membersOf(team, team.owner)).invitations[0]?.invited_by).toEqual({
      user_id: null,
      name: 'A former member',
    });
  });

  it('stops showing an invitation once it expires, though nothing was written', async () => {
    const team = await createTeam(t);
    const invited = await t.request<{ id: string }>('POST', `/api/projects/${team.projectId}/members`, {
      token: team.admin.token,
      body: { email: `expiring-${team.projectId}@example.test`, role: 'viewer' },
    });
    const expiresAt = new Date(Date.now() + 60_000);
    await t.database.db.execute(
      sql`update project_invitations set expires_at = ${expiresAt.toISOString()} where id = ${invited.body.id}`,
    );
    expect((await membersOf(team, team.owner)).invitations.map((i) => i.id)).toEqual([invited.body.id]);
    // Only Date is faked: the server runs in this process, and its sockets and database need real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(expiresAt.getTime() + 1000);
    expect((await membersOf(team, team.owner)).invitations).toEqual([]);
  });

  it('shows pending invitations to a viewer once they are made an admin', async () => {
    const team = await createTeam(t);
    expect((await membersOf(team, team.viewer)).invitations).toEqual([]);
    await t.request('POST', `/api/projects/${team.projectId}/members`, {
      token: team.owner.token,
      body: { email: `seen-by-admins-${team.projectId}@example.test`, role: 'viewer' },
    });
    await t.request('PATCH', `/api/projects/${team.projectId}/members/${team.viewer.id}`, {
      token: team.owner.token,
      body: { role: 'admin' },
    });
    expect((await membersOf(team, team.viewer)).invitations).toHaveLength(1);
  });

  it('answers 404 at once to someone just removed', async () => {
    const team = await createTeam(t);
    await membersOf(team, team.member);
    await t.request('DELETE', `/api/projects/${team.projectId}/members/${team.member.id}`, {
      token: team.owner.token,
    });
    const res = await t.request('GET', `/api/projects/${team.projectId}/members`, { token: team.member.token });
    expect(res.status).toBe(404);
  });
});

describe('conditional requests', () => {
  it.each([
    ['project list', (_team: Team) => '/api/projects'],
    ['member list', (team: Team) => `/api/projects/${team.projectId}/members`],
  ])('the %s answers 304 to its own ETag until it changes', async (_label, pathOf) => {
    const team = await createTeam(t);
    const path = pathOf(team);
    const first = await t.request('GET', path, { token: team.viewer.token });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const unchanged = await t.request('GET', path, {
      token: team.viewer.token,
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
    await t.request('PATCH', '/api/profile', { token: team.member.token, body: { name: 'Shown in both' } });
    const changed = await t.request('GET', path, {
      token: team.viewer.token,
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.text).toContain('Shown in both');
  });

  it('answers 304 when a change left the answer the same, since the ETag is the hash of the answer', async () => {
    const team = await createTeam(t);
    const path = `/api/projects/${team.projectId}/members`;
    const etag = (await t.request('GET', path, { token: team.viewer.token })).headers.get('etag') ?? '';
    await t.request('PATCH', `/api/projects/${team.projectId}`, { token: team.owner.token, body: { name: 'Renamed' } });
    const res = await t.request('GET', path, { token: team.viewer.token, headers: { 'if-none-match': etag } });
    expect(res.status).toBe(304);
  });

  it('never answers 304 to a stranger, whatever ETag they send', async () => {
    const team = await createTeam(t);
    const path = `/api/projects/${team.projectId}/members`;
    const etag = (await t.request('GET', path, { token: team.viewer.token })).headers.get('etag') ?? '';
    const res = await t.request('GET', path, { token: team.stranger.token, headers: { 'if-none-match': etag } });
    expect(res.status).toBe(404);
  });
});

describe('two instances on one database', () => {
  it('each sees the other’s changes in the lists it has cached', async () => {
    const second = await createTestApp({}, { shareWith: t });
    try {
      const team = await createTeam(t);
      expect(listed(await projectsOf(team.viewer, second), team.projectId).name).toBe('Team project');
      expect((await membersOf(team, team.viewer, second)).members).toHaveLength(4);
      await t.request('PATCH', `/api/projects/${team.projectId}`, { token: team.owner.token, body: { name: 'Moved' } });
      await t.request('DELETE', `/api/projects/${team.projectId}/members/${team.member.id}`, {
        token: team.owner.token,
      });
      expect(listed(await projectsOf(team.viewer, second), team.projectId).name).toBe('Moved');
      expect((await membersOf(team, team.viewer, second)).members).toHaveLength(3);
    } finally {
      await second.close();
    }
  });
});

describe('concurrent changes', () => {
  it('two people sharing projects rename themselves at once without a deadlock', async () => {
    const team = await createTeam(t);
    for (let i = 0; i < 3; i += 1) {
      const res = await t.request<{ id: string }>('POST', '/api/projects', {
        token: team.owner.token,
        body: { name: `Shared ${i}` },
      });
      for (const user of [team.admin, team.member]) {
        await t.request('POST', `/api/projects/${res.body.id}/members`, {
          token: team.owner.token,
          body: { email: user.email, role: 'member' },
        });
      }
    }
    const renames = Array.from({ length: 10 }, (_, i) =>
      [team.admin, team.member].map((user) =>
        t.request('PATCH', '/api/profile', { token: user.token, body: { name: `Name ${i}` } }),
      ),
    ).flat();
    const statuses = (await Promise.all(renames)).map((res) => res.status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Whichever rename committed last won; the list must show exactly that one.
    const listedNames = (await membersOf(team, team.owner)).members;
    for (const user of [team.admin, team.member]) {
      const profile = await t.request<{ name: string }>('GET', '/api/profile', { token: user.token });
      expect(listedNames.find((m) => m.user_id === user.id)?.name).toBe(profile.body.name);
    }
  });
});
