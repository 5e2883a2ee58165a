import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CollabClient, connectCollab, textOf } from '../../../test/support/collab-client';
import { connectLive } from '../../../test/support/live-client';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { testTarget } from '../../../test/support/test-database';
import { cards } from '../../db/schema/cards';

let t: TestApp;
let team: Team;
const clients: CollabClient[] = [];
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Collab project');
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

async function newCard(title = 'Shared body'): Promise<string> {
  const res = await t.request<{ id: string }>('POST', `/api/projects/${team.projectId}/cards`, {
    token: team.member.token,
    body: { title },
  });
  return res.body.id;
}

async function open(cardId: string, token: string | null, app: TestApp = t): Promise<CollabClient> {
  const client = await connectCollab(app.url, cardId, token);
  clients.push(client);
  return client;
}

async function storedText(cardId: string): Promise<string | undefined> {
  const [row] = await t.database.db.select({ text: cards.bodyText }).from(cards).where(eq(cards.id, cardId));
  return row?.text;
}

describe('/collab', () => {
  it('refuses no token, a forged token, a stranger, an unknown card and other document names', async () => {
    const cardId = await newCard();
    await expect(open(cardId, null)).rejects.toThrow(/refused/);
    await expect(open(cardId, `${team.member.token}x`)).rejects.toThrow(/refused/);
    await expect(open(cardId, team.stranger.token)).rejects.toThrow(/refused/);
    await expect(open(crypto.randomUUID(), team.owner.token)).rejects.toThrow(/refused/);
    await expect(open('../etc', team.owner.token)).rejects.toThrow(/refused/);
  });

  it('lets two members edit one body and see each other, and stores it with its plain text', async () => {
    const cardId = await newCard();
    const a = await open(cardId, team.member.token);
    const b = await open(cardId, team.owner.token);
    a.type('Hello from Mia. ');
    await expect.poll(() => textOf(b)).toBe('Hello from Mia. ');
    b.type('And Olive.');
    await expect.poll(() => textOf(a)).toBe('Hello from Mia. And Olive.');
    await expect.poll(() => storedText(cardId), { timeout: 5000 }).toBe('Hello from Mia. And Olive.');
    const found = await t.request<{ items: { id: string; excerpt: string }[] }>(
      'GET',
      `/api/projects/${team.projectId}/cards?q=olive`,
      { token: team.viewer.token },
    );
    expect(found.body.items).toEqual([expect.objectContaining({ id: cardId, excerpt: 'Hello from Mia. And Olive.' })]);
  });

  it('tells the project’s members when a stored body changed the card, and no one else', async () => {
    const cardId = await newCard();
    const viewerLive = await connectLive(t.url, team.viewer.token);
    const strangerLive = await connectLive(t.url, team.stranger.token);
    try {
      const editor = await open(cardId, team.member.token);
      editor.type('Worth an excerpt.');
      await viewerLive.waitFor((m) => m.type === 'card_updated' && m.card_id === cardId, 5000);
      expect(await storedText(cardId)).toBe('Worth an excerpt.');
      expect(strangerLive.messages.filter((m) => m.card_id === cardId)).toEqual([]);
    } finally {
      viewerLive.close();
      strangerLive.close();
    }
  });

  it('records a body edit for each person whose changes were stored, viewers not included', async () => {
    const cardId = await newCard();
    const editors: (string | undefined)[] = [];
    t.app.deps.events.subscribe({
      name: `test.body-edits.${cardId}`,
      on: ['card.body_edited'],
      handle: (event) => {
        if (event.card.id === cardId) editors.push(event.actor?.userId);
      },
    });
    const member = await open(cardId, team.member.token);
    const owner = await open(cardId, team.owner.token);
    const viewer = await open(cardId, team.viewer.token);
    member.type('Mia wrote. ');
    await expect.poll(() => textOf(owner)).toBe('Mia wrote. ');
    owner.type('Olive too.');
    viewer.type(' Vic cannot.');
    await expect.poll(() => storedText(cardId), { timeout: 5000 }).toBe('Mia wrote. Olive too.');
    await expect.poll(() => [...editors].sort()).toEqual([team.member.id, team.owner.id].sort());
  });

  it('keeps a viewer read-only: their changes reach neither the others nor storage', async () => {
    const cardId = await newCard();
    const member = await open(cardId, team.member.token);
    const viewer = await open(cardId, team.viewer.token);
    member.type('Written by a member.');
    await expect.poll(() => textOf(viewer)).toBe('Written by a member.');
    viewer.type(' Viewer graffiti.');
    member.type(' More.');
    await expect.poll(() => storedText(cardId), { timeout: 5000 }).toBe('Written by a member. More.');
    expect(textOf(member)).not.toContain('graffiti');
  });

  it('serves a stored body from the database to another instance', async () => {
    const cardId = await newCard();
    const writer = await open(cardId, team.member.token);
    writer.type('Survives a restart.');
    await expect.poll(() => storedText(cardId), { timeout: 5000 }).toBe('Survives a restart.');
    const other = await createTestApp({}, { shareWith: t });
    try {
      const reader = await open(cardId, team.owner.token, other);
      expect(textOf(reader)).toBe('Survives a restart.');
    } finally {
      await other.close();
    }
  });

  it('disconnects a member removed from the project within 2 s, and refuses them after', async () => {
    const cardId = await newCard();
    const leaving = await t.signUp({ name: 'Lee Leaving' });
    await t.request('POST', `/api/projects/${team.projectId}/members`, {
      token: team.owner.token,
      body: { email: leaving.email, role: 'member' },
    });
    const client = await open(cardId, leaving.token);
    const removedAt = Date.now();
    const removed = await t.request('DELETE', `/api/projects/${team.projectId}/members/${leaving.id}`, {
      token: team.owner.token,
    });
    expect(removed.status).toBe(204);
    await client.closed;
    expect(Date.now() - removedAt).toBeLessThan(2000);
    await expect(open(cardId, leaving.token)).rejects.toThrow(/refused/);
  });
});

