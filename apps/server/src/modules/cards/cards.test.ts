import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLive } from '../../../test/support/live-client';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';
import { uploadOk } from '../../../test/support/uploads';
import { chats } from '../../db/schema/cards';
import { outbox } from '../../db/schema/outbox';
import { usageEvents } from '../../db/schema/usage-events';

interface CardBody {
  id: string;
  project_id: string;
  title: string;
  excerpt: string;
  archived: boolean;
  chat_count: number;
  created_by: { user_id: string | null; name: string };
  abilities: { edit: boolean; delete: boolean };
}

let t: TestApp;
let team: Team;
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Cards project');
});
afterAll(() => t.close());

async function create(user: TestUser, title: string, projectId = team.projectId) {
  return t.request<CardBody>('POST', `/api/projects/${projectId}/cards`, { token: user.token, body: { title } });
}

async function createOk(user: TestUser, title: string): Promise<CardBody> {
  const res = await create(user, title);
  if (res.status !== 201) throw new Error(`card not created: ${res.status} ${res.text}`);
  return res.body;
}

describe('POST /api/projects/:projectId/cards', () => {
  it('creates a card with its General chat, trims the title and records card_created', async () => {
    const res = await create(team.member, '  Launch plan  ');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      project_id: team.projectId,
      title: 'Launch plan',
      excerpt: '',
      archived: false,
      chat_count: 1,
      created_by: { user_id: team.member.id, name: 'Mia Member' },
      abilities: { edit: true, delete: true },
    });
    const cardChats = await t.database.db.select().from(chats).where(eq(chats.cardId, res.body.id));
    expect(cardChats.map((chat) => chat.name)).toEqual(['General']);
    await expect
      .poll(async () => {
        const rows = await t.database.db
          .select()
          .from(usageEvents)
          .where(and(eq(usageEvents.name, 'card_created'), eq(usageEvents.userId, team.member.id)));
        return rows.map((row) => row.properties.card_id);
      })
      .toContain(res.body.id);
  });

  it.each([
    ['an empty title', ''],
    ['a blank title', '   '],
    ['a title of 201 characters', 'x'.repeat(201)],
  ])('refuses %s with 400, creating nothing', async (_label, title) => {
    const before = await t.request<{ items: unknown[] }>('GET', `/api/projects/${team.projectId}/cards`, {
      token: team.owner.token,
    });
    const res = await create(team.owner, title);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'request/invalid' } });
    const after = await t.request<{ items: unknown[] }>('GET', `/api/projects/${team.projectId}/cards`, {
      token: team.owner.token,
    });
    expect(after.body.items).toHaveLength(before.body.items.length);
  });

  it('accepts a title of exactly 200 characters', async () => {
    expect((await create(team.member, 'y'.repeat(200))).status).toBe(201);
  });

  it('is 403 for a viewer and 404 for a stranger', async () => {
    expect((await create(team.viewer, 'Nope')).status).toBe(403);
    const stranger = await create(team.stranger, 'Nope');
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ error: { code: 'projects/not-found' } });
  });

  it('tells the project’s members live, and nobody else', async () => {
    const viewer = await connectLive(t.url, team.viewer.token);
    const stranger = await connectLive(t.url, team.stranger.token);
    const card = await createOk(team.admin, 'Live card');
    await viewer.waitFor((m) => m.type === 'card_created' && m.card_id === card.id);
    expect(stranger.messages.some((m) => m.card_id === card.id)).toBe(false);
    viewer.close();
    stranger.close();
  });
});

