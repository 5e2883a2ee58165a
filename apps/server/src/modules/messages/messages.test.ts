import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLive } from '../../../test/support/live-client';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';

interface MessageBody {
  id: string;
  chat_id: string;
  card_id: string;
  project_id: string;
  author: { user_id: string | null; name: string; avatar_url: string; color: string };
  text: string;
  mentions: string[];
  reactions: { emoji: string; count: number; user_ids: string[] }[];
  edited_at: string | null;
  abilities: { edit: boolean; delete: boolean };
}

let t: TestApp;
let team: Team;
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Messages project');
});
afterAll(() => t.close());

/** A new card by `author`, and its General chat's id. */
async function newChat(author: TestUser = team.member): Promise<{ cardId: string; chatId: string }> {
  const card = await t.request<{ id: string }>('POST', `/api/projects/${team.projectId}/cards`, {
    token: author.token,
    body: { title: 'Roadmap card' },
  });
  const chats = await t.request<{ id: string }[]>('GET', `/api/cards/${card.body.id}/chats`, { token: author.token });
  const [chat] = chats.body;
  if (!chat) throw new Error('no General chat');
  return { cardId: card.body.id, chatId: chat.id };
}

async function post(chatId: string, user: TestUser, text: string, mentions?: string[]) {
  return t.request<MessageBody>('POST', `/api/chats/${chatId}/messages`, {
    token: user.token,
    body: mentions ? { text, mentions } : { text },
  });
}

async function page(chatId: string, query = '', user: TestUser = team.viewer) {
  return t.request<MessageBody[]>('GET', `/api/chats/${chatId}/messages${query}`, { token: user.token });
}

describe('messages', () => {
  it('posts a trimmed message, stored as sent, and tells members live', async () => {
    const { chatId, cardId } = await newChat();
    const live = await connectLive(t.url, team.viewer.token);
    const stranger = await connectLive(t.url, team.stranger.token);
    const text = '  <script>alert(1)</script> see https://example.test  ';
    const res = await post(chatId, team.member, text);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      chat_id: chatId,
      card_id: cardId,
      project_id: team.projectId,
      author: { user_id: team.member.id, name: 'Mia Member' },
      text: text.trim(),
      mentions: [],
      reactions: [],
      edited_at: null,
      abilities: { edit: true, delete: true },
    });
    await live.waitFor((m) => m.type === 'message_created' && m.message_id === res.body.id && m.chat_id === chatId);
    expect(stranger.messages.some((m) => m.message_id === res.body.id)).toBe(false);
    live.close();
    stranger.close();
  });

  it.each([
    ['empty text', ''],
    ['blank text', ' \n '],
    ['text over 10,000 characters', 'z'.repeat(10_001)],
  ])('refuses %s with 400', async (_label, text) => {
    const { chatId } = await newChat();
    expect((await post(chatId, team.member, text)).status).toBe(400);
    expect((await page(chatId)).body).toEqual([]);
  });

  it('is 403 for viewers, 404 for strangers and unknown chats', async () => {
    const { chatId } = await newChat();
    expect((await post(chatId, team.viewer, 'hi')).status).toBe(403);
    expect((await post(chatId, team.stranger, 'hi')).status).toBe(404);
    expect((await page(chatId, '', team.stranger)).status).toBe(404);
    expect((await post(crypto.randomUUID(), team.member, 'hi')).status).toBe(404);
  });

  it('pages newest first by `before`, each page oldest first', async () => {
    const { chatId } = await newChat();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await post(chatId, team.member, `m${i}`)).body.id);
    const latest = await page(chatId, '?limit=2');
    expect(latest.body.map((m) => m.text)).toEqual(['m3', 'm4']);
    const older = await page(chatId, `?limit=2&before=${latest.body[0]?.id}`);
    expect(older.body.map((m) => m.text)).toEqual(['m1', 'm2']);
    const oldest = await page(chatId, `?limit=2&before=${older.body[0]?.id}`);
    expect(oldest.body.map((m) => m.text)).toEqual(['m0']);
    for (const query of ['?limit=0', '?limit=101', '?before=nope'])
      expect((await page(chatId, query)).status).toBe(400);
  });

  it('lets only the author edit (setting edited_at), and the author or admins delete', async () => {
    const { chatId } = await newChat();
    const message = (await post(chatId, team.member, 'first draft')).body;
    const edit = (user: TestUser, text: string) =>
      t.request<MessageBody>('PATCH', `/api/messages/${message.id}`, { token: user.token, body: { text } });
    for (const user of [team.admin, team.owner, team.viewer]) expect((await edit(user, 'hijack')).status).toBe(403);
    expect((await edit(team.stranger, 'hijack')).status).toBe(404);
    expect((await edit(team.member, '')).status).toBe(400);
    const edited = await edit(team.member, 'final words');
    expect(edited.status).toBe(200);
    expect(edited.body.text).toBe('final words');
    expect(edited.body.edited_at).not.toBeNull();

    const other = (await post(chatId, team.owner, 'by the owner')).body;
    expect((await t.request('DELETE', `/api/messages/${other.id}`, { token: team.member.token })).status).toBe(403);
    expect((await t.request('DELETE', `/api/messages/${other.id}`, { token: team.viewer.token })).status).toBe(403);
    const live = await connectLive(t.url, team.viewer.token);
    expect((await t.request('DELETE', `/api/messages/${message.id}`, { token: team.admin.token })).status).toBe(204);
    await live.waitFor((m) => m.type === 'message_deleted' && m.message_id === message.id);
    live.close();
    expect((await t.request('DELETE', `/api/messages/${other.id}`, { token: team.owner.token })).status).toBe(204);
    expect((await page(chatId)).body).toEqual([]);
  });

  it('counts one reaction per person and emoji, and takes it back', async () => {
    const { chatId } = await newChat();
    const message = (await post(chatId, team.member, 'react to me')).body;
    const react = (user: TestUser, emoji: string, method = 'PUT') =>
      t.request<MessageBody>(method, `/api/messages/${message.id}/reactions/${encodeURIComponent(emoji)}`, {
        token: user.token,
      });
    await react(team.owner, '👍');
    await react(team.owner, '👍');
    await react(team.admin, '👍');
    const withFlag = await react(team.member, '🇫🇷');
    expect(withFlag.status).toBe(200);
    expect(withFlag.body.reactions).toEqual([
      { emoji: '👍', count: 2, user_ids: [team.owner.id, team.admin.id] },
      { emoji: '🇫🇷', count: 1, user_ids: [team.member.id] },
    ]);
    const undone = await react(team.owner, '👍', 'DELETE');
    expect(undone.body.reactions[0]).toEqual({ emoji: '👍', count: 1, user_ids: [team.admin.id] });
    for (const bad of ['a', '👍👍', 'thumbs', '<b>']) expect((await react(team.owner, bad)).status).toBe(400);
    expect((await react(team.viewer, '👍')).status).toBe(403);
    expect((await react(team.stranger, '👍')).status).toBe(404);
  });
});

