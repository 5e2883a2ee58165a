import { webhookEventTypes } from '@deckhand/contract/webhooks';
import { describe, expect, it } from 'vitest';
import { groupEventTypes } from './event-groups';

describe('groupEventTypes', () => {
  it('groups the contract’s event types by area, in the form’s order', () => {
    const groups = groupEventTypes();
    expect(groups.map((group) => group.label)).toEqual([
      'Project',
      'Members',
      'Cards',
      'Chats',
      'Tasks',
      'Columns',
      'Files',
      'Messages',
    ]);
    expect(groups.find((group) => group.label === 'Columns')?.events).toEqual([
      'status.created',
      'status.renamed',
      'status.deleted',
    ]);
    expect(groups.find((group) => group.label === 'Messages')?.events).toEqual([
      'message.created',
      'message.updated',
      'message.deleted',
    ]);
  });

  it('offers every event type exactly once', () => {
    const offered = groupEventTypes().flatMap((group) => group.events);
    expect(offered).toHaveLength(webhookEventTypes.length);
    expect(new Set(offered)).toEqual(new Set(webhookEventTypes));
  });

  it('keeps the tasks’ types in the contract’s order, not mixed with chats’', () => {
    const tasks = groupEventTypes().find((group) => group.label === 'Tasks')?.events ?? [];
    expect(tasks[0]).toBe('task.created');
    expect(tasks).toContain('task.moved');
    expect(tasks.every((type) => type.startsWith('task.'))).toBe(true);
  });

  it('leaves out areas without types', () => {
    expect(groupEventTypes(['task.moved', 'card.created'])).toEqual([
      { label: 'Cards', events: ['card.created'] },
      { label: 'Tasks', events: ['task.moved'] },
    ]);
  });
});
