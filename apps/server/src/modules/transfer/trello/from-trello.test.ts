import fs from 'node:fs';
import path from 'node:path';
import { messageLimits } from '@deckhand/contract/messages';
import { taskLimits } from '@deckhand/contract/tasks';
import {
  ExportCard,
  ExportChat,
  ExportMember,
  ExportMessage,
  ExportProject,
  ExportStatus,
  ExportTask,
} from '@deckhand/contract/transfer';
import type { JSONContent } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { bodyJsonFromState } from '../bodies/body-convert';
import { fromTrello, type TrelloConversion } from './from-trello';
import { looksLikeTrelloBoard, parseTrelloBoard, TrelloRefusal } from './trello-board';

const fixture: unknown = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../test/fixtures/trello-board.json'), 'utf8'),
);
const importer = { user_id: '0190a1b2-c3d4-7e5f-8012-3456789abcde', name: 'Alex Kim', email: 'alex@example.test' };
const me = { user_id: importer.user_id, name: importer.name };

function convert(board: unknown = fixture, who = importer, fileName = 'website.json'): TrelloConversion {
  return fromTrello(parseTrelloBoard(board), who, fileName);
}

/** A small board: the lists and cards given, everything else empty. */
function boardOf(parts: Record<string, unknown>): Record<string, unknown> {
  return { name: 'Board', lists: [{ id: 'l1', name: 'To do', pos: 1 }], cards: [], ...parts };
}

function cardNamed(result: TrelloConversion, title: string) {
  const card = result.cards.find((c) => c.title === title);
  if (!card) throw new Error(`no card ${title}`);
  const index = result.cards.indexOf(card);
  return { card, task: result.tasks[index], chat: result.chats.find((chat) => chat.card_id === card.id) };
}

function bodyOf(card: ExportCard): JSONContent {
  if (card.body_yjs === null) throw new Error(`card ${card.title} has no body`);
  return bodyJsonFromState(Buffer.from(card.body_yjs, 'base64'));
}

function textOf(node: JSONContent): string {
  return node.text ?? (node.content ?? []).map(textOf).join('');
}

