import type { Activity, ActivityPage } from '@deckhand/contract/activity';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callOk } from '../../../test/support/api-call';
import { type CollabClient, connectCollab } from '../../../test/support/collab-client';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';
import { uploadOk } from '../../../test/support/uploads';
import { activities } from '../../db/schema/activity';
import { cards } from '../../db/schema/cards';

let t: TestApp;
let team: Team;
const clients: CollabClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'History project');
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

function call<T = { id: string }>(user: TestUser, method: string, path: string, body?: unknown): Promise<T> {
  return callOk<T>(t, user, method, path, body);
}

async function items(query = 'limit=200', projectId = team.projectId, user = team.owner): Promise<Activity[]> {
  return (await call<ActivityPage>(user, 'GET', `/api/projects/${projectId}/activity?${query}`)).items;
}

/** Waits until the entries matching `pick` are exactly `verbs`, newest first (they are written in batches). */
async function expectVerbs(query: string, pick: (item: Activity) => boolean, verbs: string[]): Promise<Activity[]> {
  await expect.poll(async () => (await items(query)).filter(pick).map((item) => item.verb)).toEqual(verbs);
  return (await items(query)).filter(pick);
}

async function newCard(title: string, user = team.member): Promise<string> {
  return (await call(user, 'POST', `/api/projects/${team.projectId}/cards`, { title })).id;
}

