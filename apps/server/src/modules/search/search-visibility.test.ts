import { describe, expect, it } from 'vitest';
import { searchTestApp } from '../../../test/support/search';
import { uploadOk } from '../../../test/support/uploads';

const s = searchTestApp();
const { call, searchAs, found, expectTitles, entriesOf, newCard, generalChat, newTask } = s;

describe('what a caller can see', () => {
  it('never finds anything of a project the caller is not in, and a removed member stops finding it at once', async () => {
    const card = await newCard('Secret mongoose plans');
    await expectTitles('mongoose', ['Secret mongoose plans']);
    expect(await found('mongoose', s.team.stranger)).toEqual([]);
    const outside = await call(s.team.stranger, 'POST', '/api/projects', { name: 'Stranger things' });
    await newCard('Mongoose of the stranger', outside.id, s.team.stranger);
    await expectTitles('mongoose', ['Mongoose of the stranger'], s.team.stranger);
    expect((await found('mongoose')).map((r) => r.id)).toEqual([card.id]);

    const res = await searchAs(s.team.member, 'mongoose', `&project_id=${outside.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: 'projects/not-found' } });
    expect((await found('mongoose', s.team.member, `&project_id=${s.team.projectId}`)).map((r) => r.id)).toEqual([
      card.id,
    ]);

    const bystander = await s.t.signUp({ name: 'Bea Bystander' });
    await call(s.team.owner, 'POST', `/api/projects/${s.team.projectId}/members`, {
      email: bystander.email,
      role: 'viewer',
    });
    expect((await found('mongoose', bystander)).map((r) => r.id)).toEqual([card.id]);
    await call(s.team.owner, 'DELETE', `/api/projects/${s.team.projectId}/members/${bystander.id}`);
    expect(await found('mongoose', bystander)).toEqual([]);
  });

  it('finds nothing once a thing is deleted, at once', async () => {
    const card = await newCard('Doomed armadillo');
    const chatId = await generalChat(card.id);
    const task = await newTask(card.id, { title: 'Armadillo task' });
    const message = await call(s.team.member, 'POST', `/api/chats/${chatId}/messages`, { text: 'armadillo message' });
    await expect.poll(async () => (await found('armadillo')).length, { timeout: 1000 }).toBe(3);
    await call(s.team.member, 'DELETE', `/api/tasks/${task.id}`);
    expect((await found('armadillo')).map((r) => r.type).sort()).toEqual(['card', 'message']);
    await call(s.team.member, 'DELETE', `/api/messages/${message.id}`);
    expect((await found('armadillo')).map((r) => r.type)).toEqual(['card']);
    // A message's files go with it; a chat's messages with it.
    const attachment = await uploadOk(s.t, s.team.member, s.team.projectId, {
      name: 'armadillo-notes.txt',
      bytes: new TextEncoder().encode('notes'),
    });
    const withFile = await call(s.team.member, 'POST', `/api/chats/${chatId}/messages`, {
      text: 'armadillo attachment',
      file_ids: [attachment.id],
    });
    await expect.poll(async () => (await found('armadillo')).length, { timeout: 1000 }).toBe(3);
    await call(s.team.member, 'DELETE', `/api/messages/${withFile.id}`);
    expect((await found('armadillo')).map((r) => r.type)).toEqual(['card']);
    const side = await call(s.team.member, 'POST', `/api/cards/${card.id}/chats`, { name: 'Side chat' });
    await call(s.team.member, 'POST', `/api/chats/${side.id}/messages`, { text: 'armadillo on the side' });
    await expect.poll(async () => (await found('armadillo')).length, { timeout: 1000 }).toBe(2);
    await call(s.team.owner, 'DELETE', `/api/chats/${side.id}`);
    expect((await found('armadillo')).map((r) => r.type)).toEqual(['card']);
    expect(await entriesOf(card.id)).toBe(1);
    await call(s.team.owner, 'DELETE', `/api/cards/${card.id}`);
    expect(await found('armadillo')).toEqual([]);
    // Gone from the index itself, not only from the answers.
    expect(await entriesOf(card.id)).toBe(0);
  });

  it('follows an edit: the old words are gone and the new ones found', async () => {
    const card = await newCard('Edit card');
    const task = await newTask(card.id, { title: 'Feed the hamster' });
    await expectTitles('hamster', ['Feed the hamster']);
    await call(s.team.member, 'PATCH', `/api/tasks/${task.id}`, { title: 'Feed the gerbil' });
    await expectTitles('gerbil', ['Feed the gerbil']);
    expect(await found('hamster')).toEqual([]);
    await call(s.team.member, 'PATCH', `/api/cards/${card.id}`, { title: 'Renamed beaver card' });
    await expectTitles('beaver', ['Renamed beaver card']);
  });
});