describe('fromTrello on a realistic board', () => {
  const result = convert();
  const statusName = new Map(result.statuses.map((status) => [status.id, status.name]));

  it('produces records the export format accepts', () => {
    ExportProject.parse(result.project);
    for (const member of result.members) ExportMember.parse(member);
    for (const status of result.statuses) ExportStatus.parse(status);
    for (const card of result.cards) ExportCard.parse(card);
    for (const chat of result.chats) ExportChat.parse(chat);
    for (const message of result.messages) ExportMessage.parse(message);
    for (const task of result.tasks) ExportTask.parse(task);
  });

  it('names the project after the board and makes the importer its only owner', () => {
    expect(result.project).toMatchObject({ name: 'Website relaunch', description: 'Everything for the Q2 relaunch.' });
    expect(result.members).toEqual([{ ...me, email: importer.email, role: 'owner' }]);
  });

  it('turns open lists into statuses in board order, guessing categories from names', () => {
    expect(result.statuses.map(({ name, category, wip_limit }) => ({ name, category, wip_limit }))).toEqual([
      { name: 'Backlog', category: 'todo', wip_limit: null },
      { name: 'Doing', category: 'in_progress', wip_limit: null },
      { name: 'Done ✅', category: 'done', wip_limit: null },
    ]);
    expect(new Set(result.statuses.map((status) => status.color)).size).toBe(3);
  });

  it('keeps every card, archived ones too, with one General chat each, in board order', () => {
    expect(result.cards.map((card) => [card.title, card.archived])).toEqual([
      ['Pick a font', false],
      ['Write homepage copy', false],
      ['Dark mode', false],
      ['Old banner idea', true],
      ['Untitled', false],
      ['Build the navigation', false],
      ['Set up analytics', false],
      ['Launch checklist', false],
    ]);
    expect(result.chats.map((chat) => chat.card_id)).toEqual(result.cards.map((card) => card.id));
    expect(result.chats.every((chat) => chat.name === 'General')).toBe(true);
    expect(cardNamed(result, 'Write homepage copy').card).toMatchObject({
      created_by: me,
      created_at: '2024-03-03T14:05:00.000Z',
      updated_at: '2024-03-03T14:05:00.000Z',
    });
  });

  it('gives every record a fresh id', () => {
    const ids = [
      result.project,
      ...result.statuses,
      ...result.cards,
      ...result.chats,
      ...result.messages,
      ...result.tasks,
    ];
    expect(new Set(ids.map((record) => record.id)).size).toBe(ids.length);
    expect(ids.some((record) => record.id.startsWith('65f0a1b2'))).toBe(false);
  });

  it('writes the description, then checklists as task lists, into the body', () => {
    const { card } = cardNamed(result, 'Write homepage copy');
    const blocks = bodyOf(card).content ?? [];
    expect(blocks.map((block) => block.type)).toEqual([
      'heading',
      'paragraph',
      'bulletList',
      'heading',
      'taskList',
      'heading',
      'taskList',
    ]);
    expect(blocks[0]).toMatchObject({ attrs: { level: 2 }, content: [{ text: 'Goals' }] });
    expect(blocks[3]).toMatchObject({ attrs: { level: 3 }, content: [{ text: 'Review' }] });
    expect(blocks[5]).toMatchObject({ attrs: { level: 3 }, content: [{ text: 'Sections' }] });
    const items = (list: JSONContent | undefined) =>
      (list?.content ?? []).map((item) => [textOf(item), item.attrs?.checked]);
    expect(items(blocks[4])).toEqual([['Legal sign-off', false]]);
    expect(items(blocks[6])).toEqual([
      ['Pricing', false],
      ['Hero', true],
    ]);
    expect(card.body_markdown).toContain(
      'Keep it **short** and *friendly*. See [the brief](https://docs.example.com/brief).',
    );
    expect(card.body_markdown).toContain('### Sections\n\n- [ ] Pricing\n- [x] Hero');
  });

  it('links attachments from the body under their own heading', () => {
    const blocks = bodyOf(cardNamed(result, 'Build the navigation').card).content ?? [];
    expect(blocks.map((block) => block.type)).toEqual(['paragraph', 'heading', 'bulletList']);
    expect(textOf(blocks[1] ?? {})).toBe('Attachments');
    const links = (blocks[2]?.content ?? []).map((item) => item.content?.[0]?.content?.[0]);
    expect(links.map((link) => [link?.text, link?.marks?.[0]?.attrs?.href])).toEqual([
      [
        'nav-sketch.png',
        'https://trello.com/1/cards/65f0a1b2c3d4e5f6000000c3/attachments/65f0a1b2c3d4e5f6000000f1/download/nav-sketch.png',
      ],
      ['Spec', 'https://docs.example.com/nav'],
    ]);
  });

  it('leaves a card with nothing in it without a body', () => {
    expect(cardNamed(result, 'Pick a font').card).toMatchObject({ body_yjs: null, body_markdown: '' });
  });

  it('puts each card’s task in its list’s status, cards of archived or unknown lists in the first', () => {
    expect(result.tasks.map((task) => [task.title, statusName.get(task.status_id)])).toEqual([
      ['Pick a font', 'Backlog'],
      ['Write homepage copy', 'Backlog'],
      ['Dark mode', 'Backlog'],
      ['Old banner idea', 'Backlog'],
      ['Untitled', 'Backlog'],
      ['Build the navigation', 'Doing'],
      ['Set up analytics', 'Done ✅'],
      ['Launch checklist', 'Done ✅'],
    ]);
    expect(result.tasks.map((task) => task.card_id)).toEqual(result.cards.map((card) => card.id));
  });

  it('carries due dates, and marks done exactly the tasks in a done status', () => {
    expect(cardNamed(result, 'Write homepage copy').task).toMatchObject({
      due_at: '2024-04-01T12:00:00.000Z',
      done_at: null,
      priority: 'none',
      position: '',
      created_by: me,
    });
    expect(cardNamed(result, 'Build the navigation').task).toMatchObject({
      due_at: '2024-03-20T17:00:00.000Z',
      done_at: null,
    });
    expect(cardNamed(result, 'Set up analytics').task?.done_at).toBe('2024-03-01T09:30:00.000Z');
    expect(cardNamed(result, 'Launch checklist').task?.done_at).toBe('2024-02-28T16:45:00.000Z');
  });

  it('takes labels by name, or by colour when unnamed, skipping labels with neither', () => {
    expect(cardNamed(result, 'Write homepage copy').task?.labels).toEqual(['Design', 'red']);
    expect(cardNamed(result, 'Pick a font').task?.labels).toEqual(['Urgent']);
  });

  it('assigns the importer where their Trello self was assigned, and nobody else', () => {
    expect(cardNamed(result, 'Write homepage copy').task?.assignee_ids).toEqual([importer.user_id]);
    expect(cardNamed(result, 'Build the navigation').task?.assignee_ids).toEqual([importer.user_id]);
    expect(cardNamed(result, 'Pick a font').task?.assignee_ids).toEqual([]);
  });

  it('posts comments in the card’s General chat, oldest first, with their date and, if not the importer’s, their author', () => {
    const { chat } = cardNamed(result, 'Write homepage copy');
    const messages = result.messages.filter((message) => message.chat_id === chat?.id);
    expect(messages.map((message) => message.text)).toEqual([
      'Originally by Dana Diaz, 2 Mar 2024, 09:30 UTC\n\nCan we keep it under 200 words?',
      'First draft is in the doc.\n\n— 3 Mar 2024, 14:05 UTC',
    ]);
    expect(messages.map((message) => message.created_at)).toEqual([
      '2024-03-02T09:30:00.000Z',
      '2024-03-03T14:05:00.000Z',
    ]);
    expect(chat?.last_message_at).toBe('2024-03-03T14:05:00.000Z');
    for (const message of result.messages) {
      expect(message).toMatchObject({ author: me, mentions: [], reactions: [], file_ids: [], edited_at: null });
    }
    const times = result.messages.map((message) => message.created_at);
    expect(times).toEqual(times.toSorted());
    expect(result.messages).toHaveLength(4);
    expect(result.messages[0]?.text).toBe('Originally by Sam Lee, 1 Mar 2024, 09:15 UTC\n\nTracking is live.');
  });

  it('says what did not come across as it was', () => {
    expect(result.warnings).toEqual([
      'List “Old ideas” is archived in Trello and was not imported. Its 1 open card is in “Backlog”.',
      'Card “Untitled” is in no list of the board; it is in “Backlog”.',
      'Card “Build the navigation” has 2 attachments in Trello (“nav-sketch.png”, “Spec”): its body links to them ' +
        'rather than copying them, and files uploaded to Trello open only with a Trello login.',
      '1 card marked complete in Trello but not in a done list has its task still open.',
      '1 comment on cards that are not in the file, or without a date, was skipped.',
      'Dana Diaz has no account here: their 2 comments are posted in your name and start with theirs, and they are ' +
        'left off the 2 tasks assigned to them.',
      'Sam Lee has no account here: their comment is posted in your name and starts with theirs.',
    ]);
  });
});

