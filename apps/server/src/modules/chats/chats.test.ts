import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLive } from '../../../test/support/live-client';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';
import { uploadOk } from '../../../test/support/uploads';
import { chatFollowers, messages } from '../../db/schema/messages';

interface ChatBody {
  id: string;
  card_id: string;
  project_id: string;
  name: string;
  created_by: { user_id: string | null; name: string };
  message_count: number;
  unread_count: number;
  last_message_at: string | null;
  abilities: { edit: boolean; delete: boolean };
}

let t: TestApp;
let team: Team;
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Chats project');
});
afterAll(() => t.close());

async function newCard(user: TestUser = team.member): Promise<string> {
  const res = await t.request<{ id: string }>('POST', `/api/projects/${team.projectId}/cards`, {
    token: user.token,
    body: { title: 'A card with chats' },
  });
  if (res.status !== 201) throw new Error(`card not created: ${res.text}`);
  return res.body.id;
}

async function chatsOf(cardId: string, user: TestUser = team.viewer) {
  return t.request<ChatBody[]>('GET', `/api/cards/${cardId}/chats`, { token: user.token });
}

async function openChat(cardId: string, user: TestUser, name: string) {
  return t.request<ChatBody>('POST', `/api/cards/${cardId}/chats`, { token: user.token, body: { name } });
}

describe('GET /api/cards/:cardId/chats', () => {
  it('lists a new card’s General chat, followed by the card’s author, to every member', async () => {
    const cardId = await newCard();
    const res = await chatsOf(cardId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        card_id: cardId,
        project_id: team.projectId,
        name: 'General',
        created_by: { user_id: team.member.id, name: 'Mia Member' },
        message_count: 0,
        unread_count: 0,
        last_message_at: null,
        abilities: { edit: false, delete: false },
      }),
    ]);
    const [general] = res.body;
    const followers = await t.database.db
      .select()
      .from(chatFollowers)
      .where(eq(chatFollowers.chatId, general?.id ?? ''));
    expect(followers.map((row) => row.userId)).toEqual([team.member.id]);
  });

  it('counts messages, and as unread only others’ messages', async () => {
    const cardId = await newCard();
    const [general] = (await chatsOf(cardId)).body;
    if (!general) throw new Error('no General chat');
    const base = { chatId: general.id, cardId, projectId: team.projectId };
    await t.database.db.insert(messages).values([
      { ...base, authorId: team.member.id, authorName: 'Mia Member', text: 'mine' },
      { ...base, authorId: team.owner.id, authorName: 'Olive Owner', text: 'theirs' },
    ]);
    const asMember = (await chatsOf(cardId, team.member)).body[0];
    expect(asMember).toMatchObject({ message_count: 2, unread_count: 1 });
    const asViewer = (await chatsOf(cardId, team.viewer)).body[0];
    expect(asViewer).toMatchObject({ message_count: 2, unread_count: 2 });
  });

  it('is 404 for a stranger and for an unknown card', async () => {
    const cardId = await newCard();
    const stranger = await chatsOf(cardId, team.stranger);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ error: { code: 'cards/not-found' } });
    expect((await chatsOf(crypto.randomUUID(), team.owner)).status).toBe(404);
  });
});

describe('POST /api/cards/:cardId/chats', () => {
  it('opens a named chat after the others, tells members live, and refuses viewers and strangers', async () => {
    const cardId = await newCard();
    const live = await connectLive(t.url, team.owner.token);
    const res = await openChat(cardId, team.member, '  Design review ');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Design review', abilities: { edit: true, delete: true } });
    await live.waitFor((m) => m.type === 'chat_created' && m.chat_id === res.body.id && m.card_id === cardId);
    live.close();
    expect((await chatsOf(cardId)).body.map((chat) => chat.name)).toEqual(['General', 'Design review']);
    expect((await openChat(cardId, team.viewer, 'Nope')).status).toBe(403);
    expect((await openChat(cardId, team.stranger, 'Nope')).status).toBe(404);
  });

  it.each([
    ['an empty name', ''],
    ['a blank name', '  '],
    ['a name of 81 characters', 'n'.repeat(81)],
  ])('refuses %s with 400', async (_label, name) => {
    const cardId = await newCard();
    const res = await openChat(cardId, team.member, name);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'request/invalid' } });
    expect((await chatsOf(cardId)).body).toHaveLength(1);
  });
});