describe('unread counts and notifications', () => {
  it('counts others’ messages as unread until the chat is read', async () => {
    const { chatId, cardId } = await newChat();
    await post(chatId, team.member, 'one');
    await post(chatId, team.member, 'two');
    await post(chatId, team.owner, 'three');
    const unread = async (user: TestUser) => {
      const chats = await t.request<{ id: string; unread_count: number }[]>('GET', `/api/cards/${cardId}/chats`, {
        token: user.token,
      });
      return chats.body.find((chat) => chat.id === chatId)?.unread_count;
    };
    expect(await unread(team.viewer)).toBe(3);
    expect(await unread(team.member)).toBe(1);
    const read = await t.request<{ unread_count: number }>('POST', `/api/chats/${chatId}/read`, {
      token: team.viewer.token,
    });
    expect(read.status).toBe(200);
    expect(read.body.unread_count).toBe(0);
    await post(chatId, team.owner, 'four');
    expect(await unread(team.viewer)).toBe(1);
    expect((await t.request('POST', `/api/chats/${chatId}/read`, { token: team.stranger.token })).status).toBe(404);
  });

  it('notifies mentioned members (not non-members) and, once per chat, its followers', async () => {
    const { chatId } = await newChat(team.member);
    const notes = async (user: TestUser) =>
      (
        await t.request<{ type: string; title: string; message: string; chat_id: string; is_read: boolean }[]>(
          'GET',
          '/api/notifications',
          { token: user.token },
        )
      ).body.filter((note) => note.chat_id === chatId);

    const mention = await post(chatId, team.owner, 'Hey @Adam, can you look?', [team.admin.id, team.stranger.id]);
    expect(mention.body.mentions).toEqual([team.admin.id]);
    await expect.poll(async () => (await notes(team.admin)).map((note) => note.type)).toEqual(['mention']);
    const [adminNote] = await notes(team.admin);
    expect(adminNote).toMatchObject({
      title: 'Olive Owner mentioned you in Roadmap card',
      message: 'Hey @Adam, can you look?',
    });
    expect(await notes(team.stranger)).toEqual([]);
    // The card's author follows its General chat.
    await expect.poll(async () => (await notes(team.member)).map((note) => note.type)).toEqual(['chat_message']);

    await post(chatId, team.owner, 'And another thing');
    await expect
      .poll(async () => (await notes(team.member)).map((note) => note.message))
      .toEqual(['And another thing']);
    // The admin now follows (mentioned), and gets the newer message as a chat_message.
    await expect
      .poll(async () => (await notes(team.admin)).map((note) => note.type).sort())
      .toEqual(['chat_message', 'mention']);
    expect(await notes(team.owner)).toEqual([]);
  });
});