describe('fromTrello rules', () => {
  it('matches the importer by full name, trimmed and ignoring case', () => {
    const result = convert(fixture, { ...importer, name: '  alex KIM ' });
    expect(cardNamed(result, 'Write homepage copy').task?.assignee_ids).toEqual([importer.user_id]);
    expect(result.messages.some((message) => message.text.startsWith('First draft is in the doc.'))).toBe(true);
  });

  it('treats everyone as someone else when no Trello member has the importer’s name', () => {
    const result = convert(fixture, { ...importer, name: 'Robin Roe' });
    expect(result.tasks.every((task) => task.assignee_ids.length === 0)).toBe(true);
    expect(result.messages.every((message) => message.text.startsWith('Originally by '))).toBe(true);
    expect(result.warnings).toContain(
      'Alex Kim has no account here: their comment is posted in your name and starts with theirs, and they are ' +
        'left off the 2 tasks assigned to them.',
    );
  });

  it('names the project after the file when the board has no name, within the length limit', () => {
    expect(convert(boardOf({ name: '  ' }), importer, 'team board.json').project.name).toBe('team board');
    expect(convert(boardOf({ name: 'x'.repeat(200) })).project.name).toHaveLength(80);
  });

  it('makes list names unique ignoring case, and only a last list named like done a done status', () => {
    const lists = [
      { id: 'a', name: 'Done', pos: 1 },
      { id: 'b', name: 'In review', pos: 2 },
      { id: 'c', name: 'done', pos: 3 },
      { id: 'd', name: 'DONE', pos: 4 },
    ];
    const result = convert(boardOf({ lists }));
    expect(result.statuses.map(({ name, category }) => [name, category])).toEqual([
      ['Done', 'todo'],
      ['In review', 'in_progress'],
      ['done 2', 'todo'],
      ['DONE 3', 'done'],
    ]);
  });

  it('cuts long list names and keeps them unique', () => {
    const long = 'L'.repeat(80);
    const lists = [
      { id: 'a', name: long, pos: 1 },
      { id: 'b', name: long, pos: 2 },
    ];
    const names = convert(boardOf({ lists })).statuses.map((status) => status.name);
    expect(names).toEqual(['L'.repeat(50), `${'L'.repeat(48)} 2`]);
  });

  it('gives a board without open lists one "To do" status holding every card', () => {
    const result = convert(
      boardOf({
        lists: [{ id: 'gone', name: 'Archive', closed: true, pos: 1 }],
        cards: [{ id: 'c', name: 'Orphan', idList: 'gone' }],
      }),
    );
    expect(result.statuses).toMatchObject([{ name: 'To do', category: 'todo' }]);
    expect(result.tasks[0]?.status_id).toBe(result.statuses[0]?.id);
    expect(result.warnings).toEqual([
      'List “Archive” is archived in Trello and was not imported. Its 1 open card is in “To do”.',
    ]);
  });

  it('keeps at most the labels a task takes, once each, and says so', () => {
    const labels = Array.from({ length: 12 }, (_, i) => ({ id: `lb${i}`, name: `Label ${i}`, color: 'blue' }));
    const idLabels = [...labels.map((label) => label.id), 'lb0'];
    const result = convert(boardOf({ labels, cards: [{ id: 'c', name: 'Busy', idList: 'l1', idLabels }] }));
    expect(result.tasks[0]?.labels).toHaveLength(taskLimits.labelsMax);
    expect(result.warnings).toEqual(['Card “Busy” has 12 labels; its task keeps the first 10.']);
  });

  it('cuts a comment too long for a message, and says so', () => {
    const result = convert(
      boardOf({
        cards: [{ id: 'c', name: 'Long talk', idList: 'l1' }],
        actions: [
          {
            id: 'a',
            type: 'commentCard',
            date: '2024-01-01T00:00:00Z',
            idMemberCreator: 'x',
            data: { text: 'y'.repeat(messageLimits.textMaxLength), card: { id: 'c' } },
            memberCreator: { fullName: 'Alex Kim' },
          },
        ],
      }),
    );
    expect(result.messages[0]?.text).toHaveLength(messageLimits.textMaxLength);
    expect(result.messages[0]?.text.endsWith('…')).toBe(true);
    expect(result.warnings).toEqual(['1 comment longer than 10,000 characters was cut to fit.']);
  });

  it('drops a due date no task can take, and says so', () => {
    const result = convert(
      boardOf({ cards: [{ id: 'c', name: 'Someday', idList: 'l1', due: '0001-01-01T00:00:00Z' }] }),
    );
    expect(result.tasks[0]?.due_at).toBeNull();
    expect(result.warnings).toEqual([
      'Card “Someday” has a due date that could not be read (0001-01-01T00:00:00Z); its task has none.',
    ]);
  });
});