describe('PATCH and DELETE /api/chats/:chatId', () => {
  it('renames for its creator and for admins, not for other members or viewers', async () => {
    const cardId = await newCard();
    const chat = (await openChat(cardId, team.member, 'Draft')).body;
    const rename = (user: TestUser, name: string) =>
      t.request<ChatBody>('PATCH', `/api/chats/${chat.id}`, { token: user.token, body: { name } });
    const other = await t.signUp();
    await t.request('POST', `/api/projects/${team.projectId}/members`, {
      token: team.owner.token,
      body: { email: other.email, role: 'member' },
    });
    expect((await rename(other, 'Mine now')).status).toBe(403);
    expect((await rename(team.viewer, 'Mine now')).status).toBe(403);
    expect((await rename(team.stranger, 'Mine now')).status).toBe(404);
    expect((await rename(team.member, 'Final')).body.name).toBe('Final');
    expect((await rename(team.admin, 'Final, by admin')).body.name).toBe('Final, by admin');
    expect((await rename(team.admin, '')).status).toBe(400);
  });

  it('deletes for its creator or admins, keeps the last chat (409), and tells members live', async () => {
    const cardId = await newCard(team.owner);
    const [general] = (await chatsOf(cardId)).body;
    const extra = (await openChat(cardId, team.member, 'Extra')).body;
    expect((await t.request('DELETE', `/api/chats/${general?.id}`, { token: team.member.token })).status).toBe(403);
    expect((await t.request('DELETE', `/api/chats/${extra.id}`, { token: team.viewer.token })).status).toBe(403);
    expect((await t.request('DELETE', `/api/chats/${extra.id}`, { token: team.stranger.token })).status).toBe(404);

    const live = await connectLive(t.url, team.viewer.token);
    expect((await t.request('DELETE', `/api/chats/${extra.id}`, { token: team.member.token })).status).toBe(204);
    await live.waitFor((m) => m.type === 'chat_deleted' && m.chat_id === extra.id);
    live.close();

    const last = await t.request('DELETE', `/api/chats/${general?.id}`, { token: team.owner.token });
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ error: { code: 'chats/last-chat' } });
    expect((await chatsOf(cardId)).body.map((chat) => chat.id)).toEqual([general?.id]);
  });

  it('removes the stored objects of its messages’ files', async () => {
    const live = await connectLive(t.url, team.viewer.token);
    const cardId = await newCard();
    const extra = (await openChat(cardId, team.member, 'With a file')).body;
    await live.waitFor((m) => m.type === 'chat_created' && m.chat_id === extra.id);
    // A new card's General was announced by its card_created alone.
    expect(live.messages.filter((m) => m.type === 'chat_created' && m.card_id === cardId)).toHaveLength(1);
    live.close();
    const file = await uploadOk(t, team.member, team.projectId, { name: 'chat.txt', bytes: Buffer.from('c') });
    const posted = await t.request('POST', `/api/chats/${extra.id}/messages`, {
      token: team.member.token,
      body: { text: 'attached', file_ids: [file.id] },
    });
    expect(posted.status).toBe(201);
    const { storage } = t.app.deps;
    expect(await storage.stat(`uploads/${file.id}`)).toBeDefined();
    expect((await t.request('DELETE', `/api/chats/${extra.id}`, { token: team.member.token })).status).toBe(204);
    expect((await t.request('GET', `/api/files/${file.id}`, { token: team.member.token })).status).toBe(404);
    await expect.poll(() => storage.stat(`uploads/${file.id}`)).toBeUndefined();
  });

  it('never leaves a card without a chat when its last two are deleted at once', async () => {
    const cardId = await newCard(team.owner);
    await openChat(cardId, team.owner, 'Second');
    const ids = (await chatsOf(cardId)).body.map((chat) => chat.id);
    const results = await Promise.all(
      ids.map((id) => t.request('DELETE', `/api/chats/${id}`, { token: team.owner.token })),
    );
    expect(results.map((res) => res.status).sort()).toEqual([204, 409]);
    expect((await chatsOf(cardId)).body).toHaveLength(1);
  });

  it('goes with its card', async () => {
    const cardId = await newCard();
    const [general] = (await chatsOf(cardId)).body;
    expect((await t.request('DELETE', `/api/cards/${cardId}`, { token: team.member.token })).status).toBe(204);
    expect(
      (await t.request('PATCH', `/api/chats/${general?.id}`, { token: team.member.token, body: { name: 'x' } })).status,
    ).toBe(404);
  });
});
