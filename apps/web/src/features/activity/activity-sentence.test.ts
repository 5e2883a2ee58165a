import { type ActivityVerb, activityVerbs } from '@deckhand/contract/activity';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { activitySentence, joinNames } from './activity-sentence';
import type { ClientActivity } from './api';

const ann = { userId: '0190a0b0-0000-7000-8000-00000000000a', name: 'Ann Archer' };
const bob = { userId: '0190a0b0-0000-7000-8000-00000000000b', name: 'Bob Baker' };
const cleo = { userId: '0190a0b0-0000-7000-8000-00000000000c', name: 'Cleo Chen' };
const dan = { userId: '0190a0b0-0000-7000-8000-00000000000d', name: 'Dan Duke' };
const toDo = { id: '0190a0b0-0000-7000-8000-000000000101', name: 'To do' };
const inProgress = { id: '0190a0b0-0000-7000-8000-000000000102', name: 'In progress' };

function entry(verb: ActivityVerb, overrides: Partial<ClientActivity> = {}): ClientActivity {
  return {
    id: '0190a0b0-0000-7000-8000-000000000001',
    projectId: '0190a0b0-0000-7000-8000-000000000002',
    cardId: '0190a0b0-0000-7000-8000-000000000003',
    taskId: null,
    chatId: null,
    fileId: null,
    actor: ann,
    verb,
    subject: 'Write hero headline',
    changes: {},
    createdAt: '2026-05-12T14:05:00.000Z',
    ...overrides,
  };
}

