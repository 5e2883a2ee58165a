import type { SearchPage, SearchResult, SearchSuggestions } from '@deckhand/contract/search';
import type { Task } from '@deckhand/contract/tasks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CollabClient, connectCollab } from '../../../test/support/collab-client';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';
import { uploadOk } from '../../../test/support/uploads';
import { searchEntries } from '../../db/schema/search';
import { catchUpSearchIndex, catchUpWindowMs } from './catch-up';

let t: TestApp;
let team: Team;
let statuses: { id: string; name: string }[];
const clients: CollabClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Search project');
  statuses = await call(team.owner, 'GET', `/api/projects/${team.projectId}/statuses`);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

async function call<T = { id: string }>(user: TestUser, method: string, path: string, body?: unknown): Promise<T> {
  const res = await t.request<T>(method, path, { token: user.token, body });
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${res.text}`);
  return res.body;
}

function searchAs(user: TestUser, q: string, extra = '') {
  return t.request<SearchPage>('GET', `/api/search?q=${encodeURIComponent(q)}${extra}`, { token: user.token });
}

async function found(q: string, user: TestUser = team.member, extra = ''): Promise<SearchResult[]> {
  const res = await searchAs(user, q, extra);
  if (res.status !== 200) throw new Error(`search ${q} answered ${res.status}: ${res.text}`);
  return res.body.items;
}

/** Titles found, in order; polls for at most the 1 s within which a write must be findable. */
async function expectTitles(q: string, titles: string[], user: TestUser = team.member, extra = ''): Promise<void> {
  await expect.poll(async () => (await found(q, user, extra)).map((r) => r.title), { timeout: 1000 }).toEqual(titles);
}

/** For set-up (expect.poll is for tests): waits the 1 s within which writes must be findable. */
async function waitForCount(q: string, count: number): Promise<void> {
  await vi.waitFor(async () => expect(await found(q)).toHaveLength(count), { timeout: 1000, interval: 50 });
}

async function entriesOf(cardId: string): Promise<number> {
  return (await t.database.db.select().from(searchEntries).where(eq(searchEntries.cardId, cardId))).length;
}

async function newCard(title: string, projectId = team.projectId, user: TestUser = team.member) {
  return call<{ id: string }>(user, 'POST', `/api/projects/${projectId}/cards`, { title });
}

async function generalChat(cardId: string, user: TestUser = team.member): Promise<string> {
  const chats = await call<{ id: string }[]>(user, 'GET', `/api/cards/${cardId}/chats`);
  const first = chats[0];
  if (!first) throw new Error('a card has its General chat');
  return first.id;
}

async function newTask(cardId: string, body: Record<string, unknown>, user: TestUser = team.member): Promise<Task> {
  return call<Task>(user, 'POST', `/api/cards/${cardId}/tasks`, body);
}

function statusId(name: string): string {
  const status = statuses.find((s) => s.name === name);
  if (!status) throw new Error(`no status ${name}`);
  return status.id;
}

function marked(result: SearchResult): string[] {
  return result.highlights.map(([start, end]) => result.snippet.slice(start, end));
}

describe('GET /api/search finds each kind of thing', () => {
  it('finds a card by its title and by its body, typed through a real Yjs client, with the card’s url', async () => {
    const card = await newCard('Quarterly walrus review');
    await expectTitles('walrus', ['Quarterly walrus review']);
    const client = await connectCollab(t.url, card.id, team.member.token);
    clients.push(client);
    client.type('We agreed the narwhal budget doubles next spring.');
    await expect.poll(async () => (await found('narwhal')).map((r) => r.id), { timeout: 5000 }).toEqual([card.id]);
    const [result] = await found('narwhal budget');
    expect(result).toMatchObject({
      type: 'card',
      id: card.id,
      project_id: team.projectId,
      project_name: 'Search project',
      card_id: card.id,
      card_title: 'Quarterly walrus review',
      chat_id: null,
      title: 'Quarterly walrus review',
      snippet: 'We agreed the narwhal budget doubles next spring.',
      url: `/${team.projectId}/cards/${card.id}`,
    });
    expect(result && marked(result)).toEqual(['narwhal', 'budget']);
    expect(Date.parse(result?.updated_at ?? '')).not.toBeNaN();
  });

  it('finds a task by its title and its labels, with the kanban url', async () => {
    const card = await newCard('Ocelot card');
    const task = await newTask(card.id, { title: 'Groom the ocelot', labels: ['feline', 'Grooming'] });
    await expectTitles('ocelot type:task', ['Groom the ocelot']);
    const [byLabel] = await found('feline');
    expect(byLabel).toMatchObject({
      type: 'task',
      id: task.id,
      card_id: card.id,
      card_title: 'Ocelot card',
      chat_id: null,
      snippet: 'Groom the ocelot · feline, Grooming',
      url: `/${team.projectId}/kanban?task=${task.id}`,
    });
    expect(byLabel && marked(byLabel)).toEqual(['feline']);
  });

  it('finds a message by its text, titled by its author and chat, with the chat url', async () => {
    const card = await newCard('Chat card');
    const chatId = await generalChat(card.id);
    const message = await call(team.admin, 'POST', `/api/chats/${chatId}/messages`, {
      text: 'Decision: we ship the pelican release on Friday',
    });
    await expectTitles('pelican', ['Adam Admin in General']);
    const [result] = await found('pelican');
    expect(result).toMatchObject({
      type: 'message',
      id: message.id,
      card_id: card.id,
      card_title: 'Chat card',
      chat_id: chatId,
      snippet: 'Decision: we ship the pelican release on Friday',
      url: `/${team.projectId}/cards/${card.id}/chats/${chatId}?message=${message.id}`,
    });
  });

  it('finds a file by the words of its name, and a message through the text sent with a file', async () => {
    const card = await newCard('Files card');
    const onCard = await uploadOk(t, team.member, team.projectId, {
      name: 'Heron_budget-2026.pdf',
      bytes: new TextEncoder().encode('%PDF-1.4 tiny'),
      cardId: card.id,
    });
    await expectTitles('heron', ['Heron_budget-2026.pdf']);
    const [file] = await found('heron budget');
    expect(file).toMatchObject({
      type: 'file',
      id: onCard.id,
      card_id: card.id,
      url: `/${team.projectId}/cards/${card.id}?file=${onCard.id}`,
    });
    expect(file && marked(file)).toEqual(['Heron', 'budget']);

    const chatId = await generalChat(card.id);
    const attachment = await uploadOk(t, team.member, team.projectId, {
      name: 'flamingo-sketch.png.txt',
      bytes: new TextEncoder().encode('sketch'),
    });
    const message = await call(team.member, 'POST', `/api/chats/${chatId}/messages`, {
      text: 'The flamingo layout we talked about',
      file_ids: [attachment.id],
    });
    await expect
      .poll(async () => (await found('flamingo')).map((r) => [r.type, r.id, r.chat_id]), { timeout: 1000 })
      .toEqual(
        expect.arrayContaining([
          ['message', message.id, chatId],
          ['file', attachment.id, chatId],
        ]),
      );
  });
});

describe('matching', () => {
  beforeAll(async () => {
    const card = await newCard('Matching card');
    await newTask(card.id, { title: 'Planning the lynx offsite' });
    await newTask(card.id, { title: 'Lynx plans for winter' });
    await newTask(card.id, { title: 'Winter lynx gear' });
    await newTask(card.id, { title: 'Gear for the offsite' });
    await waitForCount('lynx', 3);
  });

  it('needs every word, and stems them in English: "plans" finds "planning"', async () => {
    expect((await found('lynx plans')).map((r) => r.title)).toEqual([
      'Lynx plans for winter',
      'Planning the lynx offsite',
    ]);
    expect(await found('lynx winter offsite')).toEqual([]);
  });

  it('matches the last word as a prefix, so results come while it is typed', async () => {
    expect((await found('ly')).map((r) => r.title)).toContain('Winter lynx gear');
    expect((await found('lynx plann')).map((r) => r.title)).toEqual(['Planning the lynx offsite']);
    expect((await found('lynx plann ')).map((r) => r.title)).toEqual(['Planning the lynx offsite']);
    // Only the last word: "plann" before another word is a whole word, which nothing has.
    expect(await found('plann lynx')).toEqual([]);
  });

  it('matches a quoted phrase in order, and leaves out what an excluded word matches', async () => {
    expect((await found('"lynx gear"')).map((r) => r.title)).toEqual(['Winter lynx gear']);
    expect(await found('"gear lynx"')).toEqual([]);
    expect((await found('lynx -winter')).map((r) => r.title)).toEqual(['Planning the lynx offsite']);
    expect((await found('lynx -"winter lynx"')).map((r) => r.title)).toEqual([
      'Lynx plans for winter',
      'Planning the lynx offsite',
    ]);
  });

  it('marks the matched words of the snippet by offsets, the prefix and stems included', async () => {
    const [result] = await found('winter lyn');
    expect(result?.title).toBe('Winter lynx gear');
    expect(result && marked(result)).toEqual(['Winter', 'lynx']);
    const [planning] = await found('plans offsite');
    expect(planning && marked(planning)).toEqual(['Planning', 'offsite']);
  });

  it('cuts a long body to at most 200 characters around the match, marks still on the words', async () => {
    const card = await newCard('Long text card');
    const chatId = await generalChat(card.id);
    const filler = 'lorem ipsum dolor sit amet '.repeat(30);
    await call(team.member, 'POST', `/api/chats/${chatId}/messages`, {
      text: `${filler}the quokka census ends here. ${filler}`,
    });
    await expect.poll(async () => (await found('quokka')).length, { timeout: 1000 }).toBe(1);
    const [result] = await found('quokka census');
    expect(result?.snippet.length).toBeLessThanOrEqual(200);
    expect(result?.snippet.startsWith('…')).toBe(true);
    expect(result?.snippet.endsWith('…')).toBe(true);
    expect(result && marked(result)).toEqual(['quokka', 'census']);
  });
});

describe('ranking', () => {
  it('puts title matches above body matches, and the newer above the older on a tie', async () => {
    const card = await newCard('Ranking card');
    const chatId = await generalChat(card.id);
    await newTask(card.id, { title: 'Old tapir task' });
    await call(team.member, 'POST', `/api/chats/${chatId}/messages`, { text: 'the tapir in a message' });
    await newCard('Tapir card title');
    await newTask(card.id, { title: 'New tapir task' });
    await expectTitles('tapir', ['New tapir task', 'Tapir card title', 'Old tapir task', 'Mia Member in General']);
  });
});

describe('filters', () => {
  let card: { id: string };
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  beforeAll(async () => {
    card = await newCard('Bison filter card');
    await newTask(card.id, { title: 'Bison overdue', due_at: inDays(-2), assignee_ids: [team.member.id] });
    await newTask(card.id, {
      title: 'Bison soon',
      due_at: inDays(3),
      assignee_ids: [team.member.id],
      labels: ['Urgent'],
    });
    await newTask(card.id, { title: 'Bison later', due_at: inDays(20), assignee_ids: [team.admin.id] });
    const done = await newTask(card.id, { title: 'Bison done', assignee_ids: [team.member.id] });
    await call(team.member, 'POST', `/api/tasks/${done.id}/move`, { status_id: statusId('Done') });
    await newTask(card.id, { title: 'Bison started', status_id: statusId('In progress') }, team.admin);
    const chatId = await generalChat(card.id);
    await call(team.admin, 'POST', `/api/chats/${chatId}/messages`, { text: 'bison from the admin' });
    await waitForCount('bison', 7);
  });

  it('type:, assignee:me and assignee:<name>, status:, label:, is:', async () => {
    expect((await found('bison type:message')).map((r) => r.title)).toEqual(['Adam Admin in General']);
    expect((await found('bison type:card')).map((r) => r.title)).toEqual(['Bison filter card']);
    expect((await found('bison type:card type:message')).map((r) => r.type).sort()).toEqual(['card', 'message']);
    expect((await found('bison assignee:me')).map((r) => r.title).sort()).toEqual([
      'Bison done',
      'Bison overdue',
      'Bison soon',
    ]);
    expect((await found('bison assignee:"Adam Admin"')).map((r) => r.title)).toEqual(['Bison later']);
    expect((await found('bison assignee:adam')).map((r) => r.title)).toEqual(['Bison later']);
    expect((await found('bison status:"in progress"')).map((r) => r.title)).toEqual(['Bison started']);
    expect((await found('bison label:urgent')).map((r) => r.title)).toEqual(['Bison soon']);
    expect((await found('bison is:done')).map((r) => r.title)).toEqual(['Bison done']);
    expect((await found('bison is:open assignee:me')).map((r) => r.title).sort()).toEqual([
      'Bison overdue',
      'Bison soon',
    ]);
    // Only tasks have assignees: a type that is not task finds nothing with them.
    expect(await found('bison type:card assignee:me')).toEqual([]);
  });

  it('due:overdue, due:today, due:week, due:<date and due:>date', async () => {
    expect((await found('bison due:overdue')).map((r) => r.title)).toEqual(['Bison overdue']);
    expect((await found('bison due:week')).map((r) => r.title)).toEqual(['Bison soon']);
    expect(await found('bison due:today')).toEqual([]);
    const tenDays = inDays(10).slice(0, 10);
    expect((await found(`bison due:>${tenDays}`)).map((r) => r.title)).toEqual(['Bison later']);
    expect((await found(`bison due:<${tenDays}`)).map((r) => r.title).sort()).toEqual(['Bison overdue', 'Bison soon']);
  });

  it('due:today follows the caller’s time zone', async () => {
    const other = await newCard('Zone card');
    // 23:30 UTC today is tomorrow in Tokyo (UTC+9) and today in UTC.
    const now = new Date();
    const lateToday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 23, 30));
    await newTask(other.id, { title: 'Gazelle at half past eleven', due_at: lateToday.toISOString() });
    await expectTitles('gazelle due:today', ['Gazelle at half past eleven'], team.member, '&tz=UTC');
    const tokyoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(now);
    const utcDay = now.toISOString().slice(0, 10);
    const inTokyo = (await found('gazelle due:today', team.member, '&tz=Asia/Tokyo')).map((r) => r.title);
    expect(inTokyo).toEqual(tokyoDay === utcDay ? [] : ['Gazelle at half past eleven']);
  });

  it('from:me and from:<name> name the author, uploader or creator; in: names a project', async () => {
    expect((await found('bison from:me')).map((r) => r.title).sort()).toEqual(
      ['Bison done', 'Bison later', 'Bison overdue', 'Bison soon', 'Bison filter card'].sort(),
    );
    expect((await found('bison from:adam')).map((r) => r.title).sort()).toEqual([
      'Adam Admin in General',
      'Bison started',
    ]);
    expect((await found('bison in:"search project" type:card')).map((r) => r.title)).toEqual(['Bison filter card']);
  });

  it('lists what filters alone match, tasks soonest due first, and pages through them', async () => {
    const titles = (await found('assignee:me is:open in:"Search project"')).map((r) => r.title);
    expect(titles.slice(0, 2)).toEqual(['Bison overdue', 'Bison soon']);
    const first = await searchAs(team.member, 'bison', '&limit=3');
    expect(first.body.items).toHaveLength(3);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const rest = await searchAs(team.member, 'bison', `&limit=50&cursor=${first.body.next_cursor}`);
    const all = [...first.body.items, ...rest.body.items].map((r) => r.id);
    expect(new Set(all).size).toBe(7);
    expect(rest.body.next_cursor).toBeNull();
    const due1 = await searchAs(team.member, 'assignee:me is:open', '&limit=1');
    const due2 = await searchAs(team.member, 'assignee:me is:open', `&limit=1&cursor=${due1.body.next_cursor}`);
    expect([...due1.body.items, ...due2.body.items].map((r) => r.title)).toEqual(['Bison overdue', 'Bison soon']);
  });
});

describe('what a caller can see', () => {
  it('never finds anything of a project the caller is not in, and a removed member stops finding it at once', async () => {
    const card = await newCard('Secret mongoose plans');
    await expectTitles('mongoose', ['Secret mongoose plans']);
    expect(await found('mongoose', team.stranger)).toEqual([]);
    const outside = await call(team.stranger, 'POST', '/api/projects', { name: 'Stranger things' });
    await newCard('Mongoose of the stranger', outside.id, team.stranger);
    await expectTitles('mongoose', ['Mongoose of the stranger'], team.stranger);
    expect((await found('mongoose')).map((r) => r.id)).toEqual([card.id]);

    const res = await searchAs(team.member, 'mongoose', `&project_id=${outside.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: 'projects/not-found' } });
    expect((await found('mongoose', team.member, `&project_id=${team.projectId}`)).map((r) => r.id)).toEqual([card.id]);

    const bystander = await t.signUp({ name: 'Bea Bystander' });
    await call(team.owner, 'POST', `/api/projects/${team.projectId}/members`, {
      email: bystander.email,
      role: 'viewer',
    });
    expect((await found('mongoose', bystander)).map((r) => r.id)).toEqual([card.id]);
    await call(team.owner, 'DELETE', `/api/projects/${team.projectId}/members/${bystander.id}`);
    expect(await found('mongoose', bystander)).toEqual([]);
  });

  it('finds nothing once a thing is deleted, at once', async () => {
    const card = await newCard('Doomed armadillo');
    const chatId = await generalChat(card.id);
    const task = await newTask(card.id, { title: 'Armadillo task' });
    const message = await call(team.member, 'POST', `/api/chats/${chatId}/messages`, { text: 'armadillo message' });
    await expect.poll(async () => (await found('armadillo')).length, { timeout: 1000 }).toBe(3);
    await call(team.member, 'DELETE', `/api/tasks/${task.id}`);
    expect((await found('armadillo')).map((r) => r.type).sort()).toEqual(['card', 'message']);
    await call(team.member, 'DELETE', `/api/messages/${message.id}`);
    expect((await found('armadillo')).map((r) => r.type)).toEqual(['card']);
    // A message's files go with it; a chat's messages with it.
    const attachment = await uploadOk(t, team.member, team.projectId, {
      name: 'armadillo-notes.txt',
      bytes: new TextEncoder().encode('notes'),
    });
    const withFile = await call(team.member, 'POST', `/api/chats/${chatId}/messages`, {
      text: 'armadillo attachment',
      file_ids: [attachment.id],
    });
    await expect.poll(async () => (await found('armadillo')).length, { timeout: 1000 }).toBe(3);
    await call(team.member, 'DELETE', `/api/messages/${withFile.id}`);
    expect((await found('armadillo')).map((r) => r.type)).toEqual(['card']);
    const side = await call(team.member, 'POST', `/api/cards/${card.id}/chats`, { name: 'Side chat' });
    await call(team.member, 'POST', `/api/chats/${side.id}/messages`, { text: 'armadillo on the side' });
    await expect.poll(async () => (await found('armadillo')).length, { timeout: 1000 }).toBe(2);
    await call(team.owner, 'DELETE', `/api/chats/${side.id}`);
    expect((await found('armadillo')).map((r) => r.type)).toEqual(['card']);
    expect(await entriesOf(card.id)).toBe(1);
    await call(team.owner, 'DELETE', `/api/cards/${card.id}`);
    expect(await found('armadillo')).toEqual([]);
    // Gone from the index itself, not only from the answers.
    expect(await entriesOf(card.id)).toBe(0);
  });

  it('follows an edit: the old words are gone and the new ones found', async () => {
    const card = await newCard('Edit card');
    const task = await newTask(card.id, { title: 'Feed the hamster' });
    await expectTitles('hamster', ['Feed the hamster']);
    await call(team.member, 'PATCH', `/api/tasks/${task.id}`, { title: 'Feed the gerbil' });
    await expectTitles('gerbil', ['Feed the gerbil']);
    expect(await found('hamster')).toEqual([]);
    await call(team.member, 'PATCH', `/api/cards/${card.id}`, { title: 'Renamed beaver card' });
    await expectTitles('beaver', ['Renamed beaver card']);
  });
});