describe('activity of cards, chats and files', () => {
  it('records a card’s creation, rename, archiving, restoring and deletion, which outlives it', async () => {
    const cardId = await newCard('Pricing page');
    await call(team.member, 'PATCH', `/api/cards/${cardId}`, { title: 'Pricing' });
    await call(team.admin, 'PATCH', `/api/cards/${cardId}`, { archived: true });
    await call(team.admin, 'PATCH', `/api/cards/${cardId}`, { archived: false });
    await call(team.owner, 'DELETE', `/api/cards/${cardId}`);
    const entries = await expectVerbs(`card_id=${cardId}`, () => true, [
      'card.deleted',
      'card.restored',
      'card.archived',
      'card.renamed',
      'card.created',
    ]);
    expect(entries.map((e) => [e.actor?.name, e.subject])).toEqual([
      ['Olive Owner', 'Pricing'],
      ['Adam Admin', 'Pricing'],
      ['Adam Admin', 'Pricing'],
      ['Mia Member', 'Pricing'],
      ['Mia Member', 'Pricing page'],
    ]);
    expect(entries[3]?.changes).toEqual({ title: { from: 'Pricing page', to: 'Pricing' } });
  });

  it('records chats opened, renamed and deleted on the card, but not the first chat a card comes with', async () => {
    const cardId = await newCard('Launch plan');
    const chat = await call<{ id: string }>(team.member, 'POST', `/api/cards/${cardId}/chats`, { name: 'Press' });
    await call(team.member, 'PATCH', `/api/chats/${chat.id}`, { name: 'Press and PR' });
    await call(team.admin, 'DELETE', `/api/chats/${chat.id}`);
    const entries = await expectVerbs(`card_id=${cardId}`, () => true, [
      'chat.deleted',
      'chat.renamed',
      'chat.created',
      'card.created',
    ]);
    expect(entries.slice(0, 3).every((e) => e.chat_id === chat.id && e.card_id === cardId)).toBe(true);
    expect(entries[1]).toMatchObject({
      subject: 'Press and PR',
      changes: { name: { from: 'Press', to: 'Press and PR' } },
    });
    expect(entries[0]?.actor?.name).toBe('Adam Admin');
  });

  it('records files uploaded to a card and deleted, with their names', async () => {
    const cardId = await newCard('Assets');
    const file = await uploadOk(t, team.member, team.projectId, {
      name: 'brief.txt',
      bytes: new TextEncoder().encode('the brief'),
      cardId,
    });
    await call(team.member, 'DELETE', `/api/files/${file.id}`);
    const entries = await expectVerbs(`card_id=${cardId}`, (e) => e.file_id === file.id, [
      'file.deleted',
      'file.uploaded',
    ]);
    expect(entries.map((e) => e.subject)).toEqual(['brief.txt', 'brief.txt']);
  });

  it('records one body edit per person per card in any 10 minutes, through a real Yjs client', async () => {
    const cardId = await newCard('Living document');
    const client = await connectCollab(t.url, cardId, team.member.token);
    clients.push(client);
    const storedText = async () =>
      (await t.database.db.select({ text: cards.bodyText }).from(cards).where(eq(cards.id, cardId)))[0]?.text;
    client.type('First draft. ');
    await expect.poll(storedText, { timeout: 5000 }).toBe('First draft.');
    client.type('Second thought.');
    await expect.poll(storedText, { timeout: 5000 }).toBe('First draft. Second thought.');
    const isEdit = (e: Activity) => e.verb === 'card.body_edited';
    const [edit] = await expectVerbs(`card_id=${cardId}`, isEdit, ['card.body_edited']);
    expect(edit).toMatchObject({ actor: { user_id: team.member.id, name: 'Mia Member' }, subject: 'Living document' });

    // Within the ten minutes, another store is no new entry.
    client.type(' Still now.');
    await expect.poll(storedText, { timeout: 5000 }).toBe('First draft. Second thought. Still now.');
    // Eleven minutes later by the clock (only Date is faked: timers and the database run as they do).
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: Date.now() + 11 * 60 * 1000 });
    try {
      client.type(' Much later.');
      await expect.poll(storedText, { timeout: 5000 }).toBe('First draft. Second thought. Still now. Much later.');
      await expectVerbs(`card_id=${cardId}`, isEdit, ['card.body_edited', 'card.body_edited']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('activity of projects and members', () => {
  it('records project.created, project.renamed and every change of membership with the member and roles', async () => {
    const local = await createTeam(t, 'Members history');
    const joiner = await t.signUp({ name: 'Jo Joiner' });
    const path = `/api/projects/${local.projectId}`;
    await call(local.owner, 'PATCH', path, { name: 'Members history, renamed' });
    await call(local.owner, 'POST', `${path}/members`, { email: joiner.email, role: 'viewer' });
    await call(local.admin, 'PATCH', `${path}/members/${joiner.id}`, { role: 'member' });
    await call(local.admin, 'DELETE', `${path}/members/${joiner.id}`);
    await call(local.member, 'DELETE', `${path}/members/${local.member.id}`);
    const byOwner = (query: string) =>
      call<ActivityPage>(local.owner, 'GET', `${path}/activity?${query}`).then((page) => page.items);
    await expect
      .poll(async () => (await byOwner('limit=200')).map((e) => e.verb))
      .toEqual([
        'member.removed',
        'member.removed',
        'member.role_changed',
        'member.added',
        'project.renamed',
        'member.added',
        'member.added',
        'member.added',
        'project.created',
      ]);
    const entries = await byOwner('limit=5');
    expect(entries[0]).toMatchObject({
      actor: { name: 'Mia Member' },
      member: { user_id: local.member.id, name: 'Mia Member' },
      changes: { role: { from: 'member', to: null } },
    });
    expect(entries[1]).toMatchObject({
      actor: { name: 'Adam Admin' },
      member: { user_id: joiner.id, name: 'Jo Joiner' },
      changes: { role: { from: 'member', to: null } },
    });
    expect(entries[2]).toMatchObject({ changes: { role: { from: 'viewer', to: 'member' } } });
    expect(entries[3]).toMatchObject({
      actor: { name: 'Olive Owner' },
      member: { name: 'Jo Joiner' },
      subject: 'Members history, renamed',
      changes: { role: { from: null, to: 'viewer' } },
    });
    expect(entries[4]).toMatchObject({
      subject: 'Members history, renamed',
      changes: { name: { from: 'Members history', to: 'Members history, renamed' } },
    });
  });

  it('records each side of an ownership transfer as a role change', async () => {
    const local = await createTeam(t, 'Transfer history');
    await call(local.owner, 'POST', `/api/projects/${local.projectId}/transfer`, { user_id: local.admin.id });
    await expect
      .poll(async () =>
        (await items('limit=2', local.projectId, local.admin)).map((e) => [e.verb, e.member?.name, e.changes.role?.to]),
      )
      .toEqual([
        ['member.role_changed', 'Adam Admin', 'owner'],
        ['member.role_changed', 'Olive Owner', 'admin'],
      ]);
  });

  it('goes with its project: a deleted project’s history is removed', async () => {
    const local = await createTeam(t, 'Short history');
    await expect.poll(async () => (await items('limit=1', local.projectId, local.owner)).length).toBe(1);
    await call(local.owner, 'DELETE', `/api/projects/${local.projectId}`);
    const left = await t.database.db.select().from(activities).where(eq(activities.projectId, local.projectId));
    expect(left).toEqual([]);
  });
});