describe('reading a Trello file', () => {
  it('tells a Trello board from other JSON', () => {
    expect(looksLikeTrelloBoard(fixture)).toBe(true);
    expect(looksLikeTrelloBoard({ format: 'deckhand-export' })).toBe(false);
    expect(looksLikeTrelloBoard({ name: 'x', lists: [], cards: {} })).toBe(false);
    expect(looksLikeTrelloBoard([])).toBe(false);
  });

  it('refuses what is not a board, and a board whose records lack ids, saying where', () => {
    expect(() => parseTrelloBoard('board')).toThrow(TrelloRefusal);
    expect(() => parseTrelloBoard({ name: 'x', lists: [] })).toThrow('This file is not a Trello board export');
    expect(() => parseTrelloBoard(boardOf({ cards: [{ name: 'no id' }] }))).toThrow(
      /could not be read at cards\.0\.id/,
    );
  });

  it('ignores fields it does not read and fills the ones Trello left out', () => {
    const board = parseTrelloBoard({ name: 'x', lists: [{ id: 'l', extra: true }], cards: [{ id: 'c' }] });
    expect(board.lists).toEqual([{ id: 'l', name: '', closed: false, pos: 0 }]);
    expect(board).toMatchObject({ labels: [], checklists: [], actions: [], members: [], desc: '' });
    expect(board.cards[0]).toMatchObject({ idList: '', attachments: [], due: null, dueComplete: false });
  });
});