describe('GET, PATCH and DELETE /api/cards/:cardId', () => {
  it('reads a card for every member, with abilities by role, and 404 for a stranger', async () => {
    const card = await createOk(team.member, 'Readable');
    const expected = {
      owner: { edit: true, delete: true },
      admin: { edit: true, delete: true },
      member: { edit: true, delete: true },
      viewer: { edit: false, delete: false },
    } as const;
    for (const [role, abilities] of Object.entries(expected) as [keyof typeof expected, (typeof expected)['owner']][]) {
      const res = await t.request<CardBody>('GET', `/api/cards/${card.id}`, { token: team.byRole[role].token });
      expect(res.status).toBe(200);
      expect(res.body.abilities).toEqual(abilities);
    }
    const other = await createOk(team.owner, 'Someone else’s');
    const asMember = await t.request<CardBody>('GET', `/api/cards/${other.id}`, { token: team.member.token });
    expect(asMember.body.abilities).toEqual({ edit: true, delete: false });
    const stranger = await t.request('GET', `/api/cards/${card.id}`, { token: team.stranger.token });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ error: { code: 'cards/not-found' } });
  });

  it('lets every member rename and archive, refuses viewers, and 404s strangers', async () => {
    const card = await createOk(team.owner, 'Old title');
    const renamed = await t.request<CardBody>('PATCH', `/api/cards/${card.id}`, {
      token: team.member.token,
      body: { title: ' New title ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe('New title');
    const archived = await t.request<CardBody>('PATCH', `/api/cards/${card.id}`, {
      token: team.member.token,
      body: { archived: true },
    });
    expect(archived.body.archived).toBe(true);
    const viewer = await t.request('PATCH', `/api/cards/${card.id}`, {
      token: team.viewer.token,
      body: { title: 'X' },
    });
    expect(viewer.status).toBe(403);
    expect(viewer.body).toMatchObject({ error: { code: 'cards/forbidden' } });
    const stranger = await t.request('PATCH', `/api/cards/${card.id}`, {
      token: team.stranger.token,
      body: { title: 'X' },
    });
    expect(stranger.status).toBe(404);
    const current = await t.request<CardBody>('GET', `/api/cards/${card.id}`, { token: team.owner.token });
    expect(current.body).toMatchObject({ title: 'New title', archived: true });
  });

  it('refuses an empty change and a bad title with 400', async () => {
    const card = await createOk(team.owner, 'Stays');
    for (const body of [{}, { title: '' }, { archived: 'yes' }]) {
      const res = await t.request('PATCH', `/api/cards/${card.id}`, { token: team.owner.token, body });
      expect(res.status).toBe(400);
    }
  });

  it('deletes for its author and for admins, not for other members or viewers, with its chats', async () => {
    const byOwner = await createOk(team.owner, 'Owner’s card');
    for (const user of [team.member, team.viewer]) {
      const res = await t.request('DELETE', `/api/cards/${byOwner.id}`, { token: user.token });
      expect(res.status).toBe(403);
    }
    expect((await t.request('DELETE', `/api/cards/${byOwner.id}`, { token: team.stranger.token })).status).toBe(404);
    expect((await t.request('DELETE', `/api/cards/${byOwner.id}`, { token: team.admin.token })).status).toBe(204);
    expect((await t.request('GET', `/api/cards/${byOwner.id}`, { token: team.owner.token })).status).toBe(404);
    expect(await t.database.db.select().from(chats).where(eq(chats.cardId, byOwner.id))).toEqual([]);

    const byMember = await createOk(team.member, 'Member’s card');
    const live = await connectLive(t.url, team.viewer.token);
    expect((await t.request('DELETE', `/api/cards/${byMember.id}`, { token: team.member.token })).status).toBe(204);
    await live.waitFor((m) => m.type === 'card_deleted' && m.card_id === byMember.id);
    live.close();
  });

  it('answers 400 to an id that is not a UUID', async () => {
    expect((await t.request('GET', '/api/cards/not-a-uuid', { token: team.owner.token })).status).toBe(400);
  });
});

describe('deleting a card with files', () => {
  it('removes their stored objects through the outbox, trying again after a failure', async () => {
    const card = await createOk(team.member, 'With files');
    const file = await uploadOk(t, team.member, team.projectId, {
      name: 'notes.txt',
      bytes: Buffer.from('kept until the card goes'),
      cardId: card.id,
    });
    const { storage } = t.app.deps;
    const key = `uploads/${file.id}`;
    expect(await storage.stat(key)).toBeDefined();
    const pendingRemovals = async () => {
      const rows = await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.subscriber, 'files.remove-stored-objects'));
      return rows.filter((row) => JSON.stringify(row.event).includes(card.id));
    };
    const remove = storage.delete.bind(storage);
    storage.delete = async () => {
      throw new Error('the bucket is unreachable');
    };
    try {
      expect((await t.request('DELETE', `/api/cards/${card.id}`, { token: team.member.token })).status).toBe(204);
      await expect.poll(async () => (await pendingRemovals()).map((row) => row.attempts)).toEqual([1]);
      expect(await storage.stat(key)).toBeDefined();
    } finally {
      storage.delete = remove;
    }
    await expect.poll(() => storage.stat(key), { timeout: 15_000 }).toBeUndefined();
    await expect.poll(pendingRemovals).toEqual([]);
  });
});
