import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from '../../../test/support/api-call';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';
import { importFile } from '../../../test/support/transfer';

const fixture = new URL('../../../test/fixtures/trello-board.json', import.meta.url);

/** A Trello board's JSON export, through the API as a person would send it, into a working project. */
describe('a Trello board imported', () => {
  let t: TestApp;
  let alex: TestUser;
  let projectId: string;
  let warnings: string[];

  beforeAll(async () => {
    t = await createTestApp();
    // The importer's name is a member's of the board: that member's comments and assignments are theirs here.
    alex = await t.signUp({ name: 'Alex Kim' });
    const imported = await importFile(t, alex, { bytes: await readFile(fixture), name: 'website-relaunch.json' });
    expect(imported).toMatchObject({
      kind: 'trello',
      status: 'done',
      error: null,
      counts: { statuses: 3, cards: 8, chats: 8, messages: 4, tasks: 8, files: 0 },
    });
    projectId = imported.project_id as string;
    warnings = imported.warnings;
  }, 60_000);
  afterAll(() => t.close());

  it('makes a project named after the board, owned by the importer', async () => {
    const project = await callOk<{ name: string; role: string }>(t, alex, 'GET', `/api/projects/${projectId}`);
    expect(project).toMatchObject({ name: 'Website relaunch', role: 'owner' });
  });

  it('turns the open lists into the board’s columns, and its cards’ tasks into tasks in them', async () => {
    const board = await callOk<{
      statuses: { id: string; name: string; category: string }[];
      tasks: {
        title: string;
        status_id: string;
        due_at: string | null;
        done_at: string | null;
        labels: string[];
        assignee_ids: string[];
      }[];
    }>(t, alex, 'GET', `/api/projects/${projectId}/board`);
    expect(board.statuses.map((s) => [s.name, s.category])).toEqual([
      ['Backlog', 'todo'],
      ['Doing', 'in_progress'],
      ['Done ✅', 'done'],
    ]);
    const column = (title: string) =>
      board.statuses.find((s) => s.id === board.tasks.find((task) => task.title === title)?.status_id)?.name;
    expect(column('Write homepage copy')).toBe('Backlog');
    expect(column('Build the navigation')).toBe('Doing');
    expect(column('Set up analytics')).toBe('Done ✅');
    // A card of the archived list goes to the first column.
    expect(column('Dark mode')).toBe('Backlog');
    const copy = board.tasks.find((task) => task.title === 'Write homepage copy');
    expect(copy).toMatchObject({ due_at: '2024-04-01T12:00:00.000Z', done_at: null, assignee_ids: [alex.id] });
    expect(copy?.labels).toEqual(['Design', 'red']);
    expect(board.tasks.find((task) => task.title === 'Set up analytics')?.done_at).not.toBeNull();
  });

  it('keeps archived cards archived, and writes descriptions and checklists into the bodies', async () => {
    const archived = await callOk<{ items: { title: string }[] }>(
      t,
      alex,
      'GET',
      `/api/projects/${projectId}/cards?archived=true`,
    );
    expect(archived.items.map((card) => card.title)).toContain('Old banner idea');
    const cards = await callOk<{ items: { id: string; title: string; excerpt: string }[] }>(
      t,
      alex,
      'GET',
      `/api/projects/${projectId}/cards`,
    );
    const copy = cards.items.find((card) => card.title === 'Write homepage copy');
    expect(copy?.excerpt.length).toBeGreaterThan(0);
  });

  it('posts comments in each card’s General chat, oldest first, others’ with their name', async () => {
    const cards = await callOk<{ items: { id: string; title: string }[] }>(
      t,
      alex,
      'GET',
      `/api/projects/${projectId}/cards`,
    );
    const copy = cards.items.find((card) => card.title === 'Write homepage copy');
    const chats = await callOk<{ id: string; name: string }[]>(t, alex, 'GET', `/api/cards/${copy?.id}/chats`);
    expect(chats.map((chat) => chat.name)).toEqual(['General']);
    const messages = await callOk<{ text: string; author: { user_id: string } }[]>(
      t,
      alex,
      'GET',
      `/api/chats/${chats[0]?.id}/messages`,
    );
    const texts = messages.map((message) => message.text);
    expect(texts).toHaveLength(2);
    // Dana's (2 March) before Alex's (3 March), though the export lists Alex's first.
    expect(texts[0]).toMatch(/^Originally by Dana Diaz, 2 Mar 2024, 09:30 UTC\n\nCan we keep it under 200 words\?/);
    expect(texts[1]).toMatch(/^First draft is in the doc\./);
    expect(messages.every((message) => message.author.user_id === alex.id)).toBe(true);
  });

  it('says what did not come across: the archived list, people without an account, attachments', () => {
    const all = warnings.join('\n');
    expect(all).toMatch(/Old ideas/);
    expect(all).toMatch(/Dana Diaz/);
    expect(all).toMatch(/attachment/);
  });

  it('starts the project’s history with its import, by the importer', async () => {
    // The history is written in batches after the import's commit: polled.
    const history = async () =>
      (await callOk<{ items: unknown[] }>(t, alex, 'GET', `/api/projects/${projectId}/activity`)).items;
    await expect.poll(history).toEqual([
      expect.objectContaining({
        verb: 'project.created',
        subject: 'Website relaunch',
        actor: { user_id: alex.id, name: 'Alex Kim' },
      }),
    ]);
  });

  it('is found by search, like anything written here (indexed in the background, so polled)', async () => {
    const found = async () =>
      (await callOk<{ items: { type: string; title: string }[] }>(t, alex, 'GET', '/api/search?q=navigation')).items;
    await expect
      .poll(found, { timeout: 5000 })
      .toEqual(expect.arrayContaining([expect.objectContaining({ type: 'card', title: 'Build the navigation' })]));
  });
});
