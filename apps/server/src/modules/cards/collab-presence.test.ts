import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CollabClient, connectCollab } from '../../../test/support/collab-client';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { testTarget } from '../../../test/support/test-database';

let t: TestApp;
let team: Team;
const clients: CollabClient[] = [];
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Presence project');
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

async function newCard(): Promise<string> {
  const res = await t.request<{ id: string }>('POST', `/api/projects/${team.projectId}/cards`, {
    token: team.member.token,
    body: { title: 'Who is here' },
  });
  return res.body.id;
}

async function open(cardId: string, token: string, app: TestApp = t): Promise<CollabClient> {
  const client = await connectCollab(app.url, cardId, token);
  clients.push(client);
  return client;
}

/** The awareness states `observer` holds for the other client's Yjs client id. */
function stateOf(observer: CollabClient, other: CollabClient): unknown {
  return observer.provider.awareness?.getStates().get(other.doc.clientID);
}

const impersonation = {
  user: {
    id: '',
    userId: '',
    name: 'Olive Owner',
    color: '#ff0000',
    avatarUrl: 'https://attacker.example/track.png',
  },
  avatarUrl: 'https://attacker.example/track.png',
  cursor: null,
};

describe('presence on a card', () => {
  it('carries only the id the server authenticated, whatever the client claims', async () => {
    const cardId = await newCard();
    const observer = await open(cardId, team.viewer.token);
    const spoofer = await open(cardId, team.member.token);
    const claimed = { ...impersonation.user, id: team.owner.id, userId: team.owner.id };
    spoofer.provider.setAwarenessField('user', claimed);
    spoofer.provider.setAwarenessField('avatarUrl', impersonation.avatarUrl);
    spoofer.provider.setAwarenessField('cursor', impersonation.cursor);

    await expect.poll(() => stateOf(observer, spoofer)).toEqual({ user: { id: team.member.id }, cursor: null });
    const latecomer = await open(cardId, team.admin.token);
    await expect.poll(() => stateOf(latecomer, spoofer)).toEqual({ user: { id: team.member.id }, cursor: null });
    const everything = JSON.stringify([...(observer.provider.awareness?.getStates().values() ?? [])]);
    expect(everything).not.toContain('attacker.example');
    expect(everything).not.toContain('Olive Owner');
  });

  it('shows each co-editor by their own id, and a viewer too', async () => {
    const cardId = await newCard();
    const member = await open(cardId, team.member.token);
    const viewer = await open(cardId, team.viewer.token);
    member.provider.setAwarenessField('user', { id: team.member.id });
    viewer.provider.setAwarenessField('user', { id: team.viewer.id });
    await expect.poll(() => stateOf(member, viewer)).toEqual({ user: { id: team.viewer.id } });
    await expect.poll(() => stateOf(viewer, member)).toEqual({ user: { id: team.member.id } });
  });
});

describe.each(testTarget().kind === 'postgres' ? ['Redis'] : [])('presence across instances through %s', () => {
  it('reaches the other instance as the server authenticated it', async () => {
    const cardId = await newCard();
    const other = await createTestApp({}, { shareWith: t });
    try {
      const spoofer = await open(cardId, team.member.token);
      const observer = await open(cardId, team.owner.token, other);
      spoofer.provider.setAwarenessField('user', { ...impersonation.user, id: team.owner.id });
      await expect.poll(() => stateOf(observer, spoofer)).toEqual({ user: { id: team.member.id } });
    } finally {
      await other.close();
    }
  });
});