describe('a member demoted to viewer while editing', () => {
  it('is told, and from then on their changes reach neither the others nor storage', async () => {
    const cardId = await newCard();
    const demoted = await t.signUp({ name: 'Dee Demoted' });
    await t.request('POST', `/api/projects/${team.projectId}/members`, {
      token: team.owner.token,
      body: { email: demoted.email, role: 'member' },
    });
    const theirs = await open(cardId, demoted.token);
    const owners = await open(cardId, team.owner.token);
    theirs.type('Before. ');
    await expect.poll(() => textOf(owners)).toBe('Before. ');
    const changed = await t.request('PATCH', `/api/projects/${team.projectId}/members/${demoted.id}`, {
      token: team.owner.token,
      body: { role: 'viewer' },
    });
    expect(changed.status).toBe(200);
    await expect.poll(() => theirs.stateless).toEqual([{ type: 'access', read_only: true }]);
    theirs.type('After.');
    owners.type('Owner.');
    await expect.poll(() => storedText(cardId), { timeout: 5000 }).toBe('Before. Owner.');
    expect(textOf(owners)).toBe('Before. Owner.');
  });
});

describe('a body over 2 MB', () => {
  it('is refused with a clear message, and nothing of it is stored', async () => {
    const cardId = await newCard();
    const writer = await open(cardId, team.member.token);
    writer.type('Kept. ');
    await expect.poll(() => storedText(cardId), { timeout: 5000 }).toBe('Kept.');
    writer.type('x'.repeat(2.5 * 1024 * 1024));
    // Hocuspocus closes the document's channel with a close message that carries the reason (not the code).
    expect((await writer.closed).reason).toMatch(/2 MB limit/);
    writer.close();
    const reader = await open(cardId, team.owner.token);
    expect(textOf(reader)).toBe('Kept. ');
  });
});

describe.each(testTarget().kind === 'postgres' ? ['Redis'] : [])('two instances through %s', () => {
  it('let editors on different instances see each other', async () => {
    const cardId = await newCard();
    const other = await createTestApp({}, { shareWith: t });
    try {
      const here = await open(cardId, team.member.token);
      const there = await open(cardId, team.owner.token, other);
      here.type('Typed on one instance. ');
      await expect.poll(() => textOf(there)).toBe('Typed on one instance. ');
      there.type('Answered on the other.');
      await expect.poll(() => textOf(here)).toBe('Typed on one instance. Answered on the other.');
      await expect
        .poll(() => storedText(cardId), { timeout: 5000 })
        .toBe('Typed on one instance. Answered on the other.');
    } finally {
      await other.close();
    }
  });
});
