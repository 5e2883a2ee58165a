import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/support/test-app';
import { projectInvitations } from '../../db/schema/projects';

let t: TestApp;
let team: Team;
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Invite land');
});
afterAll(() => t.close());

/** Invites a new address and returns the token from the mailed link. */
async function invite(
  email = uniqueEmail('invitee'),
  role = 'member',
): Promise<{ email: string; token: string; id: string }> {
  const before = t.smtp.mails.length;
  const res = await t.request<{ id: string }>('POST', `/api/projects/${team.projectId}/members`, {
    token: team.owner.token,
    body: { email, role },
  });
  expect(res.status).toBe(202);
  const mail = await t.smtp.waitForMail(email, (m) => t.smtp.mails.indexOf(m) >= before);
  const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1] ?? '';
  return { email, token, id: res.body.id };
}

describe('GET /api/invitations/:token', () => {
  it('shows the project and inviter to anyone holding the link', async () => {
    const { email, token } = await invite();
    const res = await t.request('GET', `/api/invitations/${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      project: { id: team.projectId, name: 'Invite land' },
      inviter: { name: 'Olive Owner' },
      email,
      role: 'member',
      expires_at: expect.any(String),
    });
  });

  it('answers 404 for an unknown link', async () => {
    const res = await t.request('GET', '/api/invitations/not-a-real-token');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: 'projects/invitation-not-found' } });
  });
});

describe('POST /api/invitations/:token/accept', () => {
  it('joins the signed-in caller with the invited role, once', async () => {
    const { email, token } = await invite(undefined, 'viewer');
    const invitee = await t.signUp({ email });
    // Registering with the invited address is not enough: the project stays hidden until acceptance.
    expect((await t.request('GET', `/api/projects/${team.projectId}`, { token: invitee.token })).status).toBe(404);
    const res = await t.request('POST', `/api/invitations/${token}/accept`, { token: invitee.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ project_id: team.projectId });
    const project = await t.request<{ role: string }>('GET', `/api/projects/${team.projectId}`, {
      token: invitee.token,
    });
    expect(project.body.role).toBe('viewer');

    const reuse = await t.request('POST', `/api/invitations/${token}/accept`, { token: team.stranger.token });
    expect(reuse.status).toBe(410);
    expect(reuse.body).toMatchObject({ error: { code: 'projects/invitation-expired' } });
    expect((await t.request('GET', `/api/projects/${team.projectId}`, { token: team.stranger.token })).status).toBe(
      404,
    );
  });

  it('refuses an expired link with 410', async () => {
    const { token, id } = await invite();
    await t.database.db
      .update(projectInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(projectInvitations.id, id));
    const user = await t.signUp();
    expect((await t.request('GET', `/api/invitations/${token}`)).status).toBe(410);
    expect((await t.request('POST', `/api/invitations/${token}/accept`, { token: user.token })).status).toBe(410);
  });

  it('requires a signed-in caller', async () => {
    const { token } = await invite();
    expect((await t.request('POST', `/api/invitations/${token}/accept`)).status).toBe(401);
  });

  it('keeps the role of someone who is already a member and uses the link up', async () => {
    const { token } = await invite(undefined, 'viewer');
    const res = await t.request('POST', `/api/invitations/${token}/accept`, { token: team.admin.token });
    expect(res.status).toBe(200);
    const project = await t.request<{ role: string }>('GET', `/api/projects/${team.projectId}`, {
      token: team.admin.token,
    });
    expect(project.body.role).toBe('admin');
  });
});

describe('revoking and resending invitations', () => {
  it('revoked links stop working and leave the pending list', async () => {
    const { token, id } = await invite();
    const res = await t.request('DELETE', `/api/projects/${team.projectId}/invitations/${id}`, {
      token: team.admin.token,
    });
    expect(res.status).toBe(204);
    expect((await t.request('GET', `/api/invitations/${token}`)).status).toBe(410);
    const list = await t.request<{ invitations: { id: string }[] }>('GET', `/api/projects/${team.projectId}/members`, {
      token: team.owner.token,
    });
    expect(list.body.invitations.map((i) => i.id)).not.toContain(id);
  });

  it('resending mails a fresh link and retires the old one', async () => {
    const { email, token, id } = await invite();
    const before = t.smtp.mails.length;
    const res = await t.request('POST', `/api/projects/${team.projectId}/invitations/${id}/resend`, {
      token: team.owner.token,
    });
    expect(res.status).toBe(200);
    const mail = await t.smtp.waitForMail(email, (m) => t.smtp.mails.indexOf(m) >= before);
    const fresh = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
    expect(fresh).not.toBe(token);
    expect((await t.request('GET', `/api/invitations/${token}`)).status).toBe(404);
    expect((await t.request('GET', `/api/invitations/${fresh}`)).status).toBe(200);
  });

  it.each([
    ['member', 403],
    ['viewer', 403],
    ['stranger', 404],
  ] as const)('refuses revoke and resend by the %s with %i', async (role, status) => {
    const { id } = await invite();
    const token = team.byRole[role].token;
    expect((await t.request('DELETE', `/api/projects/${team.projectId}/invitations/${id}`, { token })).status).toBe(
      status,
    );
    expect(
      (await t.request('POST', `/api/projects/${team.projectId}/invitations/${id}/resend`, { token })).status,
    ).toBe(status);
  });

  it('answers 404 for an invitation of another project', async () => {
    const { id } = await invite();
    const other = await t.request<{ id: string }>('POST', '/api/projects', {
      token: team.admin.token,
      body: { name: 'Other' },
    });
    const res = await t.request('DELETE', `/api/projects/${other.body.id}/invitations/${id}`, {
      token: team.admin.token,
    });
    expect(res.status).toBe(404);
  });
});
