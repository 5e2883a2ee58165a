import { describe, expect, it } from 'vitest';
import { emptyFilter, isFiltering, matchesFilter, readFilter, writeFilter } from './board-filter';

const now = new Date(2026, 10, 24, 10, 0).getTime();
const task = {
  title: 'Write release notes',
  cardTitle: 'Launch',
  assigneeIds: ['ada'],
  labels: ['docs'],
  dueAt: new Date(2026, 10, 26, 9, 0).toISOString(),
  doneAt: null,
};

describe('board filters', () => {
  it('round-trip through the URL, keeping other parameters', () => {
    const params = writeFilter(new URLSearchParams('x=1'), { assignee: 'ada', label: '', due: 'week', q: 'notes' });
    expect(params.toString()).toBe('x=1&assignee=ada&due=week&q=notes');
    expect(readFilter(params)).toEqual({ assignee: 'ada', label: '', due: 'week', q: 'notes' });
    expect(readFilter(new URLSearchParams('due=someday')).due).toBe('');
    expect(isFiltering(emptyFilter)).toBe(false);
  });

  it('match by assignee, unassigned, label, due and text', () => {
    expect(matchesFilter(task, emptyFilter, now)).toBe(true);
    expect(matchesFilter(task, { ...emptyFilter, assignee: 'ada' }, now)).toBe(true);
    expect(matchesFilter(task, { ...emptyFilter, assignee: 'bob' }, now)).toBe(false);
    expect(matchesFilter(task, { ...emptyFilter, assignee: 'none' }, now)).toBe(false);
    expect(matchesFilter(task, { ...emptyFilter, label: 'docs' }, now)).toBe(true);
    expect(matchesFilter(task, { ...emptyFilter, label: 'ops' }, now)).toBe(false);
    expect(matchesFilter(task, { ...emptyFilter, due: 'week' }, now)).toBe(true);
    expect(matchesFilter(task, { ...emptyFilter, due: 'overdue' }, now)).toBe(false);
    expect(
      matchesFilter({ ...task, dueAt: new Date(now - 1000).toISOString() }, { ...emptyFilter, due: 'overdue' }, now),
    ).toBe(true);
    expect(matchesFilter(task, { ...emptyFilter, q: 'LAUNCH' }, now)).toBe(true);
    expect(matchesFilter(task, { ...emptyFilter, q: 'budget' }, now)).toBe(false);
  });
});
