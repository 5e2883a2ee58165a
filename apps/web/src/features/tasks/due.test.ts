import { describe, expect, it } from 'vitest';
import { dueGroup, fromLocalInput, isOverdue, toLocalInput } from './due';

describe('dueGroup', () => {
  const now = new Date(2026, 10, 24, 10, 0).getTime(); // Tuesday 24 Nov 2026, 10:00 local time

  it('groups by the reader’s day', () => {
    expect(dueGroup(null, now)).toBe('none');
    expect(dueGroup(new Date(2026, 10, 24, 9, 0).toISOString(), now)).toBe('overdue');
    expect(dueGroup(new Date(2026, 10, 24, 23, 59).toISOString(), now)).toBe('today');
    expect(dueGroup(new Date(2026, 10, 25, 8, 0).toISOString(), now)).toBe('week');
    expect(dueGroup(new Date(2026, 11, 1, 23, 0).toISOString(), now)).toBe('week');
    expect(dueGroup(new Date(2026, 11, 2, 0, 0).toISOString(), now)).toBe('later');
  });

  it('says overdue only for tasks not done', () => {
    const past = new Date(now - 1000).toISOString();
    expect(isOverdue(past, null, now)).toBe(true);
    expect(isOverdue(past, new Date(now).toISOString(), now)).toBe(false);
  });
});

describe('datetime-local values', () => {
  it('round-trip through the wire format', () => {
    const iso = new Date(2026, 10, 24, 15, 30).toISOString();
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });
});
