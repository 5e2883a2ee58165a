import { describe, expect, it } from 'vitest';
import type { ClientSearchResult } from './api';
import { buildPaletteGroups, flattenGroups, type PaletteAction, type PaletteContent } from './palette-groups';

function result(type: ClientSearchResult['type'], id: string, title = `${type} ${id}`): ClientSearchResult {
  return {
    type,
    id,
    projectId: 'p1',
    projectName: 'Website redesign',
    cardId: 'c1',
    cardTitle: 'Launch',
    chatId: type === 'message' ? 'h1' : null,
    title,
    snippet: title,
    highlights: [],
    url: `/p1/cards/c1`,
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

const run = () => undefined;
const actions: PaletteAction[] = [
  { name: 'New card', run },
  { name: 'New task', run },
  { name: 'Go to Kanban', run },
  { name: 'Switch theme', run },
];
const projects = [
  { id: 'p1', name: 'Website redesign' },
  { id: 'p2', name: 'Backend' },
];

function content(overrides: Partial<PaletteContent>): PaletteContent {
  return { query: '', completions: [], projects, results: [], actions, ...overrides };
}

function headings(overrides: Partial<PaletteContent>): string[] {
  return buildPaletteGroups(content(overrides)).map((group) => group.heading);
}

describe('buildPaletteGroups', () => {
  it('groups results by type in a fixed order, between projects and actions', () => {
    const groups = buildPaletteGroups(
      content({
        query: 'new',
        projects: [...projects, { id: 'p3', name: 'New hires' }],
        results: [result('file', 'f1'), result('message', 'm1'), result('card', 'c1'), result('message', 'm2')],
      }),
    );
    expect(groups.map((group) => group.heading)).toEqual(['Projects', 'Cards', 'Messages', 'Files', 'Actions']);
    expect(groups[2]?.options.map((option) => option.key)).toEqual(['result-message-m1', 'result-message-m2']);
  });

  it('leaves out empty groups', () => {
    expect(headings({ query: 'zzz' })).toEqual([]);
    expect(headings({ query: 'zzz', results: [result('task', 't1')] })).toEqual(['Tasks']);
  });

  it('matches projects and actions by every word of the query, marking where', () => {
    const groups = buildPaletteGroups(content({ query: 'kan go' }));
    expect(groups.map((group) => group.heading)).toEqual(['Actions']);
    expect(groups[0]?.options).toEqual([
      {
        kind: 'action',
        key: 'action-Go to Kanban',
        action: actions[2],
        ranges: [
          [0, 2],
          [6, 9],
        ],
      },
    ]);
    const design = buildPaletteGroups(content({ query: 'design' }));
    expect(design[0]).toMatchObject({ heading: 'Projects', options: [{ project: projects[0], ranges: [[10, 16]] }] });
  });

  it('leaves out names with an excluded word', () => {
    expect(flattenGroups(buildPaletteGroups(content({ query: 'new -task' }))).map((option) => option.key)).toEqual([
      'action-New card',
    ]);
  });

  it('shows some projects and every action before anything is typed', () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ id: `p${i}`, name: `Project ${i}` }));
    const groups = buildPaletteGroups(content({ projects: many }));
    expect(groups.map((group) => [group.heading, group.options.length])).toEqual([
      ['Projects', 5],
      ['Actions', 4],
    ]);
  });

  it('matches no names for a query with filters or one that does not parse', () => {
    expect(headings({ query: 'type:task new' })).toEqual([]);
    expect(headings({ query: 'in:Backend' })).toEqual([]);
    expect(headings({ query: 'nope:new' })).toEqual([]);
  });

  it('puts filter suggestions first', () => {
    const groups = buildPaletteGroups(
      content({
        query: 'in:',
        completions: [{ key: 'in', value: 'Backend', text: 'in:Backend' }],
        results: [result('card', 'c1')],
      }),
    );
    expect(groups.map((group) => group.heading)).toEqual(['Suggestions', 'Cards']);
  });
});

describe('flattenGroups', () => {
  it('lists options in the order shown', () => {
    const groups = buildPaletteGroups(content({ query: 'new', results: [result('task', 't1'), result('card', 'c1')] }));
    expect(flattenGroups(groups).map((option) => option.key)).toEqual([
      'result-card-c1',
      'result-task-t1',
      'action-New card',
      'action-New task',
    ]);
  });
});
