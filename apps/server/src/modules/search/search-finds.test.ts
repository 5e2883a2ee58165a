import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { connectCollab } from '../../../test/support/collab-client';
import { searchTestApp } from '../../../test/support/search';
import { uploadOk } from '../../../test/support/uploads';
import { searchEntries } from '../../db/schema/search';
import { catchUpSearchIndex, catchUpWindowMs } from './catch-up';
import { indexProject } from './index-project';
import { runIndexJob } from './workers';

const s = searchTestApp();
const { call, found, expectTitles, newCard, generalChat, newTask, marked } = s;

describe('GET /api/search finds each kind of thing', () => {
  it('finds a card by its title and by its body, typed through a real Yjs client, with the card’s url', async () => {
    const card = await newCard('Quarterly walrus review');
    await expectTitles('walrus', ['Quarterly walrus review']);
    const client = await connectCollab(s.t.url, card.id, s.team.member.token);
    s.clients.push(client);
    client.type('We agreed the narwhal budget doubles next spring.');
    await expect.poll(async () => (await found('narwhal')).map((r) => r.id), { timeout: 5000 }).toEqual([card.id]);
    const [result] = await found('narwhal budget');
    expect(result).toMatchObject({
      type: 'card',
      id: card.id,
      project_id: s.team.projectId,
      project_name: 'Search project',
      card_id: card.id,
      card_title: 'Quarterly walrus review',
      chat_id: null,
      title: 'Quarterly walrus review',
      snippet: 'We agreed the narwhal budget doubles next spring.',
      url: `/${s.team.projectId}/cards/${card.id}`,
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
      url: `/${s.team.projectId}/kanban?task=${task.id}`,
    });
    expect(byLabel && marked(byLabel)).toEqual(['feline']);
  });

  it('finds a message by its text, titled by its author and chat, with the chat url', async () => {
    const card = await newCard('Chat card');
    const chatId = await generalChat(card.id);
    const message = await call(s.team.admin, 'POST', `/api/chats/${chatId}/messages`, {
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
      url: `/${s.team.projectId}/cards/${card.id}/chats/${chatId}?message=${message.id}`,
    });
  });

  it('finds a file by the words of its name, and a message through the text sent with a file', async () => {
    const card = await newCard('Files card');
    const onCard = await uploadOk(s.t, s.team.member, s.team.projectId, {
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
      url: `/${s.team.projectId}/cards/${card.id}?file=${onCard.id}`,
    });
    expect(file && marked(file)).toEqual(['Heron', 'budget']);

    const chatId = await generalChat(card.id);
    const attachment = await uploadOk(s.t, s.team.member, s.team.projectId, {
      name: 'flamingo-sketch.png.txt',
      bytes: new TextEncoder().encode('sketch'),
    });
    const message = await call(s.team.member, 'POST', `/api/chats/${chatId}/messages`, {
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

describe('ranking', () => {
  it('puts title matches above body matches, and the newer above the older on a tie', async () => {
    const card = await newCard('Ranking card');
    const chatId = await generalChat(card.id);
    await newTask(card.id, { title: 'Old tapir task' });
    await call(s.team.member, 'POST', `/api/chats/${chatId}/messages`, { text: 'the tapir in a message' });
    await newCard('Tapir card title');
    await newTask(card.id, { title: 'New tapir task' });
    await expectTitles('tapir', ['New tapir task', 'Tapir card title', 'Old tapir task', 'Mia Member in General']);
  });
});

describe('after a crash', () => {
  it('indexes at the next start what the last process created but did not live to index', async () => {
    const card = await newCard('Catch-up card');
    const task = await newTask(card.id, { title: 'Lost wombat batch' });
    await expectTitles('wombat', ['Lost wombat batch']);
    // As if the process had died with the batch waiting: the task is there, its entry is not.
    await s.t.database.db.delete(searchEntries).where(eq(searchEntries.id, task.id));
    expect(await found('wombat')).toEqual([]);
    const written = await catchUpSearchIndex(s.t.database.db, new Date(Date.now() - catchUpWindowMs));
    expect(written).toBe(1);
    expect((await found('wombat')).map((r) => r.id)).toEqual([task.id]);
    expect(await catchUpSearchIndex(s.t.database.db, new Date(Date.now() - catchUpWindowMs))).toBe(0);
  });
});

describe('indexing a whole project (an import)', () => {
  it('stops between chunks when told, and a later run indexes only what still lacks an entry', async () => {
    const { db } = s.t.database;
    const project = await call(s.team.owner, 'POST', '/api/projects', { name: 'Indexed whole' });
    const card = await newCard('Capybara card', project.id, s.team.owner);
    const tasks = [];
    for (const title of ['Capybara one', 'Capybara two', 'Capybara three']) {
      tasks.push(await newTask(card.id, { title }, s.team.owner));
    }
    await vi.waitFor(async () => expect(await found('capybara', s.team.owner)).toHaveLength(4), { timeout: 1000 });
    // As if the project had been imported: its rows are there, its entries are not.
    await db.delete(searchEntries).where(eq(searchEntries.projectId, project.id));
    expect(await found('capybara', s.team.owner)).toEqual([]);

    const stopping = new AbortController();
    const entries = async () =>
      (await db.select({ id: searchEntries.id }).from(searchEntries).where(eq(searchEntries.projectId, project.id)))
        .length;
    // Told to stop once two entries are written, as a shutdown would be.
    const stoppedAfterTwo = new Proxy(db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== 'execute' || typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          const result = await value.apply(target, args);
          if ((await entries()) >= 2) stopping.abort(new Error('shutting down'));
          return result;
        };
      },
    });
    await expect(indexProject(stoppedAfterTwo, project.id, { signal: stopping.signal, chunk: 1 })).rejects.toThrow(
      'shutting down',
    );
    expect(await entries()).toBe(2);

    // An entry written before the stop is not written again: the card's, changed here, stays as it is.
    await db
      .update(searchEntries)
      .set({ vector: sql`to_tsvector('simple', 'tampered')`, titleVector: sql`to_tsvector('simple', 'tampered')` })
      .where(eq(searchEntries.id, card.id));
    await indexProject(db, project.id, { chunk: 1 });
    expect(await entries()).toBe(4);
    expect((await found('capybara', s.team.owner)).map((r) => r.id).sort()).toEqual(
      tasks.map((task) => task.id).sort(),
    );
    expect((await found('tampered', s.team.owner)).map((r) => r.id)).toEqual([card.id]);
  });

  it('hands a job stopped by shutdown back, and a worker finishes it', async () => {
    const { db } = s.t.database;
    const project = await call(s.team.owner, 'POST', '/api/projects', { name: 'Handed back' });
    const card = await newCard('Quokka card', project.id, s.team.owner);
    await vi.waitFor(async () => expect(await found('quokka', s.team.owner)).toHaveLength(1), { timeout: 1000 });
    await db.delete(searchEntries).where(eq(searchEntries.projectId, project.id));
    const stopped = new AbortController();
    stopped.abort(new Error('shutting down'));
    await runIndexJob(s.t.app.deps, project.id, stopped.signal);
    expect(await found('quokka', s.team.owner)).toEqual([]);
    // The job it queued instead is taken by this instance's worker, which polls every 2 s.
    await expect
      .poll(async () => (await found('quokka', s.team.owner)).map((r) => r.id), { timeout: 10_000 })
      .toEqual([card.id]);
  });
});