describe('after a crash', () => {
  it('indexes at the next start what the last process created but did not live to index', async () => {
    const card = await newCard('Catch-up card');
    const task = await newTask(card.id, { title: 'Lost wombat batch' });
    await expectTitles('wombat', ['Lost wombat batch']);
    // As if the process had died with the batch waiting: the task is there, its entry is not.
    await t.database.db.delete(searchEntries).where(eq(searchEntries.id, task.id));
    expect(await found('wombat')).toEqual([]);
    const written = await catchUpSearchIndex(t.database.db, new Date(Date.now() - catchUpWindowMs));
    expect(written).toBe(1);
    expect((await found('wombat')).map((r) => r.id)).toEqual([task.id]);
    expect(await catchUpSearchIndex(t.database.db, new Date(Date.now() - catchUpWindowMs))).toBe(0);
  });
});

describe('bad requests', () => {
  it.each([
    ['an unknown filter', 'color:red', 'search/invalid-query', 'color:'],
    ['a type that is none', 'type:widget', 'search/invalid-query', 'type:widget'],
    ['a bad is:', 'is:maybe', 'search/invalid-query', 'is:maybe'],
    ['a bad due:', 'due:tomorrow', 'search/invalid-query', 'due:tomorrow'],
    ['a date that is no date', 'due:<2026-02-30', 'search/invalid-query', 'due:<2026-02-30'],
    ['a filter without a value', 'in:', 'search/invalid-query', 'in:'],
    ['a project of no such name', 'in:Nowhere', 'search/invalid-query', 'in:Nowhere'],
    ['a person of no such name', 'assignee:Zed', 'search/invalid-query', 'assignee:Zed'],
    ['a status of no such name', 'status:Blocked', 'search/invalid-query', 'status:Blocked'],
  ])('answers 400 for %s, naming it', async (_name, q, code, named) => {
    const res = await t.request<{ error: { code: string; message: string } }>(
      'GET',
      `/api/search?q=${encodeURIComponent(q)}`,
      { token: team.member.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.message).toContain(named);
  });

  it.each([
    ['limit 0', '&limit=0'],
    ['limit 51', '&limit=51'],
    ['a cursor that is none', '&cursor=nonsense'],
    ['a project id that is none', '&project_id=nope'],
    ['an unknown time zone', '&tz=Mars/Olympus'],
  ])('answers 400 request/invalid for %s', async (_name, extra) => {
    const res = await searchAs(team.member, 'bison', extra);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'request/invalid' } });
  });

  it.each([
    '"',
    '""',
    '-',
    '--',
    '-""',
    'in:"',
    '::',
    'a:b:c',
    'https://example.com/x',
    'the the the',
    '-the',
    '"the of and"',
    'a* & b | !c <-> (d)',
    "o'brien \\ 'quoted'",
    '😀 🎉',
    'naïve café Ünïcode',
    '-bison -lynx',
    '"unclosed phrase',
    `${'word '.repeat(99)}end`,
  ])('answers %j without an error of its own', async (q) => {
    const res = await searchAs(team.member, q);
    expect([200, 400]).toContain(res.status);
    if (res.status === 400) expect(res.body).toMatchObject({ error: { code: 'search/invalid-query' } });
  });

  it('answers an empty query with nothing, and 401 without a session', async () => {
    expect(await found('')).toEqual([]);
    expect(await found('   ')).toEqual([]);
    expect((await t.request('GET', '/api/search?q=bison')).status).toBe(401);
    expect((await t.request('GET', '/api/search/suggest?q=a')).status).toBe(401);
  });
});

describe('GET /api/search/suggest', () => {
  it('completes project names and the names of people who share a project, nobody else', async () => {
    const res = await t.request<SearchSuggestions>('GET', '/api/search/suggest?q=sea', { token: team.member.token });
    expect(res.status).toBe(200);
    expect(res.body.projects).toEqual([{ id: team.projectId, name: 'Search project' }]);
    const people = await t.request<SearchSuggestions>('GET', '/api/search/suggest?q=a', { token: team.member.token });
    const names = people.body.people.map((p) => p.name);
    expect(names).toContain('Adam Admin');
    expect(names).not.toContain('Stan Stranger');
    const stranger = await t.request<SearchSuggestions>('GET', '/api/search/suggest?q=sea', {
      token: team.stranger.token,
    });
    expect(stranger.body.projects).toEqual([]);
    // LIKE's wildcards are letters like any other.
    for (const q of ['%', '_', '\\']) {
      const odd = await t.request<SearchSuggestions>('GET', `/api/search/suggest?q=${encodeURIComponent(q)}`, {
        token: team.member.token,
      });
      expect(odd.status).toBe(200);
      expect(odd.body.projects).toEqual([]);
    }
  });
});
