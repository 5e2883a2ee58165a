import { describe, expect, it } from 'vitest';
import { dailyEventRows, periodOf } from './api';

describe('periodOf', () => {
  it('counts today as the last day of the period', () => {
    expect(periodOf(7, new Date('2026-05-12T10:00:00Z'))).toEqual({ from: '2026-05-06', to: '2026-05-12' });
  });
});

describe('dailyEventRows', () => {
  it('fills days and names without events with 0', () => {
    const { names, rows } = dailyEventRows({
      from: '2026-05-01',
      to: '2026-05-02',
      dailyActiveUsers: [
        { day: '2026-05-01', users: 1 },
        { day: '2026-05-02', users: 0 },
      ],
      events: [{ day: '2026-05-01', name: 'page_open', count: 3 }],
      totals: [
        { name: 'page_open', count: 3 },
        { name: 'project_created', count: 1 },
      ],
      topProjects: [],
    });
    expect(names).toEqual(['page_open', 'project_created']);
    expect(rows).toEqual([
      { day: '2026-05-01', page_open: 3, project_created: 0 },
      { day: '2026-05-02', page_open: 0, project_created: 0 },
    ]);
  });
});