describe('activitySentence', () => {
  it('says who moved a task from which column to which', () => {
    const moved = entry('task.moved', { changes: { status: { from: toDo, to: inProgress } } });
    expect(activitySentence(moved)).toBe('Ann Archer moved Write hero headline from To do to In progress');
  });

  it('names only the people a task was newly assigned to', () => {
    const assigned = entry('task.assigned', { actor: bob, changes: { assignees: { from: [ann], to: [ann, cleo] } } });
    expect(activitySentence(assigned)).toBe('Bob Baker assigned Write hero headline to Cleo Chen');
    const several = entry('task.assigned', { actor: bob, changes: { assignees: { from: [], to: [ann, cleo, dan] } } });
    expect(activitySentence(several)).toBe(
      'Bob Baker assigned Write hero headline to Ann Archer, Cleo Chen and Dan Duke',
    );
  });

  it('names the people taken off a task', () => {
    const one = entry('task.unassigned', { changes: { assignees: { from: [bob, cleo], to: [cleo] } } });
    expect(activitySentence(one)).toBe('Ann Archer unassigned Bob Baker from Write hero headline');
    const two = entry('task.unassigned', { actor: null, changes: { assignees: { from: [bob, cleo], to: [] } } });
    expect(activitySentence(two)).toBe('Bob Baker and Cleo Chen were unassigned from Write hero headline');
  });

  it('says the body was edited', () => {
    expect(activitySentence(entry('card.body_edited'))).toBe('Ann Archer edited the body');
  });

  it('uses a passive sentence when the system acted', () => {
    const doing = { id: toDo.id, name: 'Doing' };
    const moved = entry('task.moved', { actor: null, changes: { status: { from: doing, to: toDo } } });
    expect(activitySentence(moved)).toBe('Write hero headline was moved from Doing to To do');
    expect(activitySentence(entry('task.completed', { actor: null }))).toBe('Write hero headline was completed');
    expect(activitySentence(entry('task.reopened', { actor: null }))).toBe('Write hero headline was reopened');
    expect(activitySentence(entry('card.archived', { actor: null }))).toBe('The card was archived');
  });

  it('describes renames with the old and the new name', () => {
    const task = entry('task.renamed', { changes: { title: { from: 'Draft', to: 'Write hero headline' } } });
    expect(activitySentence(task)).toBe('Ann Archer renamed the task Draft to Write hero headline');
    const card = entry('card.renamed', { subject: 'Launch', changes: { title: { from: 'Lunch', to: 'Launch' } } });
    expect(activitySentence(card)).toBe('Ann Archer renamed the card from Lunch to Launch');
    expect(activitySentence({ ...card, actor: null })).toBe('The card was renamed from Lunch to Launch');
    const chat = entry('chat.renamed', { subject: 'Design', changes: { name: { from: 'General', to: 'Design' } } });
    expect(activitySentence(chat)).toBe('Ann Archer renamed the chat General to Design');
    const column = entry('status.renamed', { subject: 'Doing', changes: { name: { from: 'WIP', to: 'Doing' } } });
    expect(activitySentence(column)).toBe('Ann Archer renamed the column WIP to Doing');
  });

  it('sets, changes and removes a due date and a priority', () => {
    const due = '2026-06-01T09:00:00.000Z';
    const set = entry('task.due_changed', { changes: { dueAt: { from: null, to: due } } });
    expect(activitySentence(set)).toBe(`Ann Archer set the due date of Write hero headline to ${formatDateTime(due)}`);
    const removed = entry('task.due_changed', { changes: { dueAt: { from: due, to: null } } });
    expect(activitySentence(removed)).toBe('Ann Archer removed the due date of Write hero headline');
    const changed = entry('task.priority_changed', { changes: { priority: { from: 'low', to: 'high' } } });
    expect(activitySentence(changed)).toBe('Ann Archer changed the priority of Write hero headline from Low to High');
    expect(activitySentence({ ...changed, actor: null })).toBe(
      'The priority of Write hero headline was changed from Low to High',
    );
    const first = entry('task.priority_changed', { changes: { priority: { from: 'none', to: 'urgent' } } });
    expect(activitySentence(first)).toBe('Ann Archer set the priority of Write hero headline to Urgent');
    const none = entry('task.priority_changed', { changes: { priority: { from: 'high', to: 'none' } } });
    expect(activitySentence(none)).toBe('Ann Archer removed the priority of Write hero headline');
  });

  it('writes the plain verbs of tasks, cards, chats, files and columns', () => {
    const cases: [ActivityVerb, string][] = [
      ['task.created', 'Ann Archer created the task Write hero headline'],
      ['task.labels_changed', 'Ann Archer changed the labels of Write hero headline'],
      ['task.completed', 'Ann Archer completed Write hero headline'],
      ['task.reopened', 'Ann Archer reopened Write hero headline'],
      ['task.deleted', 'Ann Archer deleted the task Write hero headline'],
      ['card.created', 'Ann Archer created the card'],
      ['card.archived', 'Ann Archer archived the card'],
      ['card.restored', 'Ann Archer restored the card'],
      ['card.deleted', 'Ann Archer deleted the card Write hero headline'],
      ['chat.created', 'Ann Archer started the chat Write hero headline'],
      ['chat.deleted', 'Ann Archer deleted the chat Write hero headline'],
      ['file.uploaded', 'Ann Archer uploaded Write hero headline'],
      ['file.deleted', 'Ann Archer deleted the file Write hero headline'],
      ['status.created', 'Ann Archer added the column Write hero headline'],
      ['status.deleted', 'Ann Archer deleted the column Write hero headline'],
      ['project.created', 'Ann Archer created the project Write hero headline'],
    ];
    for (const [verb, sentence] of cases) expect(activitySentence(entry(verb))).toBe(sentence);
  });

  it('names the member and the role on member verbs', () => {
    const project = { subject: 'Launch', cardId: null };
    const added = entry('member.added', { ...project, member: cleo, changes: { role: { from: null, to: 'admin' } } });
    expect(activitySentence(added)).toBe('Ann Archer added Cleo Chen to the project as an admin');
    expect(activitySentence({ ...added, actor: cleo })).toBe('Cleo Chen joined the project as an admin');
    const role = entry('member.role_changed', {
      ...project,
      member: cleo,
      changes: { role: { from: 'member', to: 'viewer' } },
    });
    expect(activitySentence(role)).toBe('Ann Archer changed the role of Cleo Chen from member to viewer');
    const removed = entry('member.removed', {
      ...project,
      member: cleo,
      changes: { role: { from: 'member', to: null } },
    });
    expect(activitySentence(removed)).toBe('Ann Archer removed Cleo Chen from the project');
    expect(activitySentence({ ...removed, actor: cleo })).toBe('Cleo Chen left the project');
    expect(activitySentence({ ...removed, actor: null })).toBe('Cleo Chen was removed from the project');
  });

  it('has a sentence for every verb, with and without an actor', () => {
    for (const verb of activityVerbs) {
      expect(activitySentence(entry(verb))).toMatch(/^Ann Archer \S/);
      expect(activitySentence(entry(verb, { actor: null }))).not.toMatch(/undefined|null|^\s|\s$/);
    }
  });
});

describe('joinNames', () => {
  it('joins with commas and a final “and”', () => {
    expect(joinNames([])).toBe('');
    expect(joinNames(['Ann'])).toBe('Ann');
    expect(joinNames(['Ann', 'Bob'])).toBe('Ann and Bob');
    expect(joinNames(['Ann', 'Bob', 'Cleo'])).toBe('Ann, Bob and Cleo');
  });
});
